/**
 * GET /{t}/api/admin/reports?from=YYYY-MM-DD&to=YYYY-MM-DD: the
 * figures funders ask for over the tenant's local days `from` to `to`
 * (inclusive), read from the day rollups (kv/reports.ts), never from a scan.
 * Admins and super admins only.
 */
import { Hono } from "hono";
import { readReport } from "../../kv/reports.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { checkRange } from "../../lib/reports.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";

export function reportsApi(deps: AppDeps, auth: AuthServices) {
  const app = new Hono<Env>();
  const { admin } = roleGuards(deps, auth);

  app.get("/admin/reports", ...admin, async (c) => {
    const range = checkRange(c.req.query("from"), c.req.query("to"));
    if (!range.ok) return refusalAnswer(c, refuse(400, range.error));
    const tenant = c.get("tenant");
    return c.json(await readReport(deps.kv, tenant.code, tenant.timezone, range.from, range.to, settingsOf(tenant)));
  });

  return app;
}
