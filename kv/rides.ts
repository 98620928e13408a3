/**
 * Rides and their indexes. Every write of a ride goes in one atomic commit
 * with all of its index entries and its feed entry, checked against what was
 * read, so a lost race is a clean 409 and never a half-written ride.
 */
import { ulid } from "../lib/ids.ts";
import type { Point } from "../lib/geo.ts";
import { isActive, type Ride, type RideStatus, STAGE_TIME } from "../lib/rides.ts";
import { appendToFeed, readHead } from "./feed.ts";
import { keys } from "./keys.ts";
import { recordRideChange } from "./ride_stats.ts";
import { backoff } from "./retry.ts";

export interface NewRide {
  tenant: string;
  creatorId: string;
  pickup: Point;
  dropoff: Point | null;
  destination: string | null;
  passengerCt: number;
  rider: { name: string | null; phoneNumber: string; photoUrl: string | null };
}

const MAX_RETRIES = 20;

const writing = new WeakMap<Deno.Kv, Map<string, Promise<unknown>>>();

/**
 * Runs the ride writes of one tenant in this process one after another. Every
 * ride write moves the tenant's feed head and checks it, so writes running
 * together only make each other retry: 20 drivers and riders of one tenant
 * could exhaust the retries (a 500 the crash test saw). Writes from another
 * process (the admin CLI) still meet the head check and retry.
 */
function oneAtATime<T>(kv: Deno.Kv, tenant: string, write: () => Promise<T>): Promise<T> {
  let byTenant = writing.get(kv);
  if (!byTenant) writing.set(kv, byTenant = new Map());
  const run = (byTenant.get(tenant) ?? Promise.resolve()).then(write, write);
  const settled = run.then(() => forgetActiveRides(kv, tenant), () => forgetActiveRides(kv, tenant));
  byTenant.set(tenant, settled);
  settled.then(() => {
    if (byTenant.get(tenant) === settled) byTenant.delete(tenant);
  });
  return run;
}

/**
 * The rider's active-ride slot holds the whole ride, written in the same
 * commit as the ride itself, so the rider's screen (GET rides/my, the hottest
 * read) costs one KV read. Stores written before this held only the ride id.
 */
type RiderSlot = Ride | string;

/** The id of the ride in a rider's active-ride slot, or null when empty. */
export function slotRideId(slot: RiderSlot | null): string | null {
  return slot === null ? null : typeof slot === "string" ? slot : slot.id;
}

/** Index writes for a ride in `status`: one place decides every copy (STYLE.md). */
function writeIndexes(op: Deno.AtomicOperation, ride: Ride): void {
  const { tenant, id, creatorId, assignedDriverId, status } = ride;
  op.set(keys.rideByRider(tenant, creatorId, id), true);
  if (isActive(status)) {
    op.set(keys.activeRide(tenant, id), status);
    op.set(keys.riderActive(tenant, creatorId), ride);
    if (assignedDriverId) op.set(keys.driverActive(tenant, assignedDriverId, id), status);
  } else {
    op.delete(keys.activeRide(tenant, id));
    op.delete(keys.riderActive(tenant, creatorId));
    if (assignedDriverId) op.delete(keys.driverActive(tenant, assignedDriverId, id));
  }
}

export type CreateResult = { ok: true; ride: Ride } | { ok: false; reason: "active_ride" };

/**
 * Creates a pending ride. The rider's active-ride slot is checked empty in the
 * same commit, so a double click makes one ride and the second gets "active_ride".
 */
export function createRide(kv: Deno.Kv, input: NewRide, now: number): Promise<CreateResult> {
  return oneAtATime(kv, input.tenant, () => createRideAlone(kv, input, now));
}

async function createRideAlone(kv: Deno.Kv, input: NewRide, now: number): Promise<CreateResult> {
  for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
    const slot = await kv.get<RiderSlot>(keys.riderActive(input.tenant, input.creatorId));
    if (slot.value) return { ok: false, reason: "active_ride" };
    const head = await readHead(kv, input.tenant);
    const ride: Ride = {
      id: ulid(now),
      tenant: input.tenant,
      creatorId: input.creatorId,
      assignedDriverId: null,
      status: "pending",
      pickup: input.pickup,
      dropoff: input.dropoff,
      destination: input.destination,
      passengerCt: input.passengerCt,
      requestedAt: now,
      acceptedAt: null,
      onTheWayAt: null,
      arrivedAt: null,
      pickedUpAt: null,
      completedAt: null,
      canceledAt: null,
      noShowAt: null,
      riderName: input.rider.name,
      riderPhone: input.rider.phoneNumber,
      riderPhotoUrl: input.rider.photoUrl,
      driverName: null,
      driverPhone: null,
      updatedAt: now,
    };
    const op = kv.atomic()
      .check(slot)
      .check({ key: keys.ride(ride.tenant, ride.id), versionstamp: null })
      .set(keys.ride(ride.tenant, ride.id), ride);
    writeIndexes(op, ride);
    recordRideChange(op, ride.tenant, ride.id, null, ride.status);
    appendToFeed(op, ride.tenant, head, { type: "new", ride, previous: null, at: now });
    if ((await op.commit()).ok) return { ok: true, ride };
    await backoff(attempt);
  }
  throw new Error("Could not create the ride: too much contention");
}

