/**
 * An admin adds people to the tenant and blocks them (issue 19, "Who may
 * join"), for the tenant's admins and super admins:
 *
 * - POST /users {phoneNumber, name?, roles} → 201 { user }: the person (made
 *   on first sight, named if they have no name yet) becomes a member with
 *   these roles; 409 when they are one already. Admin needs a super admin,
 *   as role grants do. Audited ("user.added").
 * - PUT /users/{id}/blocked {blocked} → 200 { user }: a blocked member keeps
 *   the membership but no access; their sockets there close at once and a
 *   sign-in there is refused (kv/admission.ts). Not for super admins, nor
 *   oneself. Audited ("user.blocked", "user.unblocked").
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { adminUserViews } from "../../kv/admin_users.ts";
import { addMember, getMembership, type Membership, setBlocked } from "../../kv/members.ts";
import { getOrCreateUserByPhone, getUser, updateUser, type User } from "../../kv/users.ts";
import { ALREADY_MEMBER, CHOOSE_ROLES, NOT_YOURSELF, readRoles, SUPER_NOT_BLOCKABLE } from "../../lib/joining.ts";
import { normalizePhone, PHONE_ERROR } from "../../lib/phone.ts";
import { personNameSchema } from "../../lib/schemas.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { SUPER_FOR_ADMIN } from "./users.ts";

const addBody = z.object({
  phoneNumber: z.string({ error: PHONE_ERROR }),
  name: z.optional(z.nullable(personNameSchema)),
  roles: z.unknown(),
});
const blockedBody = z.object({ blocked: z.boolean({ error: "blocked must be true or false" }) });

export function peopleApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const log = deps.log!;
  const app = new Hono<Env>();
  const { admin } = roleGuards(deps, auth);
  const small = smallBody();

  const view = async (tenant: string, user: User, member: Membership) =>
    (await adminUserViews(kv, tenant, new Map([[user.id, member]]), [user], clock.now()))[0];

  app.post("/users", ...admin, small, jsonBody(addBody), async (c) => {
    const body = c.req.valid("json");
    const phone = normalizePhone(body.phoneNumber);
    if (!phone) return c.json({ error: PHONE_ERROR }, 400);
    const roles = readRoles(body.roles);
    if (!roles) return c.json({ error: CHOOSE_ROLES }, 400);
    if (roles.includes("admin") && !c.get("roles").includes("super")) return c.json({ error: SUPER_FOR_ADMIN }, 403);
    const tenant = c.get("tenant").code;
    const by = c.get("user").id;
    const now = clock.now();
    let user = await getOrCreateUserByPhone(kv, phone, now);
    if (await getMembership(kv, tenant, user.id)) return c.json({ error: ALREADY_MEMBER }, 409);
    const member = await addMember(kv, { tenant, userId: user.id, roles, by, now });
    if (!member) return c.json({ error: ALREADY_MEMBER }, 409); // added by someone else meanwhile
    // A name the person chose stays theirs; the admin's only fills a gap.
    if (body.name && !user.name) {
      user = await updateUser(kv, user.id, (u) => ({ ...u, name: u.name ?? body.name! })) ?? user;
    }
    log({ event: "user.added", tenant, userId: user.id, roles, by, requestId: c.get("requestId") });
    return c.json({ user: await view(tenant, user, member) }, 201);
  });

  app.put(
    "/users/:id/blocked",
    ...admin,
    idParam("id", "User not found"),
    small,
    jsonBody(blockedBody),
    async (c) => {
      const { blocked } = c.req.valid("json");
      const tenant = c.get("tenant").code;
      const by = c.get("user").id;
      const target = await getUser(kv, c.req.param("id"));
      if (!target) return c.json({ error: "User not found" }, 404);
      if (target.isSuper) return c.json({ error: SUPER_NOT_BLOCKABLE }, 403);
      if (target.id === by) return c.json({ error: NOT_YOURSELF }, 403);
      const member = await setBlocked(kv, { tenant, userId: target.id, blocked, by, now: clock.now() });
      // Someone of another tenant is unknown here (issue 10).
      if (!member) return c.json({ error: "User not found" }, 404);
      log({
        event: blocked ? "user.blocked" : "user.unblocked",
        tenant,
        userId: target.id,
        by,
        requestId: c.get("requestId"),
      });
      return c.json({ user: await view(tenant, target, member) });
    },
  );

  return app;
}
