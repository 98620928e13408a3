import { AppLayout, tenantCodeOf } from "./AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import { PausedNotice } from "../../components/PausedNotice.tsx";
import type { Site } from "../../components/site.ts";
import RiderScreen from "../../islands/RiderScreen.tsx";
import type { MapSetup } from "../../components/map/types.ts";

/**
 * /{tenant}/rider: the island holds the access guard and everything behind it; the map needs the area, the card of
 * automatic dispatch the tenant's zone. A paused organisation's page says so instead.
 */
export function RiderPage({ site, map }: { site: Site; map: MapSetup }) {
  return (
    <AppLayout site={site}>
      {site.tenant?.paused ? <PausedNotice organisation={site.tenant.name} /> : (
        <Island
          name="RiderScreen"
          component={RiderScreen}
          props={{
            tenant: tenantCodeOf(site),
            area: map.area,
            mapStyleUrl: map.styleUrl,
            // Automatic dispatch: the card's planned times on the tenant's clocks, as its texts say them.
            ...(site.tenant?.automatic && { timeZone: site.tenant.timeZone }),
          }}
        />
      )}
    </AppLayout>
  );
}