export async function getRide(kv: Deno.Kv, tenant: string, id: string): Promise<Ride | null> {
  return (await kv.get<Ride>(keys.ride(tenant, id))).value;
}

/** The rider's active ride in the tenant, or null. */
export async function getActiveRideOf(kv: Deno.Kv, tenant: string, userId: string): Promise<Ride | null> {
  const slot = (await kv.get<RiderSlot>(keys.riderActive(tenant, userId))).value;
  if (typeof slot === "string") return await getRide(kv, tenant, slot);
  return slot;
}

/**
 * How long `recentActiveRideOf` reuses a rider's active ride. Every ride write
 * of this process drops what is kept for its tenant once it has committed (in
 * `oneAtATime`), so only a change made by another process (the admin CLI
 * removing a user) can be this late on the rider's screen.
 */
export const ACTIVE_RIDE_REUSE_MS = 2000;
const MAX_KEPT_RIDERS = 10_000;
const keptActive = new WeakMap<Deno.Kv, Map<string, Map<string, { ride: Promise<Ride | null>; until: number }>>>();

function forgetActiveRides(kv: Deno.Kv, tenant: string): void {
  keptActive.get(kv)?.delete(tenant);
}

/**
 * getActiveRideOf, reusing a read of the same rider started in the last
 * ACTIVE_RIDE_REUSE_MS: the rider's screen (GET rides/my) is the hottest read.
 * Calls that arrive while a read is under way share it, so a busy rider costs
 * one KV read per window, not a burst of them when the window ends.
 */
export function recentActiveRideOf(kv: Deno.Kv, tenant: string, userId: string): Promise<Ride | null> {
  let byTenant = keptActive.get(kv);
  if (!byTenant) keptActive.set(kv, byTenant = new Map());
  let riders = byTenant.get(tenant);
  const now = performance.now();
  const hit = riders?.get(userId);
  if (hit && hit.until > now) return hit.ride;
  if (!riders) byTenant.set(tenant, riders = new Map());
  if (riders.size >= MAX_KEPT_RIDERS) riders.clear();
  const ride = getActiveRideOf(kv, tenant, userId);
  const kept = { ride, until: now + ACTIVE_RIDE_REUSE_MS };
  riders.set(userId, kept);
  ride.catch(() => riders.get(userId) === kept && riders.delete(userId)); // a failed read is not reused
  return ride;
}

/** Every active ride of the tenant (pending to picked-up). */
export async function listActiveRides(kv: Deno.Kv, tenant: string): Promise<Ride[]> {
  const ids: string[] = [];
  for await (const e of kv.list({ prefix: keys.activeRides(tenant) })) ids.push(String(e.key[2]));
  return await getRides(kv, tenant, ids);
}

async function getRides(kv: Deno.Kv, tenant: string, ids: string[]): Promise<Ride[]> {
  const out: Ride[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await kv.getMany<Ride[]>(ids.slice(i, i + 10).map((id) => keys.ride(tenant, id)));
    for (const e of entries) if (e.value) out.push(e.value);
  }
  return out;
}

/** The statuses of the driver's active rides, by ride id. */
export async function driverActiveStatuses(
  kv: Deno.Kv,
  tenant: string,
  driverId: string,
): Promise<Map<string, RideStatus>> {
  const out = new Map<string, RideStatus>();
  for await (const e of kv.list<RideStatus>({ prefix: keys.driverActives(tenant, driverId) })) {
    out.set(String(e.key[3]), e.value);
  }
  return out;
}

/** One page of the tenant's rides, newest first. */
export async function listRides(
  kv: Deno.Kv,
  tenant: string,
  { limit = 100, cursor }: { limit?: number; cursor?: string } = {},
): Promise<{ values: Ride[]; cursor: string | null }> {
  const iter = kv.list<Ride>({ prefix: keys.rides(tenant) }, { limit, cursor, reverse: true });
  const values: Ride[] = [];
  for await (const e of iter) values.push(e.value);
  return { values, cursor: values.length === limit && iter.cursor ? iter.cursor : null };
}

export type UpdateResult =
  | { ok: true; ride: Ride; changed: boolean; from: RideStatus }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "refused"; status: 403 | 404 | 409; error: string };

/** See updateRideStatusAlone. */
export function updateRideStatus(
  kv: Deno.Kv,
  change: Parameters<typeof updateRideStatusAlone>[1],
): Promise<UpdateResult> {
  return oneAtATime(kv, change.tenant, () => updateRideStatusAlone(kv, change));
}

/**
 * Moves a ride to `to` after `decide` approves it against the ride as read,
 * committing only if the ride is still exactly that version: of two drivers
 * accepting at once, one commits and the other re-reads an accepted ride and
 * is refused. A repeat of the move that already happened answers unchanged.
 */
