/**
 * Everything under /{tenant} (mounted in routes/urls.tsx): loads the tenant
 * once per request, sends pages of unknown tenants to "/", answers unknown
 * tenants' API calls with 404 JSON.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { recentTenant } from "../kv/tenants.ts";
import { RESERVED_CODES, TENANT_CODE_PATTERN } from "../lib/schemas.ts";
import { type AppDeps, type Env, isApiPath } from "../server/env.ts";
import type { Text } from "../lib/i18n/catalogue.ts";
import { refuse } from "../domain/refusal.ts";
import { refusalAnswer } from "../server/refusal_answer.ts";
import { GTFS_FLEX_FILE } from "./gtfs_flex.ts";

export const TENANT_NOT_FOUND: Text = "Organization not found";

/** /{tenant}/gtfs-flex.zip: read by trip planners, which need a 404 for an unknown tenant, not a person's redirect. */
const isFeedPath = (path: string) => path.endsWith(`/${GTFS_FLEX_FILE}`);

/** A tenant's app: every route added after this sees `c.get("tenant")`. */
export function loadTenant(deps: AppDeps) {
  const app = new Hono<Env>();

  app.use("*", async function loadTenant(c, next) {
    const code = c.req.param("tenant") ?? "";
    if (RESERVED_CODES.has(code)) return c.notFound();
    const tenant = TENANT_CODE_PATTERN.test(code) ? await recentTenant(deps.kv, code) : null;
    if (!tenant) {
      return isApiPath(c.req.path) || isFeedPath(c.req.path)
        ? refusalAnswer(c, refuse(404, TENANT_NOT_FOUND))
        : c.redirect("/", 302);
    }
    c.set("tenant", tenant);
    await next();
  });
  return app;
}

/** GET /{tenant}: its login page. */
export function tenantHome(c: Context<Env>) {
  return c.redirect(`/${c.get("tenant").code}/login`, 302);
}
