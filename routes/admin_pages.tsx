/**
 * The admin console pages under a tenant: admin/trips, admin/users,
 * admin/schedule, admin/places (with the tenant's map), admin/vehicles, admin/reports and
 * admin/reports/monthly (their figures come from routes/report_pages.tsx). As with the other signed-in pages the server
 * renders the frame and the island's loading state; both guards run in the
 * browser, where the token lives (spec section 3, "Client storage").
 */
import { Hono } from "hono";
import type { FunctionComponent } from "react";
import type { MapSetup } from "../components/map/types.ts";
import type { Site } from "../components/site.ts";
import type { AppDeps, Env } from "../server/env.ts";
import type { PageServer } from "../server/page_cache.ts";
import { AdminActivityPage } from "./pages/admin_activity.tsx";
import { AdminPlacesPage } from "./pages/admin_places.tsx";
import { AdminMonthlyPage, AdminReportsPage } from "./pages/admin_reports.tsx";
import { AdminSchedulePage } from "./pages/admin_schedule.tsx";
import { AdminSettingsPage } from "./pages/admin_settings.tsx";
import { AdminTripsPage } from "./pages/admin_trips.tsx";
import { AdminUsersPage } from "./pages/admin_users.tsx";
import { AdminVehiclesPage } from "./pages/admin_vehicles.tsx";
import { mapFor, pageKey, siteFor } from "../server/site_context.ts";
import { type Text, translate } from "../lib/i18n/catalogue.ts";

const PAGES: Record<string, { title: Text; Page: FunctionComponent<{ site: Site; map: MapSetup }> }> = {
  "admin/trips": { title: "Trips", Page: AdminTripsPage },
  "admin/users": { title: "Users", Page: AdminUsersPage },
  "admin/schedule": { title: "Schedule", Page: AdminSchedulePage },
  "admin/places": { title: "Places", Page: AdminPlacesPage },
  "admin/vehicles": { title: "Vehicles", Page: AdminVehiclesPage },
  "admin/settings": { title: "Settings", Page: AdminSettingsPage },
  "admin/activity": { title: "Activity", Page: AdminActivityPage },
  "admin/reports": { title: "Reports", Page: AdminReportsPage },
  "admin/reports/monthly": { title: "Monthly summary", Page: AdminMonthlyPage },
};

export function adminPages(deps: AppDeps, page: PageServer) {
  const app = new Hono<Env>();
  for (const [path, { title, Page }] of Object.entries(PAGES)) {
    app.get(`/${path}`, (c) => {
      const site = siteFor(c, deps);
      const meta = {
        title: `${translate(site.lang, title)} · ${translate(site.lang, "Admin")} · ${site.tenant?.name ?? "Hopper"}`,
      };
      const { map, key: area } = mapFor(c.get("tenant"), deps);
      const key = `${pageKey(c.req.path, site)}|${area}`;
      return page(c, { key, meta }, () => <Page site={site} map={map} />);
    });
  }
  return app;
}
