/** The sign-in pages: /login and /{tenant}/login. */
import { Hono } from "hono";
import type { AppDeps, Env } from "../server/env.ts";
import type { PageServer } from "../server/page_cache.ts";
import { LoginPage } from "./pages/login.tsx";
import { pageKey, siteFor } from "../server/site_context.ts";
import { translate } from "../lib/i18n/catalogue.ts";

export function loginPages(deps: AppDeps, page: PageServer) {
  const app = new Hono<Env>();
  app.get("/login", (c) => {
    const site = siteFor(c, deps);
    const title = `${translate(site.lang, "Sign in")} · ${site.tenant?.name ?? "Hopper"}`;
    return page(c, { key: pageKey(c.req.path, site), meta: { title } }, () => <LoginPage site={site} />);
  });
  return app;
}
