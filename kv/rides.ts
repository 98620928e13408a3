/**
 * Rides and their indexes. Every write of a ride goes in one atomic commit
 * with all of its index entries and its feed entry, checked against what was
 * read, so a lost race is a clean 409 and never a half-written ride.
 *
 * The rider's active-ride slot holds the whole ride, written in the same
 * commit as the ride itself, so the rider's screen (GET rides/my, the hottest
 * read) costs one KV read. (Stores that held only the ride id there are
 * rewritten once at start: kv/migrations.ts.)
 *
 * The driver's in-progress slot holds the id of the one ride they have
 * on-the-way or arrived (a ride in a vehicle's plan takes none: the plan
 * orders the driver's stops, several riders aboard at once). A move that enters or leaves those statuses reads it,
 * tells `decide` whether the driver is busy with another ride (lib/rides.ts
 * checkMove refuses the start then), and checks it in its commit: of two rides
 * started at once by one driver, one commits and the other re-reads a busy
 * driver and is refused, whatever else the commit checks. A caller
 * whose `decide` ignores `busy` (test and bench seeding) moves the slot to its
 * newest ride.
 */
import type { Store } from "./store.ts";
import { addAudit } from "./audit.ts";
import { ulid } from "../lib/ids.ts";
import type { Point } from "../lib/geo.ts";
import { MAX_SCHEDULED } from "../lib/booking.ts";
import type { Need } from "../lib/needs.ts";
import { isActive, isInProgress, type Ride, type RideStatus, STAGE_TIME } from "../lib/rides.ts";
import { appendAllToFeed, appendToFeed, type FeedEntry, readHead } from "./feed.ts";
import { keys } from "./keys.ts";
import { isShared, putPlan, type VehiclePlan } from "./plans.ts";
import { forgetNoShow, recordNoShow } from "./no_shows.ts";
import { dropFromPlan } from "./plan_drops.ts";
import { recentReads } from "./recent_reads.ts";
import { recordRideChange } from "./ride_stats.ts";
import { localOf, recordReportChange } from "./report_rollups.ts";
import { committed, commitWithRetry } from "./retry.ts";

export interface NewRide {
  tenant: string;
  creatorId: string;
  pickup: Point;
  /** The named place of the pickup, kept on the ride as it was when requested. */
  pickupName?: string;
  dropoff: Point | null;
  destination: string | null;
  passengerCt: number;
  rider: { name: string | null; phoneNumber: string; photoUrl: string | null };
  /** Booked for this time: the ride is created scheduled and takes no active slot. */
  scheduledFor?: number;
  /** Booked to arrive by this time: `scheduledFor` is the pickup time set to keep it. */
  arriveBy?: number;
  /** The rider's needs for this ride, folded. */
  needs?: Need[];
  /** The rider's note for the driver, trimmed and not empty. */
  note?: string;
  /** The tenant's time zone: the ride's report day and hour are fixed in it. */
  timeZone: string;
  /** The ride's id when the caller made it already (a plan names the ride before it is stored). */
  id?: string;
  /** Automatic dispatch: the plan the ride goes into; the ride is created accepted by that plan's driver. */
  plan?: PlanWrite;
  /** A standing ride's date this booking is for (kv/standing_rides.ts): claimed in the commit, so it is made once. */
  claim?: OccurrenceClaim;
  /** Writes that commit with the ride or not at all (a dispatcher's booking: the person, the membership, the audit). */
  alongside?: AlongsideWrite;
}

/** A standing ride's date, claimed by the booking's commit; checked on the standing ride as the sweep read it. */
export interface OccurrenceClaim {
  key: Deno.KvKey;
  standing: { key: Deno.KvKey; versionstamp: string | null };
}

/**
 * Adds its writes and checks to the ride's commit. Answers false, adding nothing, when what it was decided on moved
 * since (the ride is then not created: "alongside_changed").
 */
export type AlongsideWrite = (op: Deno.AtomicOperation, ride: Ride) => Promise<boolean>;

/**
 * A ride's place in a vehicle's plan (kv/plans.ts), written in the ride's own commit. The commit checks the plan as
 * it was read and that its driver still holds the vehicle; when either moved, the write answers "plan_changed" so
 * the caller plans again. Every other ride of the plan whose planned time moved by a minute or more is written too
 * (its feed entry carries the new time to its rider's and driver's sockets).
 */
