/** GET /: the product's home page, which links the demo tenant while it exists. */
import { Hono } from "hono";
import { translate } from "../lib/i18n/catalogue.ts";
import { recentTenant } from "../kv/tenants.ts";
import type { AppDeps, Env } from "../server/env.ts";
import type { PageServer } from "../server/page_cache.ts";
import { pageKey, siteFor } from "../server/site_context.ts";
import { LandingPage } from "./pages/landing.tsx";

export function landingPage(deps: AppDeps, page: PageServer) {
  return new Hono<Env>().get("/", async (c) => {
    const site = siteFor(c, deps);
    const demo = await recentTenant(deps.kv, "greer");
    return page(
      c,
      {
        key: pageKey("/", site) + (demo?.name ?? ""),
        meta: { title: `Hopper · ${translate(site.lang, "On-demand shuttles for your community")}` },
      },
      () => <LandingPage site={site} demo={demo ? { code: demo.code, name: demo.name } : undefined} />,
    );
  });
}
