/**
 * Lifting a rider's no-show pause, for the tenant's admins:
 * DELETE /users/{id}/suspension → 204. From then on only new no-shows count
 * (kv/no_shows.ts keeps the time as the rider's "counted from"); the earlier
 * ones stay on the rides. Audited ("user.suspension_lifted"). 404 "User not
 * found" for someone who is not a member here.
 */
import { Hono } from "hono";
import { getMembership } from "../../kv/members.ts";
import { liftSuspension, noShowStanding } from "../../kv/no_shows.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { idParam } from "../../server/middleware/id_param.ts";

export function suspensionsApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const app = new Hono<Env>();
  const { admin } = roleGuards(deps, auth);

  app.delete("/users/:id/suspension", ...admin, idParam("id", "User not found"), async (c) => {
    const tenant = c.get("tenant");
    const userId = c.req.param("id");
    if (!await getMembership(kv, tenant.code, userId)) return c.json({ error: "User not found" }, 404);
    const now = clock.now();
    const { count } = await noShowStanding(kv, tenant.code, userId, settingsOf(tenant).noShow, now);
    const by = c.get("user").id;
    await liftSuspension(kv, { tenant: tenant.code, userId, by, now, count });
    deps.log?.({ event: "user.suspension_lifted", tenant: tenant.code, userId, by, requestId: c.get("requestId") });
    return c.body(null, 204);
  });

  return app;
}
