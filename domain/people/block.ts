/**
 * An admin blocks or unblocks a member (PUT /{t}/api/users/{id}/blocked): a
 * blocked member keeps the membership but no access; their sockets there
 * close at once and a sign-in there is refused (kv/admission.ts). A block
 * cancels their bookings and their ride not yet picked up there, and the
 * caller tells them (`canceled`). Not for super admins, nor oneself; an admin
 * only by a super admin. Audited ("user.blocked", "user.unblocked").
 */
import type { Store } from "../../kv/store.ts";
import { getMembership, type Membership, setBlocked } from "../../kv/members.ts";
import { cancelOpenRidesOfRider } from "../../kv/user_removal.ts";
import { getUser, type User } from "../../kv/users.ts";
import { NOT_YOURSELF, SUPER_FOR_BLOCKING_ADMIN, SUPER_NOT_BLOCKABLE } from "../../lib/joining.ts";
import type { LogEvent } from "../../lib/log.ts";
import type { Ride } from "../../lib/rides.ts";
import { can, type Role } from "../../lib/roles.ts";
import { done, type Outcome, refuse } from "../refusal.ts";
import { USER_NOT_FOUND } from "./texts.ts";

export interface BlockDeps {
  kv: Store;
  log: (event: LogEvent) => void;
  /** Tells the rider a ride of theirs was canceled by the block (server/rider_updates.ts). */
  tellCanceled: (ride: Ride) => Promise<void>;
}

export async function setPersonBlocked(
  deps: BlockDeps,
  { tenant, by, roles, userId, blocked, now }: {
    tenant: string;
    by: string;
    roles: readonly Role[];
    userId: string;
    blocked: boolean;
    now: number;
  },
): Promise<Outcome<{ user: User; member: Membership }>> {
  const { kv, log } = deps;
  const target = await getUser(kv, userId);
  if (!target) return USER_NOT_FOUND;
  if (target.id === by) return refuse(403, NOT_YOURSELF);
  if (can(roles, "manageAdmins")) {
    if (target.isSuper) return refuse(403, SUPER_NOT_BLOCKABLE);
  } else {
    // A tenant admin learns nothing of other tenants' people, nor who is a super admin.
    const current = await getMembership(kv, tenant, target.id);
    if (!current) return USER_NOT_FOUND;
    if (target.isSuper || current.roles.includes("admin")) return refuse(403, SUPER_FOR_BLOCKING_ADMIN);
  }
  const member = await setBlocked(kv, { tenant, userId: target.id, blocked, by, now });
  // Someone of another tenant is unknown here.
  if (!member) return USER_NOT_FOUND;
  log({ event: blocked ? "user.blocked" : "user.unblocked", tenant, userId: target.id, by });
  if (blocked) {
    for (const { ride, from } of await cancelOpenRidesOfRider(kv, { tenant, userId: target.id, by, now })) {
      log({ event: "ride.status", tenant, userId: by, rideId: ride.id, from, to: "canceled" });
      await deps.tellCanceled(ride);
    }
  }
  return done({ user: target, member });
}
