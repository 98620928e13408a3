/**
 * Admin-only tenant calls (issue 7), mounted at /{tenant}/api beside public
 * routes, so every route carries its own guards (never app.use):
 *
 * - PUT /admin/schedule {schedule}: the weekly schedule, checked with
 *   lib/schedule_rules.ts (the editor runs the same checks before saving).
 * - GET /admin/rides/counts: trip counts by admin status, for the trips
 *   screen's tiles and "Showing X of Y trips", read from counters.
 * - DELETE /user/{id}: super admins remove a user from the tenant.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as z from "zod/mini";
import { getTripCounts } from "../../kv/ride_stats.ts";
import { setSchedule } from "../../kv/tenants.ts";
import { removeUserFromTenant } from "../../kv/user_removal.ts";
import { getUser } from "../../kv/users.ts";
import { checkSchedule } from "../../lib/schedule_rules.ts";
import type { AuthServices } from "../auth_services.ts";
import type { AppDeps, Env } from "../env.ts";
import { requireAuth, tenantRoles } from "../middleware/auth.ts";
import { idParam } from "../middleware/id_param.ts";
import { jsonBody } from "../middleware/json_body.ts";
import { ADMIN_REQUIRED } from "./users.ts";

/** Spec section 5: the server's refusal for anyone but a super admin. */
export const SUPER_FOR_DELETE = "Only super admins can delete users";
export const SUPER_NOT_DELETABLE = "A super admin cannot be deleted";

const scheduleBody = z.object({ schedule: z.optional(z.unknown()) });

export function adminApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const log = deps.log!;
  const app = new Hono<Env>();
  const admins = [requireAuth(deps, auth), tenantRoles(deps, { allow: ["admin"], message: ADMIN_REQUIRED })] as const;
  // Seven days of at most 12 slots is about 2 KiB of JSON.
  const small = bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ error: "Request is too large" }, 413) });

  app.put("/admin/schedule", ...admins, small, jsonBody(scheduleBody), async (c) => {
    const checked = checkSchedule(c.req.valid("json").schedule);
    if (!checked.ok) return c.json({ error: checked.issues[0].message }, 400);
    const tenant = c.get("tenant").code;
    await setSchedule(kv, tenant, checked.schedule);
    const slots = Object.values(checked.schedule).reduce((n, day) => n + (day?.length ?? 0), 0);
    log({ event: "schedule.saved", tenant, by: c.get("user").id, slots, requestId: c.get("requestId") });
    return c.json({ schedule: checked.schedule });
  });

  app.get("/admin/rides/counts", ...admins, async (c) => {
    return c.json(await getTripCounts(kv, c.get("tenant").code));
  });

  app.delete("/user/:id", ...admins, idParam("id", "User not found"), async (c) => {
    if (!c.get("roles").includes("super")) return c.json({ error: SUPER_FOR_DELETE }, 403);
    const target = await getUser(kv, c.req.param("id"));
    if (!target) return c.json({ error: "User not found" }, 404);
    if (target.isSuper) return c.json({ error: SUPER_NOT_DELETABLE }, 403);
    const tenant = c.get("tenant").code;
    const by = c.get("user").id;
    const requestId = c.get("requestId");
    const removal = await removeUserFromTenant(kv, { tenant, userId: target.id, by, now: clock.now() });
    if (!removal) return c.json({ error: "User not found" }, 404);
    for (const { ride, from } of removal.canceled) {
      log({ event: "ride.status", tenant, userId: by, rideId: ride.id, from, to: "canceled", requestId });
    }
    log({
      event: "user.removed",
      tenant,
      userId: target.id,
      by,
      roles: removal.roles,
      canceledRides: removal.canceled.length,
      sessionsEnded: removal.sessionsEnded,
      auditId: removal.audit.id,
      requestId,
    });
    return c.json({ ok: true });
  });

  return app;
}
