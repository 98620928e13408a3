import { AppLayout, tenantCodeOf } from "./AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import type { Site } from "../../components/site.ts";
import type { MapSetup } from "../../components/map/types.ts";
import DispatchConsole from "../../islands/DispatchConsole.tsx";

/** /{tenant}/dispatch: the island holds the access guard and everything behind it; the map needs the area. */
export function DispatchPage({ site, map }: { site: Site; map: MapSetup }) {
  return (
    <AppLayout site={site} wide>
      <Island
        name="DispatchConsole"
        component={DispatchConsole}
        props={{
          tenant: tenantCodeOf(site),
          area: map.area,
          mapStyleUrl: map.styleUrl,
          timeZone: site.tenant?.timeZone ?? "UTC",
        }}
      />
    </AppLayout>
  );
}
