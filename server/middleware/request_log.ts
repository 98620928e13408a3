import type { MiddlewareHandler } from "hono";
import { ulid } from "../../lib/ids.ts";
import type { Logger } from "../../lib/log.ts";
import type { Metrics } from "../../lib/metrics.ts";
import type { Env } from "../env.ts";

const INCOMING_ID = /^[\w.-]{1,64}$/;

/** The request's id: the caller's X-Request-Id when sane, else a new ULID. */
export function requestIdFrom(incoming: string | null | undefined): string {
  return incoming && INCOMING_ID.test(incoming) ? incoming : ulid();
}

export interface RequestRecord {
  method: string;
  path: string;
  /** The matched route pattern: the metrics label (never the raw path). */
  route: string;
  status: number;
  started: number;
  requestId: string;
  tenant?: string;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method as a metrics label: a client can send any token as a method, so others count as OTHER. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : "OTHER";
}

/** Counts the request in the metrics and writes its one log line. */
export function recordRequest(log: Logger, metrics: Metrics, r: RequestRecord): void {
  const ms = Math.round((performance.now() - r.started) * 10) / 10;
  const method = methodLabel(r.method);
  metrics.request(r.route, method, r.status, ms);
  log({
    event: "request",
    level: r.status >= 500 ? "error" : undefined, // info unless it failed (lib/log.ts writes it first)
    method,
    path: r.path,
    status: r.status,
    ms,
    requestId: r.requestId,
    tenant: r.tenant,
  });
}

/**
 * Gives each request an id and writes one JSON line when it ends. Only the
 * path is logged: query strings can carry tokens (`?token=` on sockets), so
 * they never reach the log.
 */
export function requestLog(log: Logger, metrics: Metrics): MiddlewareHandler<Env> {
  return async function requestLog(c, next) {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    await next();
    c.res.headers.set("x-request-id", requestId);
    recordRequest(log, metrics, {
      method: c.req.method,
      path: c.req.path,
      route: c.req.routePath,
      status: c.res.status,
      started,
      requestId,
      tenant: c.get("tenant")?.code,
    });
  };
}
