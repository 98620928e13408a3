/**
 * Removing a user from a tenant ("Delete"; the spec's placeholder
 * made real): their active rides there end as canceled through the feed, so
 * riders' and drivers' sockets hear it; then their membership, its index and
 * their driver state go in one commit with an audit record of who did it,
 * then their standing rides there; last, when they belong to no tenant any more, every session ends.
 *
 * The user record itself stays here: signing in again later starts them as
 * nobody's member. The route deletes the account of someone left in no
 * tenant (kv/account_deletion.ts), which also calls this.
 */
import type { Store } from "./store.ts";
import { isActive, type RideStatus } from "../lib/rides.ts";
import type { TenantRole } from "../lib/roles.ts";
import { noteAccessChange } from "./access_changes.ts";
import { addAudit, type AuditRecord } from "./audit.ts";
import { bumpDrivers } from "./feed.ts";
import { keys } from "./keys.ts";
import { accessChanged } from "./signed_in.ts";
import { listUserTenantCodes, type Membership } from "./members.ts";
import { committed, commitWithRetry } from "./retry.ts";
import type { Ride } from "../lib/rides.ts";
import { driverActiveStatuses } from "./ride_reads.ts";
import { getActiveRideOf, updateRideStatus } from "./rides.ts";
import { listUpcoming } from "./bookings.ts";
import { revokeAllSessions } from "./sessions.ts";
import { dropStandingRidesOf } from "./standing_rides.ts";
import { holdOnLeaving } from "./number_holds.ts";
import { noShowStanding } from "./no_shows.ts";
import { recentTenant } from "./tenants.ts";
import { settingsOf } from "../lib/tenant_settings.ts";

export interface Removal {
  /** The roles they had in the tenant. */
  roles: TenantRole[];
  /** Rides that were active and are now canceled, with the status each was in. */
  canceled: { ride: Ride; from: RideStatus }[];
  /** Sessions ended (0 while they still belong to another tenant). */
  sessionsEnded: number;
  audit: AuditRecord;
}

/**
 * Removes `userId` from `tenant` on behalf of `by`. Null when they are not a
 * member (nothing is changed then). Rides go first so that a failure midway
 * leaves a member who can be removed again, never a ride stuck with a driver
 * who is gone.
 */
export async function removeUserFromTenant(
  kv: Store,
  { tenant, userId, by, now, numberHash, action = "user.removed" }: {
    tenant: string;
    userId: string;
    by: string;
    now: number;
    /**
     * Their number's keyed hash (lib/number_hash.ts): a block or a pause they leave behind is kept on it
     * (kv/number_holds.ts), so signing in again with the number does not escape it.
     */
    numberHash: string;
    /** The audit record's action: "account.deleted" when they delete their own account. */
    action?: "user.removed" | "account.deleted";
  },
): Promise<Removal | null> {
  if (!(await kv.get<Membership>(keys.member(tenant, userId))).value) return null;
  const canceled = await cancelRidesOf(kv, { tenant, userId, by, now });
  const found = await recentTenant(kv, tenant);
  const { suspendedUntil } = await noShowStanding(
    kv,
    tenant,
    userId,
    found ? settingsOf(found).noShow : undefined,
    now,
  );

  const removed = await commitWithRetry("remove the user", async () => {
    const [member, driver] = await kv.getMany<[Membership, unknown]>([
      keys.member(tenant, userId),
      keys.driver(tenant, userId),
    ]);
    if (!member.value) return null; // removed by someone else meanwhile
    const op = kv.atomic()
      .check(member)
      .check(driver)
      .delete(keys.member(tenant, userId))
      .delete(keys.userTenant(userId, tenant));
    noteAccessChange(op, { userId, tenant }); // their open sockets in the tenant close at once
    holdOnLeaving(op, { numberHash, tenant, member: member.value, pausedUntil: suspendedUntil, now });
    op.delete(keys.pushDriver(tenant, userId));
    if (driver.value) {
      op.delete(keys.driver(tenant, userId));
      bumpDrivers(op, tenant); // riders' maps drop them
    }
    const audit = addAudit(op, tenant, {
      at: now,
      action,
      by,
      target: userId,
      details: { roles: member.value.roles, canceledRides: canceled.map((c) => c.ride.id) },
    });
    return await committed(op, { roles: member.value.roles, audit });
  });
  if (!removed) return null;
  accessChanged(kv);
  // Their standing rides go too (the sweep books nothing for a non-member meanwhile: it reads the membership).
  await dropStandingRidesOf(kv, tenant, userId);

  const elsewhere = (await listUserTenantCodes(kv, userId)).length > 0;
  const sessionsEnded = elsewhere ? 0 : await revokeAllSessions(kv, userId);
  return { ...removed, canceled, sessionsEnded };
}

