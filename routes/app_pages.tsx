/**
 * The signed-in pages under a tenant: rider, driver, profile, admin. The
 * server renders the frame and each island's loading state; the access guard
 * runs in the browser (the token lives in localStorage, spec section 3).
 */
import { Hono } from "hono";
import type { FunctionComponent } from "react";
import type { Site } from "../components/site.ts";
import type { AppDeps, Env } from "./env.ts";
import type { PageServer } from "./html.ts";
import { AdminPage } from "./pages/admin.tsx";
import { DriverPage } from "./pages/driver.tsx";
import { ProfilePage } from "./pages/profile.tsx";
import { RiderPage } from "./pages/rider.tsx";
import { pageKey, siteFor } from "./site.tsx";

const PAGES: Record<string, { title: string; Page: FunctionComponent<{ site: Site }> }> = {
  rider: { title: "Request a Ride", Page: RiderPage },
  driver: { title: "Driver Dashboard", Page: DriverPage },
  profile: { title: "Profile Settings", Page: ProfilePage },
  admin: { title: "Admin Dashboard", Page: AdminPage },
};

export function appPages(deps: AppDeps, page: PageServer) {
  const app = new Hono<Env>();
  for (const [path, { title, Page }] of Object.entries(PAGES)) {
    app.get(`/${path}`, (c) => {
      const site = siteFor(c, deps);
      const meta = { title: `${title} · ${site.tenant?.name ?? "Hopper"}` };
      return page(c, { key: pageKey(c.req.path, site), meta }, () => <Page site={site} />);
    });
  }
  return app;
}
