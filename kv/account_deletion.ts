/**
 * Deleting a person's account: the one path for "Delete my
 * account" (DELETE /api/users/me) and for a super admin's deletion of
 * someone who then belongs to no organisation (DELETE /{t}/api/user/{id}).
 *
 * In order, so that a failure midway leaves an account that can be deleted
 * again, never a ride stuck with someone who is gone:
 * 1. in each organisation they belong to, their rides under way or booked are
 *    canceled through the feed (drivers and riders hear it live) and the
 *    membership goes with an audit record (kv/user_removal.ts);
 * 2. every past ride keeps its times and places for the service's statistics,
 *    but loses their name, phone, photo and note (the ride says
 *    `riderDeleted` / `driverDeleted`, and screens say "Deleted rider");
 * 3. one commit deletes the user, the phone's index (the number can sign up
 *    again as a new person), the photo, the devices they got ride alerts on
 *    and the addresses the number signed in from, and notes the access
 *    change, so open sockets close at once;
 * 4. every session ends.
 *
 * Kept on purpose: the SMS opt-out, by number (kv/sms_opt_outs.ts); what an
 * organisation holds against the number, a block or a pause until its end,
 * by a keyed hash of it (kv/number_holds.ts); audit
 * records, which name an id only; a driver's rating sums, which are counts.
 */
import type { Store } from "./store.ts";
import type { Ride } from "../lib/rides.ts";
import { noteAccessChange } from "./access_changes.ts";
import { keys } from "./keys.ts";
import { listUserTenantCodes } from "./members.ts";
import { listRidesOfPerson } from "./person_rides.ts";
import { committed, commitWithRetry } from "./retry.ts";
import { revokeAllSessions } from "./sessions.ts";
import { accessChanged } from "./signed_in.ts";
import { listTenants } from "./tenants.ts";
import { cancelRidesOf, type Removal, removeUserFromTenant } from "./user_removal.ts";
import type { User } from "./users.ts";

export type Deletion =
  | {
    ok: true;
    /** Rides that were under way or booked, now canceled. */
    canceled: Removal["canceled"];
    /** The organisations they left. */
    tenants: string[];
    /** Past rides that no longer name them. */
    anonymised: number;
    sessionsEnded: number;
  }
  | { ok: false; reason: "not_found" | "last_super" };

/** Rides written in one commit while anonymising (a ride is ~1 KB; a commit takes 800 KB). */
const RIDES_PER_COMMIT = 50;

/**
 * Deletes the account of `userId` on behalf of `by` (themselves, or a super
 * admin). `numberHash` is their number's keyed hash (lib/number_hash.ts): a
 * block or a no-show pause an organisation holds against them stays on the
 * number (kv/number_holds.ts), so a new account with it meets them again.
 */
export async function deleteAccount(
  kv: Store,
  { userId, by, now, numberHash }: { userId: string; by: string; now: number; numberHash: string },
): Promise<Deletion> {
  const user = (await kv.get<User>(keys.user(userId))).value;
  if (!user) return { ok: false, reason: "not_found" };
  if (user.isSuper && (await otherSupers(kv, userId)).length === 0) return { ok: false, reason: "last_super" };
  const action = by === userId ? "account.deleted" : "user.removed";

  const canceled: Removal["canceled"] = [];
  const tenants = await listUserTenantCodes(kv, userId);
  for (const tenant of tenants) {
    const removal = await removeUserFromTenant(kv, { tenant, userId, by, now, action, numberHash });
    if (removal) canceled.push(...removal.canceled);
  }
  // A super admin drives and rides without a membership: their rides elsewhere end too.
  if (user.isSuper) {
    for (const { code } of await listTenants(kv)) {
      if (!tenants.includes(code)) canceled.push(...await cancelRidesOf(kv, { tenant: code, userId, by, now }));
    }
  }

  const anonymised = await anonymiseRides(kv, userId);
  const erased = await eraseUser(kv, userId);
  if (!erased.ok) return erased;
  accessChanged(kv);
  const sessionsEnded = await revokeAllSessions(kv, userId);
  return { ok: true, canceled, tenants, anonymised, sessionsEnded };
}

