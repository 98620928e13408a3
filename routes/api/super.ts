/**
 * The provider's calls ("The provider's console"), for super
 * admins only (403 to anyone else, 401 signed out):
 *
 * - GET /api/super/audit?cursor=: every tenant's audit entries, newest first.
 * - /api/super/tenants: the organisations (routes/api/super_tenants.ts).
 * - /api/super/inquiries: the contact-form inbox (routes/api/super_inquiries.ts).
 * - /api/super/locked-numbers: numbers strangers locked, and their unlock (routes/api/sign_in_locks.ts).
 */
import { Hono } from "hono";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { superGuard } from "../../server/middleware/auth.ts";
import { auditPage } from "./audit.ts";
import { superInquiriesApi } from "./super_inquiries.ts";
import { superTenantsApi } from "./super_tenants.ts";
import { superLocksApi } from "./sign_in_locks.ts";

export function superApi(deps: AppDeps, auth: AuthServices) {
  const app = new Hono<Env>();
  const supers = superGuard(deps, auth);
  app.get("/audit", ...supers, (c) => auditPage(c, deps.kv, null));
  app.route("/tenants", superTenantsApi(deps, auth));
  app.route("/inquiries", superInquiriesApi(deps, auth));
  app.route("/locked-numbers", superLocksApi(deps, auth));
  return app;
}
