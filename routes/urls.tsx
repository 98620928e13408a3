/**
 * Every URL the app serves, in one place: the site-wide paths, then
 * everything under /{tenant}. Each line mounts a sub-app at its prefix, and
 * the sub-app's file writes the rest of each path right after it (its
 * handlers follow their paths, so path parameters stay typed). The order
 * matters where patterns overlap: fixed names come before "/:tenant", and a
 * tenant's API before its pages. Every fixed top-level name here is a
 * reserved tenant code (server/reserved_paths.ts checks it as the app is
 * assembled).
 */
import type { Hono } from "hono";
import type { Logger } from "../lib/log.ts";
import type { Metrics } from "../lib/metrics.ts";
import { liveRoutes } from "../live/ws.ts";
import { assetRoutes, type Assets } from "../server/assets.ts";
import type { AuthServices } from "../server/auth_services.ts";
import type { AppDeps, Env } from "../server/env.ts";
import type { TimedTurns } from "../server/timed_turns.ts";
import type { PageServer } from "../server/page_cache.ts";
import { pmtilesRoutes } from "../server/pmtiles_file.ts";
import { accountApi } from "./api/account.ts";
import { adminRidesApi } from "./api/admin_rides.ts";
import { auditApi } from "./api/audit.ts";
import { authApi } from "./api/auth.ts";
import { driversApi } from "./api/drivers.ts";
import { healthApi } from "./api/health.ts";
import { inquiriesApi } from "./api/inquiries.ts";
import { metricsApi } from "./api/metrics.ts";
import { peopleApi } from "./api/people.ts";
import { photosApi } from "./api/photos.ts";
import { placesApi } from "./api/places.ts";
import { vehiclesApi } from "./api/vehicles.ts";
import { plansApi } from "./api/plans.ts";
import { dispatchApi } from "./api/dispatch.ts";
import { smsConversationsApi } from "./api/sms_conversations.ts";
import { dispatchBookingsApi } from "./api/dispatch_bookings.ts";
import { profileApi } from "./api/profile.ts";
import { pushDevicesApi, pushKeyApi } from "./api/push.ts";
import { reportsApi } from "./api/reports.ts";
import { riderRecordApi } from "./api/rider_record.ts";
import { ridesApi } from "./api/rides.ts";
import { scheduleApi } from "./api/schedule.ts";
import { standingRidesApi } from "./api/standing_rides.ts";
import { settingsApi } from "./api/settings.ts";
import { memberUnlockApi, superLocksApi } from "./api/sign_in_locks.ts";
import { SMS_INBOUND_PATH, smsInboundApi } from "./api/sms_inbound.ts";
import { superApi } from "./api/super.ts";
import { superInquiriesApi } from "./api/super_inquiries.ts";
import { superTenantsApi } from "./api/super_tenants.ts";
import { suspensionsApi } from "./api/suspensions.ts";
import { tenantApi } from "./api/tenant.ts";
import { tenantLogoApi, tenantLogoFile } from "./api/tenant_logo.ts";
import { tripsCsvApi } from "./api/trips_csv.ts";
import { tenantUsersApi, userRolesApi } from "./api/users.ts";
import { wsTicketApi } from "./api/ws_ticket.ts";
import { adminPages } from "./admin_pages.tsx";
import { appPages } from "./app_pages.tsx";
import { brandCss } from "./brand_css.ts";
import { contentPages } from "./content_pages.tsx";
import { gtfsFlexRoutes } from "./gtfs_flex.ts";
import { landingPage } from "./landing_page.tsx";
import { languageSwitch } from "./language_switch.ts";
import { loginPages } from "./login_pages.tsx";
import { reportPages } from "./report_pages.tsx";
import { superPages } from "./super_pages.tsx";
import { loadTenant, tenantHome } from "./tenant.tsx";
import { webAppRoutes } from "./web_app.ts";

