import type { MiddlewareHandler } from "hono";

export interface SecurityOptions {
  https: boolean;
  /** Extra origins scripts may call (the browser's Sentry). */
  connect?: string[];
  /** Origins the maps load their style, tiles, sprites and fonts from (MAP_STYLE_URL's). */
  maps?: string[];
}

/**
 * The security headers of every answer. The CSP allows no inline script:
 * islands load from /build/ and carry their props in data attributes. It
 * names only the origins this deployment uses: itself, the
 * browser's Sentry when set, and the map style's origin when set.
 */
export function securityHeaderList({ https, connect = [], maps = [] }: SecurityOptions): [string, string][] {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    ["img-src 'self' data: blob:", ...maps].join(" "),
    ["font-src 'self'", ...maps].join(" "),
    ["connect-src 'self'", ...connect, ...maps].join(" "),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self' mailto:",
    "frame-ancestors 'none'",
  ].join("; ");
  const list: [string, string][] = [
    ["content-security-policy", csp],
    ["x-content-type-options", "nosniff"],
    ["referrer-policy", "strict-origin-when-cross-origin"],
    ["x-frame-options", "DENY"],
    ["cross-origin-opener-policy", "same-origin"],
    ["permissions-policy", "geolocation=(self), camera=(), microphone=(), payment=()"],
  ];
  if (https) list.push(["strict-transport-security", "max-age=31536000; includeSubDomains"]);
  return list;
}

/** Sets securityHeaderList on every answer that goes through the app. */
export function securityHeaders(options: SecurityOptions): MiddlewareHandler {
  const list = securityHeaderList(options);
  return async function securityHeaders(c, next) {
    await next();
    const h = c.res.headers;
    for (const [name, value] of list) h.set(name, value);
  };
}
