/**
 * createApp: the whole HTTP surface, assembled from its dependencies so tests
 * can build it on an in-memory KV, a recording SMS sender and a fake clock.
 */
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { fileURLToPath } from "node:url";
import { scrubText } from "../lib/scrub.ts";
import { jsonLogger } from "../lib/log.ts";
import { Metrics } from "../lib/metrics.ts";
import { routingSource } from "../lib/routing.ts";
import { countingSender } from "../lib/sms.ts";
import { ContentionError } from "../kv/retry.ts";
import { recentTenant } from "../kv/tenants.ts";
import { authApi } from "../routes/api/auth.ts";
import { healthApi } from "../routes/api/health.ts";
import { inquiriesApi } from "../routes/api/inquiries.ts";
import { metricsApi } from "../routes/api/metrics.ts";
import { photosApi } from "../routes/api/photos.ts";
import { profileApi } from "../routes/api/profile.ts";
import { accountApi } from "../routes/api/account.ts";
import { superApi } from "../routes/api/super.ts";
import { SMS_INBOUND_PATH, smsInboundApi } from "../routes/api/sms_inbound.ts";
import { authServices } from "./auth_services.ts";
import { assetRoutes, loadAssets } from "./assets.ts";
import { type AppDeps, type Env, isApiPath } from "./env.ts";
import { pageServer } from "./page_cache.ts";
import { language } from "./middleware/language.ts";
import { requestLog } from "./middleware/request_log.ts";
import { securityHeaderList, securityHeaders } from "./middleware/security_headers.ts";
import { pmtilesRoutes } from "./pmtiles_file.ts";
import { originOf } from "../lib/map_style.ts";
import { PageShortcut } from "./page_shortcut.ts";
import { compressJson } from "./compression.ts";
import { LandingPage } from "../routes/pages/landing.tsx";
import { NotFoundPage } from "../routes/pages/not_found.tsx";
import { ServerErrorPage } from "../routes/pages/server_error.tsx";
import { loginPages } from "../routes/login_pages.tsx";
import { superPages } from "../routes/super_pages.tsx";
import { contentPages } from "../routes/content_pages.tsx";
import { languageSwitch } from "../routes/language_switch.ts";
import { pageKey, siteFor } from "./site_context.ts";
import { tenantRoutes } from "../routes/tenant.tsx";
import { type Text, translate } from "../lib/i18n/catalogue.ts";
import { RefusalError, refuse } from "../domain/refusal.ts";
import { errorText, refusalAnswer } from "./refusal_answer.ts";
import { brandCss } from "../routes/brand_css.ts";
import { webAppRoutes } from "../routes/web_app.ts";
import { onTenantsChanged } from "../kv/tenants.ts";
import { TimedTurns } from "./timed_turns.ts";
import { DECODE_WAIT_MS } from "./uploaded_image.ts";
import { assertReservedPaths } from "./reserved_paths.ts";

/** The answer to a write that kept losing commit races (kv/retry.ts ContentionError): busy, try again. */
export const CONTENTION_TEXT: Text = "The service is busy right now. Please try again.";

export const STATIC_DIR = fileURLToPath(new URL("../static", import.meta.url));

