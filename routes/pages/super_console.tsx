import { Island } from "../../components/Island.tsx";
import { Layout } from "../../components/Layout.tsx";
import type { Site } from "../../components/site.ts";
import AdminConsole from "../../islands/AdminConsole.tsx";

/** /super (issue 19): the provider's console; the island sends anyone who is not a super admin to "/". */
export function SuperConsolePage({ site, mapStyleUrl }: { site: Site; mapStyleUrl: string | null }) {
  return (
    <Layout site={site} wide>
      <Island name="AdminConsole" component={AdminConsole} props={{ mapStyleUrl }} />
    </Layout>
  );
}
