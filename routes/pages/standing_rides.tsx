import { AppLayout, tenantCodeOf } from "./AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import { PausedNotice } from "../../components/PausedNotice.tsx";
import type { Site } from "../../components/site.ts";
import StandingRides from "../../islands/StandingRides.tsx";
import { MAX_PASSENGERS, MIN_PASSENGERS } from "../../lib/ride_request.ts";

/**
 * /{tenant}/rider/standing: the rider's standing rides, an island of its own so the rider screen's first load does
 * not carry it. The days and times are on the tenant's clock.
 */
export function StandingRidesPage({ site }: { site: Site }) {
  return (
    <AppLayout site={site}>
      {site.tenant?.paused ? <PausedNotice organisation={site.tenant.name} /> : (
        <Island
          name="StandingRides"
          component={StandingRides}
          props={{
            tenant: tenantCodeOf(site),
            timeZone: site.tenant?.timeZone ?? "UTC",
            passengers: { min: MIN_PASSENGERS, max: MAX_PASSENGERS },
          }}
        />
      )}
    </AppLayout>
  );
}
