/**
 * /super, the provider's console: outside every tenant ("super"
 * is a reserved code). The server renders the frame and the loading state;
 * the island decides in the browser, where the token lives.
 */
import { Hono } from "hono";
import { translate } from "../lib/i18n/catalogue.ts";
import type { AppDeps, Env } from "../server/env.ts";
import type { PageServer } from "../server/page_cache.ts";
import { pageKey, siteFor } from "../server/site_context.ts";
import { SuperConsolePage } from "./pages/super_console.tsx";

export function superPages(deps: AppDeps, page: PageServer) {
  const app = new Hono<Env>();
  app.get("/super", (c) => {
    const site = siteFor(c, deps);
    const meta = { title: `${translate(site.lang, "Provider console")} · Hopper` };
    return page(
      c,
      { key: pageKey(c.req.path, site), meta },
      () => <SuperConsolePage site={site} mapStyleUrl={deps.config.mapStyleUrl} />,
    );
  });
  return app;
}
