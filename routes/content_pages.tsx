/**
 * The content pages, the same on the public site and under each tenant:
 * about, contact, terms, privacy. Tenant pages carry the tenant's header and
 * keep their links inside the tenant.
 */
import { Hono } from "hono";
import type { FunctionComponent } from "react";
import { pageKey, siteFor } from "../server/site_context.ts";
import type { AppDeps, Env } from "../server/env.ts";
import type { PageServer } from "../server/page_cache.ts";
import { AboutPage } from "./pages/about.tsx";
import { ContactPage } from "./pages/contact.tsx";
import { PrivacyPage } from "./pages/privacy.tsx";
import { TermsPage } from "./pages/terms.tsx";
import { type Text, translate } from "../lib/i18n/catalogue.ts";
import type { Site } from "../components/site.ts";

const PAGES: Record<string, { title: Text; Page: FunctionComponent<{ site: Site }> }> = {
  about: { title: "About", Page: AboutPage },
  contact: { title: "Contact us", Page: ContactPage },
  terms: { title: "Terms of Service", Page: TermsPage },
  privacy: { title: "Privacy Policy", Page: PrivacyPage },
};

export function contentPages(deps: AppDeps, page: PageServer) {
  const app = new Hono<Env>();
  for (const [path, { title, Page }] of Object.entries(PAGES)) {
    app.get(`/${path}`, (c) => {
      const site = siteFor(c, deps);
      const meta = { title: `${translate(site.lang, title)} · ${site.tenant?.name ?? "Hopper"}` };
      return page(c, { key: pageKey(c.req.path, site), meta }, () => <Page site={site} />);
    });
  }
  return app;
}