async function updateRideStatusAlone(
  kv: Deno.Kv,
  { tenant, id, to, actorId, driver, now, decide }: {
    tenant: string;
    id: string;
    to: RideStatus;
    actorId: string;
    /** Set when the actor accepts: who the ride is assigned to. */
    driver?: { name: string | null; phoneNumber: string };
    now: number;
    decide: (ride: Ride) => Promise<{ ok: true } | { ok: false; status: 403 | 404 | 409; error: string }>;
  },
): Promise<UpdateResult> {
  for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
    const entry = await kv.get<Ride>(keys.ride(tenant, id));
    const current = entry.value;
    if (!current) return { ok: false, reason: "not_found" };
    const repeat = current.status === to &&
      (current.assignedDriverId === actorId || current.creatorId === actorId);
    if (repeat) return { ok: true, ride: current, changed: false, from: current.status };
    // Read before deciding: every ride write in the tenant moves the head, so the commit's check
    // on it covers all that `decide` read (a driver starting two rides at once: one wins, issue 10).
    const head = await readHead(kv, tenant);
    const verdict = await decide(current);
    if (!verdict.ok) return { ok: false, reason: "refused", status: verdict.status, error: verdict.error };

    const ride: Ride = { ...current, status: to, updatedAt: now, [STAGE_TIME[to]]: now };
    if (to === "accepted") {
      ride.assignedDriverId = actorId;
      ride.driverName = driver?.name ?? null;
      ride.driverPhone = driver?.phoneNumber ?? null;
    }
    const op = kv.atomic().check(entry).set(keys.ride(tenant, id), ride);
    writeIndexes(op, ride);
    recordRideChange(op, tenant, id, current.status, ride.status);
    appendToFeed(op, tenant, head, { type: "update", ride, previous: current.status, at: now });
    if ((await op.commit()).ok) return { ok: true, ride, changed: true, from: current.status };
    await backoff(attempt);
  }
  throw new Error("Could not update the ride: too much contention");
}

/**
 * Removes a ride and every index entry. An active ride leaves the live lists
 * as canceled (the feed says so), since the sockets' messages know no delete.
 */
export function deleteRide(kv: Deno.Kv, tenant: string, id: string, now: number): Promise<Ride | null> {
  return oneAtATime(kv, tenant, () => deleteRideAlone(kv, tenant, id, now));
}

async function deleteRideAlone(kv: Deno.Kv, tenant: string, id: string, now: number): Promise<Ride | null> {
  for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
    const entry = await kv.get<Ride>(keys.ride(tenant, id));
    const ride = entry.value;
    if (!ride) return null;
    const op = kv.atomic().check(entry).delete(keys.ride(tenant, id)).delete(
      keys.rideByRider(tenant, ride.creatorId, id),
    );
    recordRideChange(op, tenant, id, ride.status, null);
    if (isActive(ride.status)) {
      const head = await readHead(kv, tenant);
      op.delete(keys.activeRide(tenant, id));
      const slot = await kv.get<RiderSlot>(keys.riderActive(tenant, ride.creatorId));
      op.check(slot);
      if (slotRideId(slot.value) === id) op.delete(keys.riderActive(tenant, ride.creatorId));
      if (ride.assignedDriverId) op.delete(keys.driverActive(tenant, ride.assignedDriverId, id));
      const gone: Ride = { ...ride, status: "canceled", canceledAt: now, updatedAt: now };
      appendToFeed(op, tenant, head, { type: "update", ride: gone, previous: ride.status, at: now });
    }
    if ((await op.commit()).ok) return ride;
    await backoff(attempt);
  }
  throw new Error("Could not delete the ride: too much contention");
}

/** For each rider id, the status of their active ride in the tenant (absent when none). */
export async function activeStatusOfRiders(
  kv: Deno.Kv,
  tenant: string,
  userIds: string[],
): Promise<Map<string, RideStatus>> {
  const out = new Map<string, RideStatus>();
  const rideIds = new Map<string, string>(); // slots from before rides were kept whole in them
  for (let i = 0; i < userIds.length; i += 10) {
    const batch = userIds.slice(i, i + 10);
    const slots = await kv.getMany<RiderSlot[]>(batch.map((id) => keys.riderActive(tenant, id)));
    slots.forEach(({ value }, j) => {
      if (typeof value === "string") rideIds.set(batch[j], value);
      else if (value) out.set(batch[j], value.status);
    });
  }
  const riders = [...rideIds.keys()];
  for (let i = 0; i < riders.length; i += 10) {
    const batch = riders.slice(i, i + 10);
    const statuses = await kv.getMany<RideStatus[]>(batch.map((u) => keys.activeRide(tenant, rideIds.get(u)!)));
    statuses.forEach((s, j) => s.value && out.set(batch[j], s.value));
  }
  return out;
}

/** Active rides of every tenant, counted by "tenant\nstatus" (for metrics). */
export async function countActiveRides(kv: Deno.Kv): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for await (const e of kv.list<RideStatus>({ prefix: ["rides_active"] })) {
    const key = `${String(e.key[1])}\n${e.value}`;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}
