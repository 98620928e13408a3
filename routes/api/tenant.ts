import { Hono } from "hono";
import { logoUrl } from "../../lib/tenant_settings.ts";
import type { Env } from "../../server/env.ts";

/**
 * GET /{tenant}/api/tenant → { code, name, status, logoUrl } (the tenant
 * middleware has already 404'd unknown codes); status "suspended" while the
 * provider has paused it, logoUrl null for the Hopper mark (the
 * logo is public, as every page's header shows it).
 */
export function tenantApi() {
  return new Hono<Env>().get("/", (c) => {
    const { code, name, status = "active", logo } = c.get("tenant");
    return c.json({ code, name, status, logoUrl: logo ? logoUrl(code, logo.hash) : null });
  });
}
