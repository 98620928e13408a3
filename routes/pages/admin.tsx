import { AppLayout, tenantCodeOf } from "./AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import type { Site } from "../../components/site.ts";
import AdminDashboard from "../../islands/AdminDashboard.tsx";

/** /{tenant}/admin: the island holds the access guard and everything behind it. */
export function AdminPage({ site }: { site: Site }) {
  return (
    <AppLayout site={site}>
      <Island name="AdminDashboard" component={AdminDashboard} props={{ tenant: tenantCodeOf(site) }} />
    </AppLayout>
  );
}
