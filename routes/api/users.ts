/**
 * A tenant's people (spec sections 2 "Admin Users", 5, 6, 7): the caller's
 * own roles, the member list for admins, role changes, and removal.
 *
 * - DELETE /user/{id}: super admins remove a user from the tenant; one who then belongs to no
 *   organisation is deleted the way "Delete my account" deletes (kv/account_deletion.ts).
 */
import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import { adminUserViews } from "../../kv/admin_users.ts";
import { changeRole, getMembership, listMembers, listUserTenantCodes } from "../../kv/members.ts";
import { removeUserFromTenant } from "../../kv/user_removal.ts";
import { deleteAccount } from "../../kv/account_deletion.ts";
import { getUser, getUsers } from "../../kv/users.ts";
import { isTenantRole, TENANT_ROLES, type TenantRole } from "../../lib/roles.ts";
import { hashNumber } from "../../lib/number_hash.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { requireAuth, roleGuards, tenantRoles } from "../../server/middleware/auth.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";

/** Spec section 5: the server's refusal for anyone but a super admin. */
export const SUPER_FOR_DELETE = "Only super admins can delete users";
export const SUPER_NOT_DELETABLE = "A super admin cannot be deleted";
export const SUPER_FOR_ADMIN = "Only super admins can assign admin roles";
export const SUPER_ROLES_FIXED = "A super admin's roles cannot be changed here";
export const ROLES_NOT_YOURS = "You cannot change this person's roles";
const ROLE_ERROR = `Role must be one of: ${TENANT_ROLES.join(", ")}`;

const roleBody = z.object({ role: z.string({ error: ROLE_ERROR }) });

export function userRolesApi(deps: AppDeps, auth: AuthServices) {
  return new Hono<Env>()
    .use(requireAuth(deps, auth), tenantRoles(deps))
    .get("/", (c) => c.json({ roles: c.get("roles") }));
}

export function tenantUsersApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const log = deps.log!;
  const app = new Hono<Env>();
  const { admin: admins } = roleGuards(deps, auth);
  const userId = idParam("id", "User not found");

  app.get("/users", ...admins, async (c) => {
    const tenant = c.get("tenant").code;
    const members = await listMembers(kv, tenant);
    const users = await getUsers(kv, [...members.keys()]);
    const viewerIsSuper = c.get("roles").includes("super");
    return c.json({ users: await adminUserViews(kv, tenant, members, users, clock.now(), { viewerIsSuper }) });
  });

  /** Shared rules of adding and removing a role; answers the roles after the change. */
  async function change(c: Context<Env>, role: unknown, add: boolean) {
    if (!isTenantRole(role)) return c.json({ error: ROLE_ERROR }, 400);
    if (role === "admin" && !c.get("roles").includes("super")) return c.json({ error: SUPER_FOR_ADMIN }, 403);
    const target = await getUser(kv, c.req.param("id") ?? "");
    if (!target) return c.json({ error: "User not found" }, 404);
    const tenant = c.get("tenant").code;
    const membership = await getMembership(kv, tenant, target.id);
    // Someone of another tenant is unknown here: people join a tenant by signing in at it.
    if (!membership) return c.json({ error: "User not found" }, 404);
    // A tenant admin is never told who is a super admin.
    if (target.isSuper) {
      return c.json({ error: c.get("roles").includes("super") ? SUPER_ROLES_FIXED : ROLES_NOT_YOURS }, 403);
    }
    const held = membership.roles;
    if (!add && !held.includes(role as TenantRole)) {
      return c.json({ error: `User does not have the ${role} role` }, 404);
    }
    const roles = await changeRole(kv, {
      tenant,
      userId: target.id,
      role,
      add,
      now: clock.now(),
      by: c.get("user").id,
    });
    log({
      event: add ? "role.granted" : "role.revoked",
      tenant,
      userId: target.id,
      role,
      by: c.get("user").id,
      requestId: c.get("requestId"),
    });
    return c.json({ id: target.id, roles });
  }

  app.post(
    "/user/:id/roles",
    ...admins,
    userId,
    smallBody(),
    jsonBody(roleBody),
    (c) => change(c, c.req.valid("json").role, true),
  );
  app.delete("/user/:id/roles", ...admins, userId, (c) => change(c, c.req.query("role"), false));

  app.delete("/user/:id", ...admins, userId, async (c) => {
    if (!c.get("roles").includes("super")) return c.json({ error: SUPER_FOR_DELETE }, 403);
    const target = await getUser(kv, c.req.param("id"));
    if (!target) return c.json({ error: "User not found" }, 404);
    if (target.isSuper) return c.json({ error: SUPER_NOT_DELETABLE }, 403);
    const tenant = c.get("tenant").code;
    const by = c.get("user").id;
    const requestId = c.get("requestId");
    const numberHash = hashNumber(auth.numberKey, target.phoneNumber);
    const removal = await removeUserFromTenant(kv, { tenant, userId: target.id, by, now: clock.now(), numberHash });
    if (!removal) return c.json({ error: "User not found" }, 404);
    for (const { ride, from } of removal.canceled) {
      log({ event: "ride.status", tenant, userId: by, rideId: ride.id, from, to: "canceled", requestId });
    }
    // Someone who now belongs to no organisation is deleted as "Delete my account" deletes:
    // past trips lose their name and phone, the photo goes, and the number may sign up again.
    const alone = (await listUserTenantCodes(kv, target.id)).length === 0;
    const deletion = alone ? await deleteAccount(kv, { userId: target.id, by, now: clock.now(), numberHash }) : null;
    log({
      event: "user.removed",
      tenant,
      userId: target.id,
      by,
      roles: removal.roles,
      canceledRides: removal.canceled.length,
      sessionsEnded: removal.sessionsEnded,
      accountDeleted: deletion?.ok === true,
      auditId: removal.audit.id,
      requestId,
    });
    return c.json({ ok: true });
  });
  return app;
}
