/**
 * The admin console pages under a tenant: admin/trips, admin/users,
 * admin/schedule (issue 7). As with the other signed-in pages the server
 * renders the frame and the island's loading state; both guards run in the
 * browser, where the token lives (spec section 3, "Client storage").
 */
import { Hono } from "hono";
import type { FunctionComponent } from "react";
import type { Site } from "../components/site.ts";
import type { AppDeps, Env } from "../server/env.ts";
import type { PageServer } from "../server/page_cache.ts";
import { AdminSchedulePage } from "./pages/admin_schedule.tsx";
import { AdminTripsPage } from "./pages/admin_trips.tsx";
import { AdminUsersPage } from "./pages/admin_users.tsx";
import { pageKey, siteFor } from "../server/site_context.ts";
import { type Text, translate } from "../lib/i18n/catalogue.ts";

const PAGES: Record<string, { title: Text; Page: FunctionComponent<{ site: Site }> }> = {
  "admin/trips": { title: "Trips", Page: AdminTripsPage },
  "admin/users": { title: "Users", Page: AdminUsersPage },
  "admin/schedule": { title: "Schedule", Page: AdminSchedulePage },
};

export function adminPages(deps: AppDeps, page: PageServer) {
  const app = new Hono<Env>();
  for (const [path, { title, Page }] of Object.entries(PAGES)) {
    app.get(`/${path}`, (c) => {
      const site = siteFor(c, deps);
      const meta = {
        title: `${translate(site.lang, title)} · ${translate(site.lang, "Admin")} · ${site.tenant?.name ?? "Hopper"}`,
      };
      return page(c, { key: pageKey(c.req.path, site), meta }, () => <Page site={site} />);
    });
  }
  return app;
}
