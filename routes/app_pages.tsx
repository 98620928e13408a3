/**
 * The signed-in pages under a tenant: rider, driver, profile, admin, and the dispatcher's console. The
 * server renders the frame and each island's loading state; the access guard
 * runs in the browser (the token lives in localStorage, spec section 3).
 */
import { Hono } from "hono";
import type { FunctionComponent } from "react";
import type { Site } from "../components/site.ts";
import type { AppDeps, Env } from "../server/env.ts";
import type { PageServer } from "../server/page_cache.ts";
import { AdminPage } from "./pages/admin.tsx";
import { DispatchPage } from "./pages/dispatch.tsx";
import { DriverPage } from "./pages/driver.tsx";
import type { MapSetup } from "../components/map/types.ts";
import { ProfilePage } from "./pages/profile.tsx";
import { RiderPage } from "./pages/rider.tsx";
import { mapFor, pageKey, siteFor } from "../server/site_context.ts";
import { type Text, translate } from "../lib/i18n/catalogue.ts";

const PAGES: Record<string, { title: Text; Page: FunctionComponent<{ site: Site; map: MapSetup }> }> = {
  rider: { title: "Request a Ride", Page: RiderPage },
  driver: { title: "Driver Dashboard", Page: DriverPage },
  profile: { title: "Profile Settings", Page: ProfilePage },
  admin: { title: "Admin Dashboard", Page: AdminPage },
  dispatch: { title: "Dispatch", Page: DispatchPage },
};

export function appPages(deps: AppDeps, page: PageServer) {
  const app = new Hono<Env>();
  for (const [path, { title, Page }] of Object.entries(PAGES)) {
    app.get(`/${path}`, (c) => {
      const site = siteFor(c, deps);
      const meta = { title: `${translate(site.lang, title)} · ${site.tenant?.name ?? "Hopper"}` };
      const { map, key: area } = mapFor(c.get("tenant"), deps);
      const key = `${pageKey(c.req.path, site)}|${area}`;
      return page(c, { key, meta }, () => <Page site={site} map={map} />);
    });
  }
  return app;
}