export function createApp(appDeps: AppDeps): Hono<Env> {
  const log = appDeps.log ?? jsonLogger();
  const metrics = appDeps.metrics ?? new Metrics();
  const eta = appDeps.eta ?? routingSource(appDeps.config.routingUrl, { log });
  const deps = { ...appDeps, log, metrics, eta, sms: countingSender(appDeps.sms, metrics) };
  const auth = authServices(deps);
  const assets = deps.assets ?? loadAssets(STATIC_DIR);
  const { publicSentryDsn, version, mapStyleUrl } = deps.config;
  const security = {
    https: deps.config.publicUrl.startsWith("https:"),
    connect: publicSentryDsn ? [new URL(publicSentryDsn).origin] : [],
    // Read from the style at start-up (main.ts, server/map_origins.ts); else the style's own origin.
    maps: deps.mapOrigins ?? [originOf(mapStyleUrl ?? "")].filter((o): o is string => o !== null),
  };
  const shortcut = new PageShortcut({ log, metrics, headers: securityHeaderList(security) });
  // A tenant's settings changed (its name, area, colour, contacts): its pages are rendered again at once.
  onTenantsChanged(deps.kv, (code) => shortcut.forgetTenant(code));
  const page = pageServer(
    assets.manifest,
    publicSentryDsn ? { dsn: publicSentryDsn, release: `hopper@${version}` } : null,
    shortcut,
  );
  // strict: false, so "/greer/" and "/about/" answer like "/greer" and "/about".
  const app = new Hono<Env>({ strict: false });

  app.use(requestLog(log, metrics));
  app.use(securityHeaders(security));
  app.use(language());

  app.route("/", assetRoutes(assets, { publicSourceMaps: deps.config.publicSourceMaps }));
  app.route("/", pmtilesRoutes(deps.config.mapPmtilesPath));
  app.route("/", brandCss());
  app.route("/", webAppRoutes(deps.kv, assets));
  app.route("/healthz", healthApi(deps));
  app.route("/metrics", metricsApi(deps, metrics));
  app.route("/api/inquiries", inquiriesApi(deps));
  app.route("/api/auth", authApi(deps, auth));
  app.route("/api/users/profile", profileApi(deps, auth));
  app.route("/api/users/me", accountApi(deps, auth));
  // Profile photos and logos take the same turns: one image decodes at a time in this process.
  const decodeTurns = new TimedTurns(DECODE_WAIT_MS);
  app.route("/api/users", photosApi(deps, auth, decodeTurns));
  app.route("/api/super", superApi(deps, auth));
  app.route(SMS_INBOUND_PATH, smsInboundApi(deps));

  app.get("/", async (c) => {
    const site = siteFor(c, deps);
    // The landing page links the demo tenant while it exists.
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
  app.route("/lang", languageSwitch(deps));
  app.route("/", contentPages(deps, page));
  app.route("/", loginPages(deps, page));
  app.route("/", superPages(deps, page));
  app.route("/:tenant", tenantRoutes(deps, auth, page, decodeTurns, assets));

  app.notFound((c) => {
    if (isApiPath(c.req.path)) return refusalAnswer(c, refuse(404, "Not found"));
    // One page for every missing path: its language switch returns to the home page.
    const site = { ...siteFor(c, deps), path: "/" };
    return page(
      c,
      { key: pageKey("404", site), meta: { title: translate(site.lang, "Page not found") }, status: 404 },
      () => <NotFoundPage site={site} />,
    );
  });

  app.onError((err, c) => {
    if (err instanceof RefusalError) return refusalAnswer(c, err.refusal);
    // Hono's own (a framework check): its English as written, or the catalogue's "Bad request".
    if (err instanceof HTTPException) {
      return c.json({ error: err.message || errorText(c, "Bad request") }, err.status);
    }
    // A write that kept losing commit races (kv/retry.ts): the store is busy, not broken.
    if (err instanceof ContentionError) {
      log({ event: "contention", level: "warn", requestId: c.get("requestId"), path: c.req.path, error: err.message });
      return refusalAnswer(c, refuse(503, CONTENTION_TEXT, undefined, 1));
    }
    // The route pattern that was running (a middleware's "/*" dropped), never the raw path.
    const route = c.req.routePath.replace(/\/\*$/, "") || "/";
    deps.reporter?.capture(err, { route, tenant: c.get("tenant")?.code, requestId: c.get("requestId") });
    log({
      event: "error",
      level: "error",
      requestId: c.get("requestId"),
      path: c.req.path,
      tenant: c.get("tenant")?.code,
      error: scrubText(err instanceof Error ? `${err.name}: ${err.message}` : String(err)),
      stack: err instanceof Error && err.stack ? scrubText(err.stack) : undefined,
    });
    if (isApiPath(c.req.path)) return c.json({ error: errorText(c, "Something went wrong. Please try again.") }, 500);
    const site = { ...siteFor(c, deps), path: "/" };
    return page(
      c,
      { key: pageKey("500", site), meta: { title: translate(site.lang, "Something went wrong") }, status: 500 },
      () => <ServerErrorPage site={site} />,
    );
  });

  // No tenant may take a code the site serves at the top level.
  assertReservedPaths(app.routes);

  // Pages the app has rendered are answered from memory before routing (server/page_shortcut.ts).
  // JSON answers are compressed as they leave (server/compression.ts); pages and bundles already are.
  const routed = app.fetch;
  app.fetch = (req, ...rest) => shortcut.answer(req) ?? answered(routed(req, ...rest), req);
  return app;
}

async function answered(res: Response | Promise<Response>, req: Request): Promise<Response> {
  return compressJson(req, await res);
}
