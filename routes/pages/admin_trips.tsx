import { AppLayout, tenantAndZone } from "./AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import type { Site } from "../../components/site.ts";
import AdminTrips from "../../islands/AdminTrips.tsx";

/** /{tenant}/admin/trips: the island holds the access guard, the admin guard and the trips table. */
export function AdminTripsPage({ site }: { site: Site }) {
  return (
    <AppLayout site={site} wide>
      <Island
        name="AdminTrips"
        component={AdminTrips}
        props={{ ...tenantAndZone(site), automatic: site.tenant?.automatic }}
      />
    </AppLayout>
  );
}
