import { Hono } from "hono";
import type { Env } from "../../server/env.ts";

/** GET /{tenant}/api/tenant → { code, name } (the tenant middleware has already 404'd unknown codes). */
export function tenantApi() {
  return new Hono<Env>().get("/", (c) => {
    const { code, name } = c.get("tenant");
    return c.json({ code, name });
  });
}
