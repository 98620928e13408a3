import { AppLayout, tenantOf } from "../../components/AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import type { Site } from "../../components/site.ts";
import RiderScreen from "../../islands/RiderScreen.tsx";

/** /{tenant}/rider: the island holds the access guard and everything behind it. */
export function RiderPage({ site }: { site: Site }) {
  return (
    <AppLayout site={site}>
      <Island name="RiderScreen" component={RiderScreen} props={{ tenant: tenantOf(site) }} />
    </AppLayout>
  );
}
