/**
 * The content pages, the same on the public site and under each tenant:
 * about, contact, terms, privacy. Tenant pages carry the tenant's header and
 * keep their links inside the tenant.
 */
import { Hono } from "hono";
import { pageKey, siteFor } from "../server/site_context.ts";
import type { AppDeps, Env } from "../server/env.ts";
import type { PageServer } from "../server/page_cache.ts";
import { AboutPage } from "./pages/about.tsx";
import { ContactPage } from "./pages/contact.tsx";
import { PrivacyPage } from "./pages/privacy.tsx";
import { TermsPage } from "./pages/terms.tsx";

const PAGES = {
  about: { title: "About", Page: AboutPage },
  contact: { title: "Contact us", Page: ContactPage },
  terms: { title: "Terms of Service", Page: TermsPage },
  privacy: { title: "Privacy Policy", Page: PrivacyPage },
} as const;

export function contentPages(deps: AppDeps, page: PageServer) {
  const app = new Hono<Env>();
  for (const [path, { title, Page }] of Object.entries(PAGES)) {
    app.get(`/${path}`, (c) => {
      const site = siteFor(c, deps);
      const meta = { title: site.tenant ? `${title} · ${site.tenant.name}` : `${title} · Hopper` };
      return page(c, { key: pageKey(c.req.path, site), meta }, () => <Page site={site} />);
    });
  }
  return app;
}
