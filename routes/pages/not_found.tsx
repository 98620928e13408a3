import { Layout } from "./Layout.tsx";
import type { Site } from "../../components/site.ts";
import { useT } from "../../components/texts.tsx";

export function NotFoundPage({ site }: { site: Site }) {
  const t = useT();
  return (
    <Layout site={site}>
      <h1>{t("Page not found")}</h1>
      <p className="lead">
        {t("We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.")}
      </p>
      <p>
        <a className="button" href={site.tenant ? `${site.base}/login` : "/"}>
          {site.tenant ? t("Back to {name}", { name: site.tenant.name }) : t("Back to the home page")}
        </a>
      </p>
    </Layout>
  );
}
