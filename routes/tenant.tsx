/**
 * Everything under /{tenant}: loads the tenant once per request, sends pages
 * of unknown tenants to "/", answers unknown tenants' API calls with 404 JSON.
 */
import { Hono } from "hono";
import { recentTenant } from "../kv/tenants.ts";
import { RESERVED_CODES, TENANT_CODE_PATTERN } from "../lib/schemas.ts";
import { adminRidesApi } from "./api/admin_rides.ts";
import { reportsApi } from "./api/reports.ts";
import { tripsCsvApi } from "./api/trips_csv.ts";
import { auditApi } from "./api/audit.ts";
import { driversApi } from "./api/drivers.ts";
import { placesApi } from "./api/places.ts";
import { ridesApi } from "./api/rides.ts";
import { riderRecordApi } from "./api/rider_record.ts";
import { suspensionsApi } from "./api/suspensions.ts";
import { memberUnlockApi } from "./api/sign_in_locks.ts";
import { peopleApi } from "./api/people.ts";
import { settingsApi } from "./api/settings.ts";
import { scheduleApi } from "./api/schedule.ts";
import { tenantApi } from "./api/tenant.ts";
import { tenantLogoApi, tenantLogoFile } from "./api/tenant_logo.ts";
import { tenantUsersApi, userRolesApi } from "./api/users.ts";
import { wsTicketApi } from "./api/ws_ticket.ts";
import type { AuthServices } from "../server/auth_services.ts";
import { liveRoutes } from "../live/ws.ts";
import { type AppDeps, type Env, isApiPath } from "../server/env.ts";
import type { PageServer } from "../server/page_cache.ts";
import type { OneAtATime } from "../server/one_at_a_time.ts";
import type { Assets } from "../server/assets.ts";
import { webAppRoutes } from "./web_app.ts";
import { adminPages } from "./admin_pages.tsx";
import { reportPages } from "./report_pages.tsx";
import { appPages } from "./app_pages.tsx";
import { loginPages } from "./login_pages.tsx";
import { contentPages } from "./content_pages.tsx";

export const TENANT_NOT_FOUND = "Organization not found";

export function tenantRoutes(
  deps: AppDeps,
  auth: AuthServices,
  page: PageServer,
  decodeTurns: OneAtATime,
  assets: Assets,
) {
  const app = new Hono<Env>();

  app.use("*", async function loadTenant(c, next) {
    const code = c.req.param("tenant") ?? "";
    if (RESERVED_CODES.has(code)) return c.notFound();
    const tenant = TENANT_CODE_PATTERN.test(code) ? await recentTenant(deps.kv, code) : null;
    if (!tenant) {
      return isApiPath(c.req.path) ? c.json({ error: TENANT_NOT_FOUND }, 404) : c.redirect("/", 302);
    }
    c.set("tenant", tenant);
    await next();
  });

  app.get("/", (c) => c.redirect(`/${c.get("tenant").code}/login`, 302));
  app.route("/api/tenant", tenantApi());
  app.route("/api/user/roles", userRolesApi(deps, auth));
  app.route("/api", tenantUsersApi(deps, auth));
  app.route("/api", peopleApi(deps, auth));
  app.route("/api", ridesApi(deps, auth));
  app.route("/api", driversApi(deps, auth));
  app.route("/api", adminRidesApi(deps, auth));
  app.route("/api", reportsApi(deps, auth));
  app.route("/api", tripsCsvApi(deps, auth));
  app.route("/api", scheduleApi(deps, auth));
  app.route("/api", placesApi(deps, auth));
  app.route("/api", settingsApi(deps, auth));
  app.route("/api", tenantLogoApi(deps, auth, decodeTurns));
  app.route("/api", auditApi(deps, auth));
  app.route("/api", riderRecordApi(deps, auth));
  app.route("/api", suspensionsApi(deps, auth));
  app.route("/api", memberUnlockApi(deps, auth));
  app.route("/api/ws-ticket", wsTicketApi(deps, auth));
  app.route("/ws", liveRoutes(deps, auth));
  app.route("/", tenantLogoFile(deps));
  app.route("/", webAppRoutes(deps.kv, assets, { worker: true }));
  app.route("/", contentPages(deps, page));
  app.route("/", loginPages(deps, page));
  app.route("/", appPages(deps, page));
  app.route("/", reportPages(deps, auth));
  app.route("/", adminPages(deps, page));
  return app;
}
