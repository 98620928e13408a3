/**
 * An admin adds people to the tenant and blocks them, for the tenant's admins
 * and super admins (the rules: domain/people/add.ts, domain/people/block.ts):
 *
 * - POST /users {phoneNumber, name?, roles} → 201 { user }: the membership the
 *   tenant now has and nothing of the person's own profile (kv/admin_users.ts).
 * - PUT /users/{id}/blocked {blocked} → 200 { user }.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { addPerson } from "../../domain/people/add.ts";
import { setPersonBlocked } from "../../domain/people/block.ts";
import { adminUserViews } from "../../kv/admin_users.ts";
import type { Membership } from "../../kv/members.ts";
import type { User } from "../../kv/users.ts";
import { PHONE_ERROR } from "../../lib/phone.ts";
import { can } from "../../lib/roles.ts";
import { personNameSchema } from "../../lib/schemas.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";
import { requestLog } from "../../server/request_log.ts";
import { noticeDeps, rideCanceledForBlock } from "../../server/rider_updates.ts";

const addBody = z.object({
  phoneNumber: z.string({ error: PHONE_ERROR }),
  name: z.optional(z.nullable(personNameSchema)),
  roles: z.unknown(),
});
const blockedBody = z.object({ blocked: z.boolean({ error: "blocked must be true or false" }) });

export function peopleApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock, sms } = deps;
  const notices = noticeDeps(deps);
  const app = new Hono<Env>();
  const { admin } = roleGuards(deps, auth);
  const small = smallBody();

  const view = async (tenant: string, user: User, member: Membership, viewerIsSuper: boolean) =>
    (await adminUserViews(kv, tenant, new Map([[user.id, member]]), [user], clock.now(), { viewerIsSuper }))[0];

  app.post("/users", ...admin, small, jsonBody(addBody), async (c) => {
    const body = c.req.valid("json");
    const tenant = c.get("tenant");
    const roles = c.get("roles");
    const added = await addPerson({ kv, sms, numberKey: auth.numberKey, log: requestLog(deps, c) }, {
      tenant,
      by: c.get("user").id,
      roles,
      phoneNumber: body.phoneNumber,
      name: body.name,
      give: body.roles,
      now: clock.now(),
    });
    if (added.refused) return refusalAnswer(c, added);
    const { user, member } = added.value;
    return c.json({ user: await view(tenant.code, user, member, can(roles, "manageAdmins")) }, 201);
  });

  app.put(
    "/users/:id/blocked",
    ...admin,
    idParam("id", "User not found"),
    small,
    jsonBody(blockedBody),
    async (c) => {
      const tenant = c.get("tenant");
      const roles = c.get("roles");
      const changed = await setPersonBlocked({
        kv,
        log: requestLog(deps, c),
        tellCanceled: (ride) => rideCanceledForBlock(notices, tenant, ride),
      }, {
        tenant: tenant.code,
        by: c.get("user").id,
        roles,
        userId: c.req.param("id"),
        blocked: c.req.valid("json").blocked,
        now: clock.now(),
      });
      if (changed.refused) return refusalAnswer(c, changed);
      const { user, member } = changed.value;
      return c.json({ user: await view(tenant.code, user, member, can(roles, "manageAdmins")) });
    },
  );

  return app;
}
