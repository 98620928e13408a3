import { Island } from "../../components/Island.tsx";
import { Layout } from "../../components/Layout.tsx";
import type { Site } from "../../components/site.ts";
import AdminConsole from "../../islands/AdminConsole.tsx";
import UserMenu from "../../islands/UserMenu.tsx";

/**
 * /super: the provider's console; the island sends anyone who is
 * not a super admin to "/". The header carries the person's account menu.
 */
export function SuperConsolePage({ site, mapStyleUrl }: { site: Site; mapStyleUrl: string | null }) {
  return (
    <Layout site={site} wide account={<Island name="UserMenu" component={UserMenu} props={{ tenant: null }} />}>
      <Island name="AdminConsole" component={AdminConsole} props={{ mapStyleUrl }} />
    </Layout>
  );
}
