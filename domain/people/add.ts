/**
 * An admin adds a person to the tenant (POST /{t}/api/users): the person
 * (made on first sight) becomes a member with these roles; a member already
 * is 409. `name` is the tenant's label for them, never written to their
 * profile. A block or a pause the tenant holds against the number comes back
 * with the membership (kv/number_holds.ts). Admin needs a super admin, as role
 * grants do. At most ADDS_PER_HOUR per admin, counted in KV once the request
 * is sound and the person not a member, so only an add is counted. The person
 * is texted that they were added, unless the number opted out or is blocked here.
 */
import type { Store } from "../../kv/store.ts";
import type { KeyObject } from "node:crypto";
import { addMember, getMembership, type Membership } from "../../kv/members.ts";
import { hitRateLimit } from "../../kv/rate_limits.ts";
import { isOptedOut, recordOptOut } from "../../kv/sms_opt_outs.ts";
import { findUserIdByPhone, getOrCreateUserByPhone, type User } from "../../kv/users.ts";
import { ALREADY_MEMBER, CHOOSE_ROLES, readRoles } from "../../lib/joining.ts";
import type { LogEvent } from "../../lib/log.ts";
import { hashNumber } from "../../lib/number_hash.ts";
import { maskPhone, normalizePhone, PHONE_ERROR } from "../../lib/phone.ts";
import { can, type Role } from "../../lib/roles.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { SmsError, type SmsSender, TWILIO_OPTED_OUT } from "../../lib/sms.ts";
import { addedSms } from "../../lib/sms_texts.ts";
import { done, type Outcome, refuse } from "../refusal.ts";
import { SUPER_FOR_ADMIN } from "./texts.ts";

/** Adds one admin may make an hour: a burst of adds is a search of who has a number, or texts sent in bulk. */
export const ADDS_PER_HOUR = 60;

export interface AddDeps {
  kv: Store;
  sms: SmsSender;
  numberKey: KeyObject;
  log: (event: LogEvent) => void;
}

export async function addPerson(
  deps: AddDeps,
  input: {
    tenant: Tenant;
    /** Who adds, and their roles here. */
    by: string;
    roles: readonly Role[];
    phoneNumber: string;
    name?: string | null;
    /** The roles asked for, as sent. */
    give: unknown;
    now: number;
  },
): Promise<Outcome<{ user: User; member: Membership }>> {
  const { kv, log } = deps;
  const { tenant, by, now } = input;
  const phone = normalizePhone(input.phoneNumber);
  if (!phone) return refuse(400, PHONE_ERROR);
  const roles = readRoles(input.give);
  if (!roles) return refuse(400, CHOOSE_ROLES);
  if (roles.includes("admin") && !can(input.roles, "manageAdmins")) return refuse(403, SUPER_FOR_ADMIN);
  const known = await findUserIdByPhone(kv, phone);
  if (known && await getMembership(kv, tenant.code, known)) return refuse(409, ALREADY_MEMBER);
  const limit = await hitRateLimit(kv, {
    bucket: "people_adds",
    subject: by,
    limit: ADDS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    now,
  });
  if (!limit.allowed) {
    return refuse(
      429,
      "You can add {count} people an hour. Please try again later.",
      { count: ADDS_PER_HOUR },
      limit.retryAfter,
    );
  }
  const user = await getOrCreateUserByPhone(kv, phone, now);
  const member = await addMember(kv, {
    tenant: tenant.code,
    userId: user.id,
    roles,
    by,
    now,
    label: input.name,
    numberHash: hashNumber(deps.numberKey, phone),
  });
  if (!member) return refuse(409, ALREADY_MEMBER); // added by someone else meanwhile
  log({ event: "user.added", tenant: tenant.code, userId: user.id, roles, by });
  if (!member.blocked && !await isOptedOut(kv, phone)) {
    try {
      await deps.sms.send(phone, addedSms(user.language ?? "en", tenant.name));
    } catch (error) {
      // The carrier already blocks this number (it texted STOP where we did not hear it): kept, as sign-in keeps it.
      if (error instanceof SmsError && error.code === TWILIO_OPTED_OUT) await recordOptOut(kv, phone, now);
      log({
        event: "sms.failed",
        level: "warn",
        phone: maskPhone(phone),
        error: error instanceof SmsError ? error.message : String(error),
      });
    }
  }
  return done({ user, member });
}