/** Super admins other than `userId`, as stored (their entries are checked when the last one could leave). */
async function otherSupers(kv: Store, userId: string): Promise<Deno.KvEntry<User>[]> {
  const out: Deno.KvEntry<User>[] = [];
  for await (const e of kv.list<User>({ prefix: keys.users() })) {
    if (e.value.isSuper && e.value.id !== userId) out.push(e);
  }
  return out;
}

/** The ride without the person's name, phone, photo and words, as rider and as driver. */
export function anonymisedRide(ride: Ride, userId: string): Ride {
  let out = ride;
  if (ride.creatorId === userId && !ride.riderDeleted) {
    const { note: _note, ...rest } = out;
    out = { ...rest, riderName: null, riderPhone: "", riderPhotoUrl: null, riderDeleted: true };
    if (out.feedback?.comment) out.feedback = { ...out.feedback, comment: null };
  }
  if (ride.assignedDriverId === userId && !ride.driverDeleted) {
    out = { ...out, driverName: null, driverPhone: null, driverDeleted: true };
  }
  return out;
}

/**
 * Rewrites each past ride of the person without them, each checked against
 * the ride as read: a ride changed meanwhile (rated, deleted) is read again.
 * Only ended rides are left by now, so no index or feed entry changes.
 */
async function anonymiseRides(kv: Store, userId: string): Promise<number> {
  const rides = (await listRidesOfPerson(kv, userId)).filter((e) => anonymisedRide(e.value, userId) !== e.value);
  let done = 0;
  for (let i = 0; i < rides.length; i += RIDES_PER_COMMIT) {
    const batch = rides.slice(i, i + RIDES_PER_COMMIT).map((e) => e.key);
    done += await commitWithRetry("anonymise the rides", async () => {
      const entries = await getEntries(kv, batch);
      const op = kv.atomic();
      let n = 0;
      for (const e of entries) {
        if (!e.value) continue; // deleted meanwhile
        const next = anonymisedRide(e.value, userId);
        if (next === e.value) continue;
        op.check(e).set(e.key, next);
        n++;
      }
      return await committed(op, n);
    });
  }
  return done;
}

async function getEntries(kv: Store, rideKeys: Deno.KvKey[]): Promise<Deno.KvEntryMaybe<Ride>[]> {
  const out: Deno.KvEntryMaybe<Ride>[] = [];
  for (let i = 0; i < rideKeys.length; i += 10) out.push(...await kv.getMany<Ride[]>(rideKeys.slice(i, i + 10)));
  return out;
}

/**
 * The user, their phone's index, their photo, their push devices and their known sign-in
 * addresses go in one commit checked against the user as read. A super admin
 * also checks every other super as read, so two supers deleting themselves at
 * once cannot both leave the store without one.
 */
function eraseUser(
  kv: Store,
  userId: string,
): Promise<{ ok: true } | { ok: false; reason: "not_found" | "last_super" }> {
  return commitWithRetry("delete the user", async () => {
    const entry = await kv.get<User>(keys.user(userId));
    if (!entry.value) return { ok: false, reason: "not_found" } as const;
    const phone = entry.value.phoneNumber;
    const index = await kv.get<string>(keys.userByPhone(phone));
    const op = kv.atomic().check(entry).check(index).delete(keys.user(userId)).delete(keys.photo(userId))
      .delete(keys.pushDevices(userId));
    if (index.value === userId) op.delete(keys.userByPhone(phone));
    if (entry.value.isSuper) {
      const others = await otherSupers(kv, userId);
      if (others.length === 0) return { ok: false, reason: "last_super" } as const;
      for (const other of others) op.check(other);
    }
    for await (const e of kv.list({ prefix: keys.knownAddresses(phone) })) op.delete(e.key);
    noteAccessChange(op, { userId }); // their open sockets close at once
    return await committed(op, { ok: true } as const);
  });
}
