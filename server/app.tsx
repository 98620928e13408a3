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
import { travelModel } from "../domain/dispatch/travel.ts";
import { countingSender } from "../lib/sms.ts";
import { ContentionError } from "../kv/retry.ts";
import { authServices } from "./auth_services.ts";
import { pushFromConfig } from "./push.ts";
import { loadAssets } from "./assets.ts";
import { type AppDeps, type Env, isApiPath } from "./env.ts";
import { pageServer } from "./page_cache.ts";
import { language } from "./middleware/language.ts";
import { requestLog } from "./middleware/request_log.ts";
import { securityHeaderList, securityHeaders } from "./middleware/security_headers.ts";
import { originOf } from "../lib/map_style.ts";
import { PageShortcut } from "./page_shortcut.ts";
import { compressJson } from "./compression.ts";
import { NotFoundPage } from "../routes/pages/not_found.tsx";
import { ServerErrorPage } from "../routes/pages/server_error.tsx";
import { pageKey, siteFor } from "./site_context.ts";
import { type Text, translate } from "../lib/i18n/catalogue.ts";
import { RefusalError, refuse } from "../domain/refusal.ts";
import { errorText, refusalAnswer } from "./refusal_answer.ts";
import { onTenantsChanged } from "../kv/tenants.ts";
import { TimedTurns } from "./timed_turns.ts";
import { DECODE_WAIT_MS } from "./uploaded_image.ts";
import { assertReservedPaths } from "./reserved_paths.ts";
import { mountUrls } from "../routes/urls.tsx";

/** The answer to a write that kept losing commit races (kv/retry.ts ContentionError): busy, try again. */
export const CONTENTION_TEXT: Text = "The service is busy right now. Please try again.";

export const STATIC_DIR = fileURLToPath(new URL("../static", import.meta.url));

export function createApp(appDeps: AppDeps): Hono<Env> {
  const log = appDeps.log ?? jsonLogger();
  const metrics = appDeps.metrics ?? new Metrics();
  const eta = appDeps.eta ?? routingSource(appDeps.config.routingUrl, { log });
  const travel = appDeps.travel ?? travelModel(appDeps.config.routingUrl, { log });
  const push = appDeps.push !== undefined ? appDeps.push : pushFromConfig(appDeps.config, metrics);
  const deps = { ...appDeps, log, metrics, eta, travel, push, sms: countingSender(appDeps.sms, metrics) };
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

  // Profile photos and logos take the same turns: one image decodes at a time in this process.
  mountUrls(app, deps, { auth, page, assets, metrics, decodeTurns: new TimedTurns(DECODE_WAIT_MS) });

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
