/**
 * An admin adds people to the tenant and blocks them ("Who may
 * join"), for the tenant's admins and super admins:
 *
 * - POST /users {phoneNumber, name?, roles} → 201 { user }: the person (made
 *   on first sight) becomes a member with these roles; 409 when they are one
 *   already. The answer is the membership the tenant now has and nothing of
 *   the person's own profile: `name` is the tenant's label for them, never
 *   written to their profile (kv/admin_users.ts). A block or a pause the
 *   tenant holds against the number comes back with it (kv/number_holds.ts).
 *   Admin needs a super admin, as role grants do. At most ADDS_PER_HOUR per
 *   admin (429). The person is texted that they were added, unless the
 *   number opted out or is blocked here. Audited ("user.added").
 * - PUT /users/{id}/blocked {blocked} → 200 { user }: a blocked member keeps
 *   the membership but no access; their sockets there close at once and a
 *   sign-in there is refused (kv/admission.ts). A block cancels their
 *   bookings and their ride not yet picked up there, and they are texted.
 *   Not for super admins, nor oneself; an admin only by a super admin.
 *   Audited ("user.blocked", "user.unblocked").
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { adminUserViews } from "../../kv/admin_users.ts";
import { addMember, getMembership, type Membership, setBlocked } from "../../kv/members.ts";
import { hitRateLimit } from "../../kv/rate_limits.ts";
import { isOptedOut, recordOptOut } from "../../kv/sms_opt_outs.ts";
import { cancelOpenRidesOfRider } from "../../kv/user_removal.ts";
import { findUserIdByPhone, getOrCreateUserByPhone, getUser, type User } from "../../kv/users.ts";
import {
  ALREADY_MEMBER,
  CHOOSE_ROLES,
  NOT_YOURSELF,
  readRoles,
  SUPER_FOR_BLOCKING_ADMIN,
  SUPER_NOT_BLOCKABLE,
} from "../../lib/joining.ts";
import { hashNumber } from "../../lib/number_hash.ts";
import { maskPhone, normalizePhone, PHONE_ERROR } from "../../lib/phone.ts";
import { personNameSchema } from "../../lib/schemas.ts";
import { SmsError, TWILIO_OPTED_OUT } from "../../lib/sms.ts";
import { addedSms } from "../../lib/sms_texts.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { noticeDeps, rideCanceledForBlock } from "../../server/rider_updates.ts";
import { SUPER_FOR_ADMIN } from "./users.ts";

/** Adds one admin may make an hour: a burst of adds is a search of who has a number, or texts sent in bulk. */
export const ADDS_PER_HOUR = 60;
export const ADDS_LIMIT_TEXT = "You can add 60 people an hour. Please try again later.";

const addBody = z.object({
  phoneNumber: z.string({ error: PHONE_ERROR }),
  name: z.optional(z.nullable(personNameSchema)),
  roles: z.unknown(),
});
const blockedBody = z.object({ blocked: z.boolean({ error: "blocked must be true or false" }) });