export interface PlanWrite {
  entry: Deno.KvEntryMaybe<VehiclePlan>;
  plan: VehiclePlan;
  /** Per ride of the plan: its planned pickup and drop-off (epoch ms). */
  times: ReadonlyMap<string, { pickupAt?: number; dropoffAt?: number }>;
  /** The plan's driver, as the ride names them. */
  driver: { name: string | null; phoneNumber: string };
}

/** A planned time moved by less than this is not written to the ride: no one acts on seconds. */
export const RETIME_MS = 60_000;

/**
 * Adds `write` to `op`: the plan, checked as read and against the vehicle's holder, and the other rides of the plan
 * whose times moved (`rideId` is the one the caller writes itself). Answers their feed entries, or null when the
 * plan or its driver changed since it was read.
 */
async function addPlanWrite(
  kv: Store,
  op: Deno.AtomicOperation,
  write: PlanWrite,
  rideId: string,
  now: number,
): Promise<Omit<FeedEntry, "seq">[] | null> {
  const { tenant, vehicleId, driverId } = write.plan;
  const [current, holder] = await kv.getMany<[VehiclePlan, string]>([
    keys.plan(tenant, vehicleId),
    keys.vehicleDriver(tenant, vehicleId),
  ]);
  if (current.versionstamp !== write.entry.versionstamp || holder.value !== driverId) return null;
  op.check(current, holder);
  putPlan(op, write.plan);
  const others = [...write.times.keys()].filter((id) => id !== rideId);
  const entries: Omit<FeedEntry, "seq">[] = [];
  // getMany reads at most 10 keys: the batches are read at once.
  const batches: string[][] = [];
  for (let i = 0; i < others.length; i += 10) batches.push(others.slice(i, i + 10));
  const reads = await Promise.all(batches.map((ids) => kv.getMany<Ride[]>(ids.map((id) => keys.ride(tenant, id)))));
  for (const read of reads) {
    for (const entry of read) {
      const ride = entry.value;
      // A ride that ended keeps the times it had (its stops leave the plan with the move that ends it).
      if (!ride || !isActive(ride.status)) continue;
      const times = write.times.get(ride.id)!;
      const moved = (a: number | undefined, b: number | undefined) =>
        a !== undefined && (b === undefined || Math.abs(a - b) >= RETIME_MS);
      // A ride the new one rides beside is written too: its rider's socket hears of it, and their card reads "Shared ride".
      const joined = isShared(write.plan.stops, ride.id, rideId);
      if (!joined && !moved(times.pickupAt, ride.pickupAt) && !moved(times.dropoffAt, ride.dropoffAt)) continue;
      const retimed: Ride = { ...ride, ...times, ...(joined && { shared: true as const }), updatedAt: now };
      op.check(entry).set(entry.key, retimed);
      writeIndexes(op, retimed, ride.status);
      entries.push({ type: "update", ride: retimed, previous: ride.status, at: now });
    }
  }
  return entries;
}

/**
 * Runs the ride writes of one tenant in this process one after another, in
 * a lane (kv/lanes.ts). Every ride write appends to the tenant's feed and so
 * reads and checks its head (kv/feed.ts: the seq must have no gaps), so writes
 * running together only make each other retry: 60 riders and drivers of one
 * tenant at once would lose commits to each other and could exhaust the
 * retries (a 503). Queued, each commits at its first try
 * (tests/unit/ride_writes.test.ts). What this isolate reused of the tenant's
 * active rides is dropped after each, before the next starts.
 */
export function rideWriteLane<T>(kv: Store, tenant: string, write: () => Promise<T>): Promise<T> {
  return kv.lanes.run(`rides ${tenant}`, () => write().finally(() => forgetActiveRides(kv, tenant)));
}

/**
 * Index writes for a ride in `status`: one place decides every copy, so no write forgets one. `previous`: the
 * status it leaves (none for a new ride). A booking holds no active slot, so leaving it frees none,
 * and sits in the time-ordered index the hand-over sweep reads.
 */