/** What the sub-apps share beyond the app's dependencies: made once by createApp (server/app.tsx). */
export interface UrlServices {
  auth: AuthServices;
  page: PageServer;
  assets: Assets;
  metrics: Metrics;
  /** Profile photos and logos take the same turns: one image decodes at a time in this process. */
  decodeTurns: TimedTurns;
}

/** Mounts every URL on `app`. */
export function mountUrls(
  app: Hono<Env>,
  deps: AppDeps & { log: Logger },
  { auth, page, assets, metrics, decodeTurns }: UrlServices,
) {
  // Site-wide: bundles, styles, icons, map tiles, the web app manifest, probes.
  app.route("/", assetRoutes(assets, { publicSourceMaps: deps.config.publicSourceMaps }));
  app.route("/", pmtilesRoutes(deps.config.mapPmtilesPath));
  app.route("/", brandCss());
  app.route("/", webAppRoutes(deps.kv, assets));
  app.route("/healthz", healthApi(deps));
  app.route("/metrics", metricsApi(deps, metrics));
  // Site-wide API: sign-in, the signed-in person's own records, the provider's console, Twilio's webhook.
  app.route("/api/inquiries", inquiriesApi(deps));
  app.route("/api/auth", authApi(deps, auth));
  app.route("/api/users/profile", profileApi(deps, auth));
  app.route("/api/users/me/push", pushDevicesApi(deps, auth));
  app.route("/api/users/me", accountApi(deps, auth));
  app.route("/api/push", pushKeyApi(deps));
  app.route("/api/users", photosApi(deps, auth, decodeTurns));
  // The provider's console (super admins only): every tenant's audit, the organisations, the contact-form inbox,
  // the numbers strangers locked.
  app.route("/api/super", superApi(deps, auth));
  app.route("/api/super/tenants", superTenantsApi(deps, auth));
  app.route("/api/super/inquiries", superInquiriesApi(deps, auth));
  app.route("/api/super/locked-numbers", superLocksApi(deps, auth));
  app.route(SMS_INBOUND_PATH, smsInboundApi(deps));
  // Site-wide pages.
  app.route("/", landingPage(deps, page));
  app.route("/lang", languageSwitch(deps));
  app.route("/", contentPages(deps, page));
  app.route("/", loginPages(deps, page));
  app.route("/", superPages(deps, page));
  app.route("/:tenant", tenantUrls(deps, { auth, page, assets, metrics, decodeTurns }));
}

/** Everything under /{tenant}, once the tenant is loaded (routes/tenant.tsx). */
function tenantUrls(deps: AppDeps, { auth, page, assets, decodeTurns }: UrlServices) {
  const app = loadTenant(deps);
  app.get("/", tenantHome);
  app.route("/api/tenant", tenantApi());
  app.route("/api/user/roles", userRolesApi(deps, auth));
  // The tenant's API: each sub-app writes its paths after /{tenant}/api, in this order.
  const tenantApis = [
    tenantUsersApi,
    peopleApi,
    ridesApi,
    standingRidesApi,
    driversApi,
    adminRidesApi,
    reportsApi,
    tripsCsvApi,
    scheduleApi,
    placesApi,
    vehiclesApi,
    plansApi,
    dispatchApi,
    smsConversationsApi,
    dispatchBookingsApi,
    settingsApi,
    (deps: AppDeps, auth: AuthServices) => tenantLogoApi(deps, auth, decodeTurns),
    auditApi,
    riderRecordApi,
    suspensionsApi,
    memberUnlockApi,
  ];
  for (const api of tenantApis) app.route("/api", api(deps, auth));
  app.route("/api/ws-ticket", wsTicketApi(deps, auth));
  app.route("/ws", liveRoutes(deps, auth));
  app.route("/", tenantLogoFile(deps));
  app.route("/", gtfsFlexRoutes(deps));
  app.route("/", webAppRoutes(deps.kv, assets, { worker: true }));
  app.route("/", contentPages(deps, page));
  app.route("/", loginPages(deps, page));
  app.route("/", appPages(deps, page));
  app.route("/", reportPages(deps, auth));
  app.route("/", adminPages(deps, page));
  return app;
}
