import { AppLayout, tenantCodeOf } from "./AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import type { Site } from "../../components/site.ts";
import AdminSchedule from "../../islands/AdminSchedule.tsx";

/** /{tenant}/admin/schedule: the island holds the access guard, the admin guard and the schedule editor. */
export function AdminSchedulePage({ site }: { site: Site }) {
  return (
    <AppLayout site={site} wide>
      <Island name="AdminSchedule" component={AdminSchedule} props={{ tenant: tenantCodeOf(site) }} />
    </AppLayout>
  );
}