export function writeIndexes(op: Deno.AtomicOperation, ride: Ride, previous?: RideStatus): void {
  const { tenant, id, creatorId, assignedDriverId, status } = ride;
  op.set(keys.rideByRider(tenant, creatorId, id), true);
  if (ride.scheduledFor !== undefined) {
    if (status === "scheduled") op.set(keys.scheduledRide(ride.scheduledFor, tenant, id), true);
    else op.delete(keys.scheduledRide(ride.scheduledFor, tenant, id));
  }
  if (isActive(status)) {
    op.set(keys.activeRide(tenant, id), status);
    op.set(keys.riderActive(tenant, creatorId), ride);
    if (assignedDriverId) op.set(keys.driverActive(tenant, assignedDriverId, id), status);
  } else if (status === "scheduled" || previous === "scheduled") {
    // A booking, or one canceled: it never held the rider's active slot, which may hold another ride.
  } else {
    op.delete(keys.activeRide(tenant, id));
    op.delete(keys.riderActive(tenant, creatorId));
    if (assignedDriverId) op.delete(keys.driverActive(tenant, assignedDriverId, id));
  }
}

export type CreateResult =
  | { ok: true; ride: Ride }
  | { ok: false; reason: "active_ride" | "too_many_booked" | "plan_changed" | "claimed" | "alongside_changed" };

/**
 * Creates a pending ride. The rider's active-ride slot is checked empty in the
 * same commit, so a double click makes one ride and the second gets "active_ride".
 * With `scheduledFor` it creates a scheduled ride instead: the
 * rider's list of bookings is checked in the commit to hold fewer than
 * MAX_SCHEDULED, so two isolates booking at once cannot pass the limit together.
 * With `plan` (automatic dispatch) it creates the ride accepted by the plan's
 * driver, with its vehicle and planned times, and writes the plan in the same
 * commit (PlanWrite); "plan_changed" when the plan moved since it was read.
 */
export function createRide(kv: Store, input: NewRide, now: number): Promise<CreateResult> {
  return rideWriteLane(kv, input.tenant, () => createRideAlone(kv, input, now));
}

function createRideAlone(kv: Store, input: NewRide, now: number): Promise<CreateResult> {
  return commitWithRetry<CreateResult>("create the ride", async () => {
    const booking = input.scheduledFor !== undefined;
    const slot = booking
      ? await kv.get<string[]>(keys.riderScheduled(input.tenant, input.creatorId))
      : await kv.get<Ride>(keys.riderActive(input.tenant, input.creatorId));
    const booked = booking ? (slot.value as string[] | null) ?? [] : [];
    if (booking && booked.length >= MAX_SCHEDULED) return { ok: false, reason: "too_many_booked" };
    if (!booking && slot.value) return { ok: false, reason: "active_ride" };
    // A date made already, or a standing ride changed since the sweep read it (paused, deleted): not made now.
    const claim = input.claim ? await kv.get(input.claim.key) : null;
    const standing = input.claim ? await kv.get(input.claim.standing.key) : null;
    if (claim?.value || standing?.versionstamp !== input.claim?.standing.versionstamp) {
      return { ok: false, reason: "claimed" };
    }
    const head = await readHead(kv, input.tenant);
    const plan = input.plan;
    const ride: Ride = {
      id: input.id ?? ulid(now),
      tenant: input.tenant,
      creatorId: input.creatorId,
      assignedDriverId: plan ? plan.plan.driverId : null,
      status: plan ? "accepted" : booking ? "scheduled" : "pending",
      pickup: input.pickup,
      ...(input.pickupName && { pickupName: input.pickupName }),
      dropoff: input.dropoff,
      destination: input.destination,
      passengerCt: input.passengerCt,
      requestedAt: now,
      acceptedAt: plan ? now : null,
      onTheWayAt: null,
      arrivedAt: null,
      pickedUpAt: null,
      completedAt: null,
      canceledAt: null,
      noShowAt: null,
      riderName: input.rider.name,
      riderPhone: input.rider.phoneNumber,
      riderPhotoUrl: input.rider.photoUrl,
      driverName: plan ? plan.driver.name : null,
      driverPhone: plan ? plan.driver.phoneNumber : null,
      updatedAt: now,
      ...(booking && { scheduledFor: input.scheduledFor }),
      ...(booking && input.arriveBy !== undefined && { arriveBy: input.arriveBy }),
      ...(input.needs && { needs: input.needs }),
      ...(input.note && { note: input.note }),
      local: localOf(now, input.timeZone),
      ...(plan && { vehicleId: plan.plan.vehicleId, ...plan.times.get(input.id ?? "") }),
    };
    if (plan && isShared(plan.plan.stops, ride.id)) ride.shared = true;
    const op = kv.atomic()
      .check(slot)
      .check({ key: keys.ride(ride.tenant, ride.id), versionstamp: null })
      .set(keys.ride(ride.tenant, ride.id), ride);
    const retimed = plan ? await addPlanWrite(kv, op, plan, ride.id, now) : [];
    if (!retimed) return { ok: false, reason: "plan_changed" };
    if (input.alongside && !await input.alongside(op, ride)) return { ok: false, reason: "alongside_changed" };
    if (booking) op.set(keys.riderScheduled(ride.tenant, ride.creatorId), [...booked, ride.id]);
    if (claim && standing && input.claim) op.check(claim, standing).set(input.claim.key, { rideId: ride.id });
    writeIndexes(op, ride);
    recordRideChange(op, ride.tenant, ride.id, null, ride.status);
    await recordReportChange(kv, op, ride.tenant, null, ride);
    appendAllToFeed(op, ride.tenant, head, [{ type: "new", ride, previous: null, at: now }, ...retimed]);
    return await committed(op, { ok: true, ride });
  });
}

