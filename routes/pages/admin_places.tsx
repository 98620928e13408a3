import { AppLayout, tenantCodeOf } from "./AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import type { MapSetup } from "../../components/map/types.ts";
import type { Site } from "../../components/site.ts";
import AdminPlaces from "../../islands/AdminPlaces.tsx";

/** /{tenant}/admin/places: the island holds the access guard, the admin guard and the places editor with its map. */
export function AdminPlacesPage({ site, map }: { site: Site; map: MapSetup }) {
  return (
    <AppLayout site={site} wide>
      <Island
        name="AdminPlaces"
        component={AdminPlaces}
        props={{ tenant: tenantCodeOf(site), area: map.area, mapStyleUrl: map.styleUrl }}
      />
    </AppLayout>
  );
}
