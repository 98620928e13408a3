import { AppLayout, tenantOf } from "../../components/AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import type { Site } from "../../components/site.ts";
import DriverScreen from "../../islands/DriverScreen.tsx";

/** /{tenant}/driver: the island holds the access guard and everything behind it. */
export function DriverPage({ site }: { site: Site }) {
  return (
    <AppLayout site={site}>
      <Island name="DriverScreen" component={DriverScreen} props={{ tenant: tenantOf(site) }} />
    </AppLayout>
  );
}