export function peopleApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock, sms } = deps;
  const log = deps.log!;
  const notices = noticeDeps(deps);
  const app = new Hono<Env>();
  const { admin } = roleGuards(deps, auth);
  const small = smallBody();

  const view = async (tenant: string, user: User, member: Membership, viewerIsSuper: boolean) =>
    (await adminUserViews(kv, tenant, new Map([[user.id, member]]), [user], clock.now(), { viewerIsSuper }))[0];

  app.post("/users", ...admin, small, jsonBody(addBody), async (c) => {
    const body = c.req.valid("json");
    const phone = normalizePhone(body.phoneNumber);
    if (!phone) return c.json({ error: PHONE_ERROR }, 400);
    const roles = readRoles(body.roles);
    if (!roles) return c.json({ error: CHOOSE_ROLES }, 400);
    const viewerIsSuper = c.get("roles").includes("super");
    if (roles.includes("admin") && !viewerIsSuper) return c.json({ error: SUPER_FOR_ADMIN }, 403);
    const tenant = c.get("tenant");
    const by = c.get("user").id;
    const now = clock.now();
    // Counted once the request is sound and the person is not a member here, so only an add is counted.
    const known = await findUserIdByPhone(kv, phone);
    if (known && await getMembership(kv, tenant.code, known)) return c.json({ error: ALREADY_MEMBER }, 409);
    const limit = await hitRateLimit(kv, {
      bucket: "people_adds",
      subject: by,
      limit: ADDS_PER_HOUR,
      windowMs: 60 * 60 * 1000,
      now,
    });
    if (!limit.allowed) return c.json({ error: ADDS_LIMIT_TEXT }, 429, { "retry-after": String(limit.retryAfter) });
    const user = await getOrCreateUserByPhone(kv, phone, now);
    const member = await addMember(kv, {
      tenant: tenant.code,
      userId: user.id,
      roles,
      by,
      now,
      label: body.name,
      numberHash: hashNumber(auth.numberKey, phone),
    });
    if (!member) return c.json({ error: ALREADY_MEMBER }, 409); // added by someone else meanwhile
    log({ event: "user.added", tenant: tenant.code, userId: user.id, roles, by, requestId: c.get("requestId") });
    if (!member.blocked && !await isOptedOut(kv, phone)) {
      try {
        await sms.send(phone, addedSms(user.language ?? "en", tenant.name));
      } catch (error) {
        // The carrier already blocks this number (it texted STOP where we did not hear it): kept, as sign-in keeps it.
        if (error instanceof SmsError && error.code === TWILIO_OPTED_OUT) await recordOptOut(kv, phone, now);
        log({
          event: "sms.failed",
          level: "warn",
          phone: maskPhone(phone),
          requestId: c.get("requestId"),
          error: error instanceof SmsError ? error.message : String(error),
        });
      }
    }
    return c.json({ user: await view(tenant.code, user, member, viewerIsSuper) }, 201);
  });

  app.put(
    "/users/:id/blocked",
    ...admin,
    idParam("id", "User not found"),
    small,
    jsonBody(blockedBody),
    async (c) => {
      const { blocked } = c.req.valid("json");
      const tenant = c.get("tenant");
      const by = c.get("user").id;
      const viewerIsSuper = c.get("roles").includes("super");
      const target = await getUser(kv, c.req.param("id"));
      if (!target) return c.json({ error: "User not found" }, 404);
      if (target.id === by) return c.json({ error: NOT_YOURSELF }, 403);
      if (viewerIsSuper) {
        if (target.isSuper) return c.json({ error: SUPER_NOT_BLOCKABLE }, 403);
      } else {
        // A tenant admin learns nothing of other tenants' people, nor who is a super admin.
        const current = await getMembership(kv, tenant.code, target.id);
        if (!current) return c.json({ error: "User not found" }, 404);
        if (target.isSuper || current.roles.includes("admin")) {
          return c.json({ error: SUPER_FOR_BLOCKING_ADMIN }, 403);
        }
      }
      const now = clock.now();
      const member = await setBlocked(kv, { tenant: tenant.code, userId: target.id, blocked, by, now });
      // Someone of another tenant is unknown here.
      if (!member) return c.json({ error: "User not found" }, 404);
      const requestId = c.get("requestId");
      log({
        event: blocked ? "user.blocked" : "user.unblocked",
        tenant: tenant.code,
        userId: target.id,
        by,
        requestId,
      });
      if (blocked) {
        const canceled = await cancelOpenRidesOfRider(kv, { tenant: tenant.code, userId: target.id, by, now });
        for (const { ride, from } of canceled) {
          log({
            event: "ride.status",
            tenant: tenant.code,
            userId: by,
            rideId: ride.id,
            from,
            to: "canceled",
            requestId,
          });
          await rideCanceledForBlock(notices, tenant, ride);
        }
      }
      return c.json({ user: await view(tenant.code, target, member, viewerIsSuper) });
    },
  );

  return app;
}
