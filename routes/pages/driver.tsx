import { AppLayout, tenantAndZone } from "./AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import { PausedNotice } from "../../components/PausedNotice.tsx";
import type { Site } from "../../components/site.ts";
import DriverScreen from "../../islands/DriverScreen.tsx";
import type { MapSetup } from "../../components/map/types.ts";

/**
 * /{tenant}/driver: the island holds the access guard and everything behind it; the map needs the area. A paused
 * organisation's page says so instead.
 */
export function DriverPage({ site, map }: { site: Site; map: MapSetup }) {
  return (
    <AppLayout site={site}>
      {site.tenant?.paused ? <PausedNotice organisation={site.tenant.name} /> : (
        <Island
          name="DriverScreen"
          component={DriverScreen}
          props={{
            ...tenantAndZone(site),
            area: map.area,
            mapStyleUrl: map.styleUrl,
            automatic: site.tenant?.automatic,
          }}
        />
      )}
    </AppLayout>
  );
}
