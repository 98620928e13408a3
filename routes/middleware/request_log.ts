import type { MiddlewareHandler } from "hono";
import { ulid } from "../../lib/ids.ts";
import type { Logger } from "../../lib/log.ts";
import type { Metrics } from "../../lib/metrics.ts";
import type { Env } from "../env.ts";

const INCOMING_ID = /^[\w.-]{1,64}$/;

/**
 * Gives each request an id (kept from X-Request-Id when sane) and writes one
 * JSON line when it ends. Only the path is logged: query strings can carry
 * tokens (`?token=` on sockets), so they never reach the log.
 */
export function requestLog(log: Logger, metrics: Metrics): MiddlewareHandler<Env> {
  return async function requestLog(c, next) {
    const started = performance.now();
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : ulid();
    c.set("requestId", requestId);
    await next();
    c.res.headers.set("x-request-id", requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const route = c.req.routePath;
    metrics.requests.inc({ route, method: c.req.method, status: String(c.res.status) });
    metrics.latency.observe({ route }, ms);
    log({
      event: "request",
      level: c.res.status >= 500 ? "error" : "info",
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms,
      requestId,
      tenant: c.get("tenant")?.code,
    });
  };
}
