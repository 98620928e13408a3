/**
 * A tenant's people (spec sections 2 "Admin Users", 5, 6, 7): the caller's
 * own roles, the member list for admins, role changes (domain/people/roles.ts)
 * and removal (domain/people/remove.ts).
 */
import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import { removePerson } from "../../domain/people/remove.ts";
import { changePersonRole } from "../../domain/people/roles.ts";
import { adminUserViews } from "../../kv/admin_users.ts";
import { listMembers } from "../../kv/members.ts";
import { getUsers } from "../../kv/users.ts";
import { can, TENANT_ROLES } from "../../lib/roles.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { requireAuth, roleGuards, tenantRoles } from "../../server/middleware/auth.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";
import { requestLog } from "../../server/request_log.ts";

const roleBody = z.object({ role: z.string({ error: `Role must be one of: ${TENANT_ROLES.join(", ")}` }) });

export function userRolesApi(deps: AppDeps, auth: AuthServices) {
  return new Hono<Env>()
    .use(requireAuth(deps, auth), tenantRoles(deps))
    .get("/", (c) => c.json({ roles: c.get("roles") }));
}

export function tenantUsersApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const app = new Hono<Env>();
  const { admin: admins } = roleGuards(deps, auth);
  const userId = idParam("id", "User not found");

  app.get("/users", ...admins, async (c) => {
    const tenant = c.get("tenant").code;
    const members = await listMembers(kv, tenant);
    const users = await getUsers(kv, [...members.keys()]);
    const viewerIsSuper = can(c.get("roles"), "manageAdmins");
    return c.json({ users: await adminUserViews(kv, tenant, members, users, clock.now(), { viewerIsSuper }) });
  });

  /** Gives (`add`) or takes the role the request names. */
  const change = (add: boolean) => async (c: Context<Env>, role: unknown) => {
    const changed = await changePersonRole({ kv, log: requestLog(deps, c) }, {
      tenant: c.get("tenant").code,
      by: c.get("user").id,
      roles: c.get("roles"),
      userId: c.req.param("id") ?? "",
      role,
      add,
      now: clock.now(),
    });
    return changed.refused ? refusalAnswer(c, changed) : c.json(changed.value);
  };
  const grant = change(true);
  const revoke = change(false);

  app.post(
    "/user/:id/roles",
    ...admins,
    userId,
    smallBody(),
    jsonBody(roleBody),
    (c) => grant(c, c.req.valid("json").role),
  );
  app.delete("/user/:id/roles", ...admins, userId, (c) => revoke(c, c.req.query("role")));

  app.delete("/user/:id", ...admins, userId, async (c) => {
    const removed = await removePerson({ kv, numberKey: auth.numberKey, log: requestLog(deps, c) }, {
      tenant: c.get("tenant").code,
      by: c.get("user").id,
      roles: c.get("roles"),
      userId: c.req.param("id"),
      now: clock.now(),
    });
    return removed.refused ? refusalAnswer(c, removed) : c.json({ ok: true });
  });
  return app;
}
