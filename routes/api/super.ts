/**
 * GET /api/super/audit?cursor=: every tenant's audit entries, newest first,
 * for super admins only (403 to anyone else, 401 signed out). The
 * provider's other calls sit beside it in routes/urls.tsx.
 */
import { Hono } from "hono";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { superGuard } from "../../server/middleware/auth.ts";
import { auditPage } from "./audit.ts";

export function superApi(deps: AppDeps, auth: AuthServices) {
  const app = new Hono<Env>();
  const supers = superGuard(deps, auth);
  app.get("/audit", ...supers, (c) => auditPage(c, deps.kv, null));
  return app;
}
