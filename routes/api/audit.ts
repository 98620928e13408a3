/**
 * The audit trail read back: GET /admin/audit?cursor= under a
 * tenant for its admins (and super admins); the provider's every-tenant
 * list is GET /api/super/audit (routes/api/super.ts). Newest first, 50 a
 * page; the next page's cursor travels in X-Next-Cursor, as the trips'.
 */
import { type Context, Hono } from "hono";
import { listAuditPage } from "../../kv/audit.ts";
import { describeAudit } from "../../kv/audit_entries.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";

export const AUDIT_PAGE_SIZE = 50;

/** Answers one page of the tenant's (or with null, every tenant's) audit entries. */
export async function auditPage(c: Context<Env>, kv: Deno.Kv, tenant: string | null) {
  let page;
  try {
    page = await listAuditPage(kv, tenant, { limit: AUDIT_PAGE_SIZE, cursor: c.req.query("cursor") || undefined });
  } catch {
    return c.json({ error: "Invalid cursor" }, 400);
  }
  if (page.cursor) c.header("x-next-cursor", page.cursor);
  return c.json(await describeAudit(kv, page, tenant));
}

export function auditApi(deps: AppDeps, auth: AuthServices) {
  const app = new Hono<Env>();
  const { admin } = roleGuards(deps, auth);
  app.get("/admin/audit", ...admin, (c) => auditPage(c, deps.kv, c.get("tenant").code));
  return app;
}
