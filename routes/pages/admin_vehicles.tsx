import { AppLayout, tenantCodeOf } from "./AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import type { Site } from "../../components/site.ts";
import AdminVehicles from "../../islands/AdminVehicles.tsx";

/** /{tenant}/admin/vehicles: the island holds the access guard, the admin guard and the vehicles editor. */
export function AdminVehiclesPage({ site }: { site: Site }) {
  return (
    <AppLayout site={site}>
      <Island name="AdminVehicles" component={AdminVehicles} props={{ tenant: tenantCodeOf(site) }} />
    </AppLayout>
  );
}
