import { AppLayout, tenantCodeOf } from "./AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import type { MapSetup } from "../../components/map/types.ts";
import type { Site } from "../../components/site.ts";
import AdminSettings from "../../islands/AdminSettings.tsx";

/** /{tenant}/admin/settings: the island holds the access guard, the admin guard and the settings form with its map. */
export function AdminSettingsPage({ site, map }: { site: Site; map: MapSetup }) {
  return (
    <AppLayout site={site} wide>
      <Island
        name="AdminSettings"
        component={AdminSettings}
        props={{ tenant: tenantCodeOf(site), mapStyleUrl: map.styleUrl }}
      />
    </AppLayout>
  );
}