/** The rider's active ride in the tenant, or null. */
export async function getActiveRideOf(kv: Store, tenant: string, userId: string): Promise<Ride | null> {
  return (await kv.get<Ride>(keys.riderActive(tenant, userId))).value;
}

/**
 * How long `recentActiveRideOf` reuses a rider's active ride. Every ride write
 * of this process drops what is kept for its tenant once it has committed (in
 * `rideWriteLane`), so only a change made by another process (the admin CLI
 * removing a user) can be this late on the rider's screen.
 */
export const ACTIVE_RIDE_REUSE_MS = 2000;
const recentActive = recentReads<Ride | null>("active_rides", ACTIVE_RIDE_REUSE_MS);

/**
 * getActiveRideOf, reusing a read of the same rider started in the last
 * ACTIVE_RIDE_REUSE_MS: the rider's screen (GET rides/my) is the hottest read.
 * Calls that arrive while a read is under way share it, so a busy rider costs
 * one KV read per window, not a burst of them when the window ends.
 */
export function recentActiveRideOf(kv: Store, tenant: string, userId: string): Promise<Ride | null> {
  return recentActive.read(kv, tenant, userId, () => getActiveRideOf(kv, tenant, userId));
}

/** Drops the kept active rides of `tenant`, here and in the other isolates (kv/recent_reads.ts), after a ride write. */
export function forgetActiveRides(kv: Store, tenant: string): void {
  recentActive.forget(kv, tenant);
}

export type UpdateResult =
  | { ok: true; ride: Ride; changed: boolean; from: RideStatus }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "plan_changed" }
  | { ok: false; reason: "refused"; status: 403 | 404 | 409; error: string };

/** See updateRideStatusAlone. */
export function updateRideStatus(
  kv: Store,
  change: Parameters<typeof updateRideStatusAlone>[1],
): Promise<UpdateResult> {
  return rideWriteLane(kv, change.tenant, () => updateRideStatusAlone(kv, change));
}

/** What a move's `decide` is told besides the ride: whether the ride's driver is busy with another one. */
export interface MoveFacts {
  /** The ride's driver has another ride on-the-way or arrived (read from their in-progress slot). */
  busy: boolean;
  /** A booking handed over: the rider's active slot holds another ride (checked in the commit). */
  riderBusy?: boolean;
}

/**
 * Moves a ride to `to` after `decide` approves it against the ride as read,
 * committing only if the ride is still exactly that version: of two drivers
 * accepting at once, one commits and the other re-reads an accepted ride and
 * is refused. A repeat of the move that already happened answers unchanged.
 */
