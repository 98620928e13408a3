import { AppLayout, tenantCodeOf } from "./AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import { PausedNotice } from "../../components/PausedNotice.tsx";
import type { Site } from "../../components/site.ts";
import DriverScreen from "../../islands/DriverScreen.tsx";
import type { MapSetup } from "../../components/map/types.ts";

/**
 * /{tenant}/driver: the island holds the access guard and everything behind it; the map needs the area, the run of
 * automatic dispatch the tenant's zone. A paused organisation's page says so instead.
 */
export function DriverPage({ site, map }: { site: Site; map: MapSetup }) {
  return (
    <AppLayout site={site}>
      {site.tenant?.paused ? <PausedNotice organisation={site.tenant.name} /> : (
        <Island
          name="DriverScreen"
          component={DriverScreen}
          props={{
            tenant: tenantCodeOf(site),
            area: map.area,
            mapStyleUrl: map.styleUrl,
            // Automatic dispatch: the run, its planned times on the tenant's clocks; drivers mode's props stay as they were.
            ...(site.tenant?.automatic && { timeZone: site.tenant.timeZone, automatic: true }),
          }}
        />
      )}
    </AppLayout>
  );
}
