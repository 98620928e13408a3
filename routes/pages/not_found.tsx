import { Layout } from "../../components/Layout.tsx";
import type { Site } from "../../components/site.ts";

export function NotFoundPage({ site }: { site: Site }) {
  return (
    <Layout site={site}>
      <h1>Page not found</h1>
      <p className="lead">
        We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.
      </p>
      <p>
        <a className="button" href={site.tenant ? `${site.base}/login` : "/"}>
          {site.tenant ? `Back to ${site.tenant.name}` : "Back to the home page"}
        </a>
      </p>
    </Layout>
  );
}