function updateRideStatusAlone(
  kv: Store,
  { tenant, id, to, actorId, driver, now, decide, plan, alongside }: {
    tenant: string;
    id: string;
    to: RideStatus;
    actorId: string;
    /** Set when the actor accepts: who the ride is assigned to. */
    driver?: { name: string | null; phoneNumber: string };
    now: number;
    /**
     * Automatic dispatch: the plan this move changes, written in its commit (PlanWrite). A move to accepted is
     * assigned to the plan's driver and takes its vehicle and planned times.
     */
    plan?: PlanWrite;
    decide: (
      ride: Ride,
      facts: MoveFacts,
    ) => Promise<{ ok: true } | { ok: false; status: 403 | 404 | 409; error: string }>;
    /**
     * More writes for the same commit, given the moved ride: the vehicle's plan following the move
     * (domain/dispatch/follow_moves.ts). Answers the feed entries of the other rides it rewrote.
     */
    alongside?: (op: Deno.AtomicOperation, ride: Ride) => Promise<Omit<FeedEntry, "seq">[]>;
  },
): Promise<UpdateResult> {
  return commitWithRetry<UpdateResult>("update the ride", async () => {
    const entry = await kv.get<Ride>(keys.ride(tenant, id));
    const current = entry.value;
    if (!current) return { ok: false, reason: "not_found" };
    const repeat = current.status === to &&
      (current.assignedDriverId === actorId || current.creatorId === actorId);
    if (repeat) return { ok: true, ride: current, changed: false, from: current.status };
    const head = await readHead(kv, tenant);
    const assignee = plan ? plan.plan.driverId : actorId;
    const driverId = to === "accepted" ? assignee : current.assignedDriverId;
    // A ride in a vehicle's plan (automatic dispatch) takes no in-progress slot: the plan orders its driver's stops,
    // and several riders aboard at once is what pooling is.
    const slot = driverId && !current.vehicleId && (isInProgress(current.status) || isInProgress(to))
      ? await kv.get<string>(keys.driverInProgress(tenant, driverId))
      : null;
    const busy = slot?.value != null && slot.value !== id;
    // Leaving a booking: its id leaves the rider's list, and a hand-over takes the active slot.
    const leaving = current.status === "scheduled" && to !== "scheduled";
    const booked = leaving ? await kv.get<string[]>(keys.riderScheduled(tenant, current.creatorId)) : null;
    const riderSlot = leaving && isActive(to) ? await kv.get<Ride>(keys.riderActive(tenant, current.creatorId)) : null;
    const riderBusy = riderSlot?.value != null && riderSlot.value.id !== id;
    const verdict = await decide(current, { busy, riderBusy });
    if (!verdict.ok) return { ok: false, reason: "refused", status: verdict.status, error: verdict.error };

    const ride: Ride = { ...current, status: to, updatedAt: now, [STAGE_TIME[to]]: now };
    if (to === "canceled") ride.canceledBy = actorId === current.creatorId ? "rider" : "staff";
    if (to === "accepted") {
      const by = plan ? plan.driver : driver;
      ride.assignedDriverId = assignee;
      ride.driverName = by?.name ?? null;
      ride.driverPhone = by?.phoneNumber ?? null;
    }
    if (plan) {
      Object.assign(ride, { vehicleId: plan.plan.vehicleId, ...plan.times.get(id) });
      // A booking planned at its hand-over is asked for then, as one handed over to pending is.
      if (current.status === "scheduled") ride.requestedAt = now;
    }
    const op = kv.atomic().check(entry).set(keys.ride(tenant, id), ride);
    const retimed = plan ? await addPlanWrite(kv, op, plan, id, now) : [];
    if (!retimed) return { ok: false, reason: "plan_changed" };
    if (slot && driverId) writeInProgress(op, slot, ride, driverId);
    if (booked) {
      const rest = (booked.value ?? []).filter((other) => other !== id);
      op.check(booked);
      if (rest.length) op.set(booked.key, rest);
      else op.delete(booked.key);
    }
    if (riderSlot) op.check(riderSlot);
    writeIndexes(op, ride, current.status);
    // The rider's no-show count is kept by the move itself.
    if (to === "no-show") recordNoShow(op, tenant, ride.creatorId, id, now);
    recordRideChange(op, tenant, id, current.status, ride.status);
    await recordReportChange(kv, op, tenant, current, ride);
    if (alongside) retimed.push(...await alongside(op, ride));
    else if (!isActive(to)) await dropFromPlan(kv, op, ride, now);
    appendAllToFeed(op, tenant, head, [{ type: "update", ride, previous: current.status, at: now }, ...retimed]);
    return await committed(op, { ok: true, ride, changed: true, from: current.status });
  });
}

