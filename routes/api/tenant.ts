import { Hono } from "hono";
import type { Env } from "../../server/env.ts";

/**
 * GET /{tenant}/api/tenant → { code, name, status } (the tenant middleware has
 * already 404'd unknown codes); status "suspended" while the provider has
 * paused it (issue 19).
 */
export function tenantApi() {
  return new Hono<Env>().get("/", (c) => {
    const { code, name, status = "active" } = c.get("tenant");
    return c.json({ code, name, status });
  });
}
