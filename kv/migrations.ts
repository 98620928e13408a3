/**
 * Brings a store written by an older Hopper up to the shapes kv/rides.ts
 * reads, once, at start (main.ts; the admin CLI after an import). Each step is
 * idempotent and commits per entry, checked against what it read, so running
 * it again, or beside a live write, changes nothing that is already right:
 *
 * - a rider's active-ride slot that holds only the ride id (stores from before
 *   rides were kept whole there) gets the whole ride, or is emptied when the
 *   ride is gone or no longer active;
 * - a driver with a ride on-the-way or arrived gets the in-progress slot that
 *   holds the one-ride-at-a-time rule, derived from their driver_active
 *   entries (stores from before the slot existed);
 * - the old sign-in lock records, which could lock a number
 *   for good, are dropped (lib/lockout.ts keeps its own, expiring records);
 * - audit records written under their tenant only get
 *   their copy under the every-tenant prefix, so the provider's console
 *   lists them too;
 * - stores without report rollups get them, built from their
 *   rides once (kv/report_rebuild.ts).
 */
import type { Store } from "./store.ts";
import { isActive, isInProgress, type Ride, type RideStatus } from "../lib/rides.ts";
import type { AuditRecord } from "./audit.ts";
import { keys } from "./keys.ts";
import { committed, commitWithRetry } from "./retry.ts";
import { forgetActiveRides } from "./rides.ts";
import { rebuildReports } from "./report_rebuild.ts";
import type { Tenant } from "../lib/schemas.ts";

export interface Migrated {
  /** Rider slots rewritten from a ride id to the whole ride (or emptied). */
  riderSlots: number;
  /** In-progress slots created for drivers. */
  inProgressSlots: number;
  /** Old sign-in lock records dropped. */
  oldLocks: number;
  /** Audit records copied under the every-tenant prefix. */
  auditCopies: number;
  /** Rides counted into report rollups built for the first time. */
  reportRides: number;
}

export async function migrateStore(kv: Store): Promise<Migrated> {
  return {
    riderSlots: await wholeRiderSlots(kv),
    inProgressSlots: await inProgressSlots(kv),
    oldLocks: await dropOldLocks(kv),
    auditCopies: await auditCopies(kv),
    reportRides: await reportRollups(kv),
  };
}

/** Set once every tenant's report rollups were built from its rides: later starts skip it. */
const REPORT_ROLLUPS_DONE = keys.migrationDone("report_rollups");

async function reportRollups(kv: Store): Promise<number> {
  if ((await kv.get(REPORT_ROLLUPS_DONE)).versionstamp !== null) return 0;
  let rides = 0;
  for await (const e of kv.list<Tenant>({ prefix: keys.tenants() })) {
    rides += (await rebuildReports(kv, e.value.code, e.value.timezone)).rides;
  }
  await kv.set(REPORT_ROLLUPS_DONE, true);
  return rides;
}

/** Set once every older audit record has its copy: later starts skip the scan. */
const AUDIT_COPIES_DONE = keys.migrationDone("audit_copies");

async function auditCopies(kv: Store): Promise<number> {
  if ((await kv.get(AUDIT_COPIES_DONE)).versionstamp !== null) return 0;
  let done = 0;
  for await (const e of kv.list<AuditRecord>({ prefix: ["audit"] })) {
    const tenant = String(e.key[1]);
    const copy = keys.auditEverywhere(e.value.id, tenant);
    // Only where there is none: a newer record has its copy from its own commit.
    const res = await kv.atomic().check({ key: copy, versionstamp: null }).set(copy, { ...e.value, tenant }).commit();
    if (res.ok) done++;
  }
  await kv.set(AUDIT_COPIES_DONE, true);
  return done;
}

async function dropOldLocks(kv: Store): Promise<number> {
  let done = 0;
  for await (const e of kv.list({ prefix: keys.oldAuthFailures() })) {
    await kv.delete(e.key);
    done++;
  }
  return done;
}

async function wholeRiderSlots(kv: Store): Promise<number> {
  const legacy: { tenant: string; userId: string }[] = [];
  for await (const e of kv.list<Ride | string>({ prefix: keys.riderActivesEverywhere() })) {
    if (typeof e.value === "string") legacy.push({ tenant: String(e.key[1]), userId: String(e.key[2]) });
  }
  let done = 0;
  for (const { tenant, userId } of legacy) {
    const changed = await commitWithRetry("rewrite a rider's slot", async () => {
      const slot = await kv.get<Ride | string>(keys.riderActive(tenant, userId));
      if (typeof slot.value !== "string") return false; // rewritten meanwhile
      const ride = await kv.get<Ride>(keys.ride(tenant, slot.value));
      const op = kv.atomic().check(slot).check(ride);
      const current = ride.value;
      if (current && isActive(current.status) && current.creatorId === userId) {
        op.set(keys.riderActive(tenant, userId), current);
      } else op.delete(keys.riderActive(tenant, userId));
      return await committed(op, true);
    });
    if (changed) {
      done++;
      forgetActiveRides(kv, tenant);
    }
  }
  return done;
}

async function inProgressSlots(kv: Store): Promise<number> {
  const started: { tenant: string; driverId: string; rideId: string }[] = [];
  for await (const e of kv.list<RideStatus>({ prefix: keys.driverActivesEverywhere() })) {
    if (!isInProgress(e.value)) continue;
    started.push({ tenant: String(e.key[1]), driverId: String(e.key[2]), rideId: String(e.key[3]) });
  }
  let done = 0;
  for (const { tenant, driverId, rideId } of started) {
    const key = keys.driverInProgress(tenant, driverId);
    const made = await commitWithRetry("create a driver's in-progress slot", async () => {
      const [slot, ride] = await kv.getMany<[string, Ride]>([key, keys.ride(tenant, rideId)]);
      // A slot already there was written by a ride write, which knows best; a ride that moved on needs none.
      if (slot.value !== null || !ride.value || !isInProgress(ride.value.status)) return false;
      if (ride.value.assignedDriverId !== driverId) return false;
      return await committed(kv.atomic().check(slot).check(ride).set(key, rideId), true);
    });
    if (made) done++;
  }
  return done;
}
