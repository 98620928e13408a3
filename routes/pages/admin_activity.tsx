import { AppLayout, tenantCodeOf } from "../../components/AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import type { Site } from "../../components/site.ts";
import AdminActivity from "../../islands/AdminActivity.tsx";

/** /{tenant}/admin/activity: the island holds the access guard, the admin guard and the audit list. */
export function AdminActivityPage({ site }: { site: Site }) {
  return (
    <AppLayout site={site} wide>
      <Island name="AdminActivity" component={AdminActivity} props={{ tenant: tenantCodeOf(site) }} />
    </AppLayout>
  );
}