/**
 * Cancels the person's rides in `tenant` that are still under way or booked:
 * their own as a rider and every ride assigned to them as a driver, through
 * the feed so riders' and drivers' sockets hear it. Answers what it canceled.
 */
export async function cancelRidesOf(
  kv: Store,
  { tenant, userId, by, now }: { tenant: string; userId: string; by: string; now: number },
): Promise<Removal["canceled"]> {
  // Their own ride as a rider, and every ride assigned to them as a driver. Each cancel goes through
  // updateRideStatus, which also empties their in-progress slot (kv/rides.ts).
  const rideIds = new Set<string>(await driverActiveStatuses(kv, tenant, userId).then((m) => [...m.keys()]));
  const own = (await getActiveRideOf(kv, tenant, userId))?.id;
  if (own) rideIds.add(own);
  // Their bookings end too: a removed rider's booking must never be handed over to drivers.
  for (const booked of await listUpcoming(kv, tenant, userId)) rideIds.add(booked.id);
  // Only still-active rides: one that ended meanwhile stays as it ended.
  return await cancelEach(
    kv,
    { tenant, by, now },
    rideIds,
    (ride) => isActive(ride.status) || ride.status === "scheduled",
  );
}

/** The statuses of a rider's ride that a block ends: booked, or not yet picked up. */
const OPEN_FOR_RIDER: readonly RideStatus[] = ["scheduled", "pending", "accepted", "on-the-way"];

/**
 * Cancels what a blocked rider still has open in `tenant` (their bookings,
 * and their ride not yet picked up) through the feed, as `by` (an admin:
 * the rides say canceled by staff). A ride where they drive is left alone,
 * so a blocked driver's riders are not stranded mid-trip. Answers what it
 * canceled.
 */
export async function cancelOpenRidesOfRider(
  kv: Store,
  { tenant, userId, by, now }: { tenant: string; userId: string; by: string; now: number },
): Promise<Removal["canceled"]> {
  const rideIds = (await listUpcoming(kv, tenant, userId)).map((ride) => ride.id);
  const own = await getActiveRideOf(kv, tenant, userId);
  if (own && OPEN_FOR_RIDER.includes(own.status)) rideIds.push(own.id);
  // One picked up or ended meanwhile stays as it is.
  return await cancelEach(
    kv,
    { tenant, by, now },
    rideIds,
    (ride) => OPEN_FOR_RIDER.includes(ride.status) && ride.creatorId === userId,
  );
}

/** Cancels each of `ids` as `by` through the feed, where `open(ride)` still holds when it is read; answers those it canceled. */
async function cancelEach(
  kv: Store,
  { tenant, by, now }: { tenant: string; by: string; now: number },
  ids: Iterable<string>,
  open: (ride: Ride) => boolean,
): Promise<Removal["canceled"]> {
  const canceled: Removal["canceled"] = [];
  for (const id of ids) {
    const result = await updateRideStatus(kv, {
      tenant,
      id,
      to: "canceled",
      actorId: by,
      now,
      decide: (ride) =>
        Promise.resolve(open(ride) ? { ok: true } : { ok: false, status: 409, error: "The ride has already ended" }),
    });
    if (result.ok && result.changed) canceled.push({ ride: result.ride, from: result.from });
  }
  return canceled;
}
