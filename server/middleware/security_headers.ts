import type { MiddlewareHandler } from "hono";

export interface SecurityOptions {
  https: boolean;
  /** Extra origins scripts may call (the browser's Sentry). */
  connect?: string[];
}

/**
 * The security headers of every answer. The CSP allows no inline script:
 * islands load from /build/ and carry their props in data attributes. Map
 * tiles and styles may come from any https host (MAP_STYLE_URL decides which).
 */
export function securityHeaderList({ https, connect = [] }: SecurityOptions): [string, string][] {
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
