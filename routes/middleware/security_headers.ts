import type { MiddlewareHandler } from "hono";

/**
 * Security headers on every answer. The CSP allows no inline script: islands
 * load from /build/ and carry their props in data attributes. Map tiles and
 * styles may come from any https host (MAP_STYLE_URL decides which).
 */
export function securityHeaders(
  { https, connect = [] }: {
    https: boolean; /** Extra origins scripts may call (the browser's Sentry). */
    connect?: string[];
  },
): MiddlewareHandler {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' https:",
    ["connect-src 'self' https:", ...connect].join(" "),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self' mailto:",
    "frame-ancestors 'none'",
  ].join("; ");
  return async function securityHeaders(c, next) {
    await next();
    const h = c.res.headers;
    h.set("content-security-policy", csp);
    h.set("x-content-type-options", "nosniff");
    h.set("referrer-policy", "strict-origin-when-cross-origin");
    h.set("x-frame-options", "DENY");
    h.set("cross-origin-opener-policy", "same-origin");
    h.set("permissions-policy", "geolocation=(self), camera=(), microphone=(), payment=()");
    if (https) h.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  };
}
