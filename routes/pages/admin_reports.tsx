import { AppLayout, tenantCodeOf } from "../../components/AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import type { Site } from "../../components/site.ts";
import AdminReports from "../../islands/AdminReports.tsx";

/** /{tenant}/admin/reports: the island holds the guards and brings the server-drawn figures. */
export function AdminReportsPage({ site }: { site: Site }) {
  return (
    <AppLayout site={site} wide>
      <Island name="AdminReports" component={AdminReports} props={{ tenant: tenantCodeOf(site), view: "range" }} />
    </AppLayout>
  );
}

/** /{tenant}/admin/reports/monthly: the printable monthly summary, the same island. */
export function AdminMonthlyPage({ site }: { site: Site }) {
  return (
    <AppLayout site={site} wide>
      <Island name="AdminReports" component={AdminReports} props={{ tenant: tenantCodeOf(site), view: "monthly" }} />
    </AppLayout>
  );
}