/**
 * Writes a plan on its own (its times moved: a driver's position, a stop left out), with every ride of it whose
 * planned time moved by RETIME_MS or more, in one commit checked on the plan as read. False when the plan or its
 * driver changed since it was read: the caller reads it again.
 */
export function writePlan(kv: Store, write: PlanWrite, now: number): Promise<boolean> {
  const { tenant } = write.plan;
  return rideWriteLane(kv, tenant, () =>
    commitWithRetry("write the plan", async () => {
      const op = kv.atomic();
      const retimed = await addPlanWrite(kv, op, write, "", now);
      if (!retimed) return false;
      if (retimed.length) appendAllToFeed(op, tenant, await readHead(kv, tenant), retimed);
      return await committed(op, true);
    }));
}

/** Checks the driver's in-progress slot as read and points it at `ride` while in progress, else empties it. */
function writeInProgress(op: Deno.AtomicOperation, slot: Deno.KvEntryMaybe<string>, ride: Ride, driverId: string) {
  const key = keys.driverInProgress(ride.tenant, driverId);
  op.check(slot);
  if (isInProgress(ride.status)) op.set(key, ride.id);
  else if (slot.value === ride.id) op.delete(key);
}

/**
 * Removes a ride and every index entry. An active ride leaves the live lists
 * as canceled (the feed says so), since the sockets' messages know no delete.
 */
export function deleteRide(kv: Store, tenant: string, id: string, now: number, by?: string): Promise<Ride | null> {
  return rideWriteLane(kv, tenant, () => deleteRideAlone(kv, tenant, id, now, by));
}

/** With `by`, the audit record of who deleted it commits with the delete. */
function deleteRideAlone(kv: Store, tenant: string, id: string, now: number, by?: string): Promise<Ride | null> {
  return commitWithRetry("delete the ride", async () => {
    const entry = await kv.get<Ride>(keys.ride(tenant, id));
    const ride = entry.value;
    if (!ride) return null;
    const op = kv.atomic().check(entry).delete(keys.ride(tenant, id)).delete(
      keys.rideByRider(tenant, ride.creatorId, id),
    );
    recordRideChange(op, tenant, id, ride.status, null);
    await recordReportChange(kv, op, tenant, ride, null);
    if (ride.status === "scheduled" && ride.scheduledFor !== undefined) {
      // A booking: out of the sweep's index and the rider's list.
      op.delete(keys.scheduledRide(ride.scheduledFor, tenant, id));
      const booked = await kv.get<string[]>(keys.riderScheduled(tenant, ride.creatorId));
      const rest = (booked.value ?? []).filter((other) => other !== id);
      op.check(booked);
      if (rest.length) op.set(booked.key, rest);
      else op.delete(booked.key);
    }
    if (ride.status === "no-show") forgetNoShow(op, tenant, ride.creatorId, id);
    if (by) addAudit(op, tenant, { at: now, action: "ride.deleted", by, target: id, details: { status: ride.status } });
    await dropFromPlan(kv, op, ride, now);
    if (isActive(ride.status)) {
      const head = await readHead(kv, tenant);
      op.delete(keys.activeRide(tenant, id));
      const slot = await kv.get<Ride>(keys.riderActive(tenant, ride.creatorId));
      op.check(slot);
      if (slot.value?.id === id) op.delete(keys.riderActive(tenant, ride.creatorId));
      if (ride.assignedDriverId) op.delete(keys.driverActive(tenant, ride.assignedDriverId, id));
      const gone: Ride = { ...ride, status: "canceled", canceledAt: now, updatedAt: now };
      if (ride.assignedDriverId && isInProgress(ride.status)) {
        const held = await kv.get<string>(keys.driverInProgress(tenant, ride.assignedDriverId));
        writeInProgress(op, held, gone, ride.assignedDriverId);
      }
      appendToFeed(op, tenant, head, { type: "update", ride: gone, previous: ride.status, at: now });
    }
    return await committed(op, ride);
  });
}
