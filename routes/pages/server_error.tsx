import { ErrorView } from "../../components/ErrorView.tsx";
import { Layout } from "./Layout.tsx";
import type { Site } from "../../components/site.ts";

/** The error display (spec section 2) when a page fails on the server. */
export function ServerErrorPage({ site }: { site: Site }) {
  return (
    <Layout site={site}>
      <ErrorView />
    </Layout>
  );
}
