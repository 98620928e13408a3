import { AppLayout, tenantCodeOf } from "./AppLayout.tsx";
import { Island } from "../../components/Island.tsx";
import type { Site } from "../../components/site.ts";
import ProfileSettings from "../../islands/ProfileSettings.tsx";

/** /{tenant}/profile: the island holds the access guard and everything behind it. */
export function ProfilePage({ site }: { site: Site }) {
  return (
    <AppLayout site={site}>
      <Island name="ProfileSettings" component={ProfileSettings} props={{ tenant: tenantCodeOf(site) }} />
    </AppLayout>
  );
}
