/**
 * Checks every ride index against the primary ride records: what a crash or a lost race must never leave behind.
 * Answers one line per problem found, [] for a consistent store:
 *
 *   expect(await rideIndexProblems(kv)).toEqual([]);
 *
 * Covers every tenant in the store: rides_by_rider, rides_active,
 * rider_active (at most one active ride per rider, kept whole), driver_active,
 * driver_in_progress (exactly the driver's one ride on-the-way or arrived;
 * none for rides in a vehicle's plan, whose plan orders them),
 * rides_by_trip_status, ride_counts, the feed (seq monotonic, head at or
 * past the last entry, each ride's newest entry showing its current status)
 * and the report rollups, the vehicle days and their day sums too (exactly what the rides add up to).
 */
import type { Store } from "../../kv/store.ts";
import { keys } from "../../kv/keys.ts";
import type { FeedEntry } from "../../kv/feed.ts";
import type { Ride } from "../../lib/rides.ts";
import { isActive, isInProgress, isRideStatus, RIDE_STATUSES, type RideStatus } from "../../lib/rides.ts";
import { tripStatusOf } from "../../lib/trips.ts";
import { addRide, driverShare, emptyDriverDay, rideDay } from "../../kv/report_rollups.ts";
import { type DayRollup, type DriverMonth, emptyDay } from "../../lib/reports.ts";
import { gatherVehicleDay, sumVehicleDays, type VehicleDays } from "../../kv/sharing_rollups.ts";
import type { Tenant } from "../../lib/schemas.ts";

/** The first part of a key shape: lists every tenant's entries of that kind. */
const all = (key: readonly Deno.KvKeyPart[]): Deno.KvKey => [key[0]];

async function entries<T>(kv: Store, key: readonly Deno.KvKeyPart[]): Promise<Deno.KvEntry<T>[]> {
  const out: Deno.KvEntry<T>[] = [];
  for await (const e of kv.list<T>({ prefix: all(key) })) out.push(e);
  return out;
}

const show = (key: Deno.KvKey) => JSON.stringify(key, (_, v) => typeof v === "bigint" ? `${v}n` : v);

export async function rideIndexProblems(kv: Store): Promise<string[]> {
  const problems: string[] = [];
  const rides = new Map<string, Ride>(); // by "tenant/id"
  const at = (tenant: unknown, id: unknown) => rides.get(`${String(tenant)}/${String(id)}`);

  for (const e of await entries<Ride>(kv, keys.ride("", ""))) {
    const [, tenant, id] = e.key.map(String);
    const ride = e.value;
    if (ride?.id !== id || ride.tenant !== tenant || !isRideStatus(ride.status)) {
      problems.push(`${show(e.key)} holds a ride that is not itself (id ${ride?.id}, status ${ride?.status})`);
      continue;
    }
    rides.set(`${tenant}/${id}`, ride);
  }

  problems.push(...await checkRiderIndexes(kv, rides, at));
  problems.push(...await checkActiveIndexes(kv, rides, at));
  problems.push(...await checkInProgress(kv, rides, at));
  problems.push(...await checkStats(kv, rides, at));
  problems.push(...await checkFeed(kv, rides));
  problems.push(...await checkBookings(kv, rides, at));
  problems.push(...await checkReports(kv, rides));
  return problems;
}

/** Every tenant's report_days and report_driver_months equal what its rides add up to (kv/report_rollups.ts). */
async function checkReports(kv: Store, rides: Map<string, Ride>): Promise<string[]> {
  const expected = new Map<string, unknown>();
  for (const ride of rides.values()) {
    const date = rideDay(ride);
    const dayKey = show(keys.reportDay(ride.tenant, date));
    const day = (expected.get(dayKey) ?? emptyDay()) as DayRollup;
    addRide(day, ride, 1);
    expected.set(dayKey, day);
    const share = driverShare(ride);
    if (share) {
      const monthKey = show(keys.reportDriverMonth(ride.tenant, date.slice(0, 7), share.driverId));
      const month = (expected.get(monthKey) ?? {}) as DriverMonth;
      share.apply(month[date.slice(8)] ??= emptyDriverDay(), 1);
      expected.set(monthKey, month);
    }
  }
  // The shared-service rollups, per tenant in its time zone (kv/sharing_rollups.ts).
  const byTenant = new Map<string, VehicleDays>();
  const zones = new Map<string, string>();
  for (const ride of rides.values()) {
    if (!zones.has(ride.tenant)) {
      zones.set(ride.tenant, (await kv.get<Tenant>(keys.tenant(ride.tenant))).value?.timezone ?? "UTC");
    }
    const days = byTenant.get(ride.tenant) ?? new Map();
    gatherVehicleDay(days, ride, zones.get(ride.tenant)!);
    byTenant.set(ride.tenant, days);
  }
  for (const [tenant, days] of byTenant) {
    for (const { date, vehicleId, day } of days.values()) {
      expected.set(show(keys.reportVehicleDay(tenant, date, vehicleId)), day);
    }
    for (const [date, sum] of sumVehicleDays(days)) expected.set(show(keys.reportSharingDay(tenant, date)), sum);
  }
  const stored = new Map<string, unknown>();
  for (
    const key of [
      keys.reportDay("", ""),
      keys.reportDriverMonth("", "", ""),
      keys.reportVehicleDay("", "", ""),
      keys.reportSharingDay("", ""),
    ]
  ) {
    for (const e of await entries(kv, key)) stored.set(show(e.key), e.value);
  }
  const problems: string[] = [];
  for (const key of new Set([...expected.keys(), ...stored.keys()])) {
    const want = canonical(expected.get(key) ?? null);
    const got = canonical(stored.get(key) ?? null);
    if (want !== got) problems.push(`${key} holds ${got}, its rides add up to ${want}`);
  }
  return problems;
}

/** JSON with object keys sorted, so two equal rollups built in different orders compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(
    value,
    (_, v) =>
      v && typeof v === "object" && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a < b ? -1 : 1))
        : v,
  );
}

type Lookup = (tenant: unknown, id: unknown) => Ride | undefined;

async function checkRiderIndexes(kv: Store, rides: Map<string, Ride>, at: Lookup): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const e of await entries(kv, keys.rideByRider("", "", ""))) {
    const [, tenant, userId, id] = e.key.map(String);
    const ride = at(tenant, id);
    if (!ride) problems.push(`${show(e.key)} points at a missing ride`);
    else if (ride.creatorId !== userId) {
      problems.push(`${show(e.key)} names ${userId}, the ride's rider is ${ride.creatorId}`);
    } else seen.add(`${tenant}/${id}`);
  }
  for (const k of rides.keys()) {
    if (!seen.has(k)) problems.push(`ride ${k} is missing from rides_by_rider`);
  }
  return problems;
}

async function checkActiveIndexes(kv: Store, rides: Map<string, Ride>, at: Lookup): Promise<string[]> {
  const problems: string[] = [];
  const active = new Set<string>();
  for (const e of await entries<RideStatus>(kv, keys.activeRide("", ""))) {
    const [, tenant, id] = e.key.map(String);
    const ride = at(tenant, id);
    if (!ride) problems.push(`${show(e.key)} points at a missing ride`);
    else if (!isActive(ride.status)) problems.push(`${show(e.key)} lists a ${ride.status} ride`);
    else if (e.value !== ride.status) problems.push(`${show(e.key)} says ${e.value}, the ride is ${ride.status}`);
    else active.add(`${tenant}/${id}`);
  }
  const riderSlots = new Map<string, unknown>(); // "tenant/userId" → ride id
  for (const e of await entries<Ride | string>(kv, keys.riderActive("", ""))) {
    const [, tenant, userId] = e.key.map(String);
    if (typeof e.value === "string") {
      problems.push(`${show(e.key)} holds only a ride id, not the ride (kv/migrations.ts rewrites it)`);
      continue;
    }
    const id = e.value?.id;
    riderSlots.set(`${tenant}/${userId}`, id);
    const ride = at(tenant, id);
    if (!ride) problems.push(`${show(e.key)} points at missing ride ${id}`);
    else if (ride.creatorId !== userId) problems.push(`${show(e.key)} points at ${userId}'s ride of ${ride.creatorId}`);
    else if (!isActive(ride.status)) problems.push(`${show(e.key)} points at a ${ride.status} ride`);
    else if (JSON.stringify(e.value) !== JSON.stringify(ride)) {
      problems.push(`${show(e.key)} holds a copy of ride ${id} that differs from the ride`);
    }
  }
  const driverSlots = new Set<string>();
  for (const e of await entries<RideStatus>(kv, keys.driverActive("", "", ""))) {
    const [, tenant, driverId, id] = e.key.map(String);
    const ride = at(tenant, id);
    if (!ride) problems.push(`${show(e.key)} points at a missing ride`);
    else if (ride.assignedDriverId !== driverId) {
      problems.push(`${show(e.key)} but the ride's driver is ${ride.assignedDriverId}`);
    } else if (!isActive(ride.status)) problems.push(`${show(e.key)} lists a ${ride.status} ride`);
    else if (e.value !== ride.status) problems.push(`${show(e.key)} says ${e.value}, the ride is ${ride.status}`);
    else driverSlots.add(`${tenant}/${id}`);
  }
  for (const [k, ride] of rides) {
    if (!isActive(ride.status)) continue;
    if (!active.has(k)) problems.push(`active ride ${k} (${ride.status}) is missing from rides_active`);
    const slot = riderSlots.get(`${ride.tenant}/${ride.creatorId}`);
    if (slot !== ride.id) {
      problems.push(`active ride ${k}: rider_active of ${ride.creatorId} holds ${slot ?? "nothing"}`);
    }
    if (ride.assignedDriverId && !driverSlots.has(k)) problems.push(`active ride ${k} is missing from driver_active`);
  }
  return problems;
}

/** Each driver's in-progress slot names their one ride on-the-way or arrived, and every such ride is named. */
async function checkInProgress(kv: Store, rides: Map<string, Ride>, at: Lookup): Promise<string[]> {
  const problems: string[] = [];
  const slots = new Map<string, unknown>(); // "tenant/driverId" → ride id
  for (const e of await entries<string>(kv, keys.driverInProgress("", ""))) {
    const [, tenant, driverId] = e.key.map(String);
    slots.set(`${tenant}/${driverId}`, e.value);
    const ride = at(tenant, e.value);
    if (!ride) problems.push(`${show(e.key)} points at missing ride ${e.value}`);
    else if (ride.assignedDriverId !== driverId) {
      problems.push(`${show(e.key)} points at ride ${ride.id} of driver ${ride.assignedDriverId}`);
    } else if (!isInProgress(ride.status)) problems.push(`${show(e.key)} points at a ${ride.status} ride`);
    else if (ride.vehicleId) problems.push(`${show(e.key)} points at ride ${ride.id} of a vehicle's plan`);
  }
  for (const [k, ride] of rides) {
    if (!ride.assignedDriverId || !isInProgress(ride.status) || ride.vehicleId) continue;
    const slot = slots.get(`${ride.tenant}/${ride.assignedDriverId}`);
    if (slot !== ride.id) {
      problems.push(
        `ride ${k} is ${ride.status}: driver_in_progress of ${ride.assignedDriverId} holds ${slot ?? "nothing"}`,
      );
    }
  }
  return problems;
}

async function checkStats(kv: Store, rides: Map<string, Ride>, at: Lookup): Promise<string[]> {
  const problems: string[] = [];
  const indexed = new Set<string>();
  for (const e of await entries(kv, keys.rideByTripStatus("", "", ""))) {
    const [, tenant, tripStatus, id] = e.key.map(String);
    const ride = at(tenant, id);
    if (!ride) problems.push(`${show(e.key)} points at a missing ride`);
    else if (tripStatusOf(ride.status) !== tripStatus) problems.push(`${show(e.key)} lists a ${ride.status} ride`);
    else indexed.add(`${tenant}/${id}`);
  }
  const expected = new Map<string, bigint>(); // "tenant\nstatus" → rides
  for (const [k, ride] of rides) {
    if (!indexed.has(k)) problems.push(`ride ${k} (${ride.status}) is missing from rides_by_trip_status`);
    const c = `${ride.tenant}\n${ride.status}`;
    expected.set(c, (expected.get(c) ?? 0n) + 1n);
  }
  const counted = new Map<string, bigint>();
  for (const e of await entries<Deno.KvU64>(kv, keys.rideCount("", ""))) {
    counted.set(`${String(e.key[1])}\n${String(e.key[2])}`, e.value.value);
  }
  const tenants = new Set([...expected.keys(), ...counted.keys()].map((c) => c.split("\n")[0]));
  for (const tenant of tenants) {
    for (const status of RIDE_STATUSES) {
      const c = `${tenant}\n${status}`;
      const want = expected.get(c) ?? 0n;
      const got = counted.get(c) ?? 0n;
      if (want !== got) problems.push(`ride_counts ${tenant} ${status} is ${got}, there are ${want} such rides`);
    }
  }
  return problems;
}

async function checkFeed(kv: Store, rides: Map<string, Ride>): Promise<string[]> {
  const problems: string[] = [];
  const heads = new Map<string, number>();
  for (const e of await entries<number>(kv, keys.feedHead(""))) heads.set(String(e.key[1]), e.value);
  const last = new Map<string, number>(); // tenant → last seq seen
  const newest = new Map<string, FeedEntry>(); // "tenant/rideId" → newest entry
  for (const e of await entries<FeedEntry>(kv, keys.feed("", 0))) {
    const [, tenant, seq] = e.key;
    const entry = e.value;
    const before = last.get(String(tenant));
    if (typeof seq !== "number" || entry.seq !== seq) problems.push(`${show(e.key)} holds seq ${entry.seq}`);
    if (before !== undefined && typeof seq === "number" && seq <= before) {
      problems.push(`${show(e.key)} follows seq ${before}`);
    }
    if (typeof seq === "number") last.set(String(tenant), seq);
    if (entry.ride?.tenant !== tenant) problems.push(`${show(e.key)} holds a ride of ${entry.ride?.tenant}`);
    const k = `${String(tenant)}/${entry.ride?.id}`;
    const prior = newest.get(k);
    // A ride starts pending, or scheduled when booked ahead, or accepted when planned into a vehicle at once.
    const born = entry.ride.status === "pending" || entry.ride.status === "scheduled" ||
      (entry.ride.status === "accepted" && entry.ride.vehicleId !== undefined);
    if (entry.type === "new" && (entry.previous !== null || !born || prior)) {
      problems.push(`${show(e.key)} is a "new" entry for a ride already seen or not pending`);
    }
    if (prior && entry.previous !== prior.ride.status) {
      problems.push(`${show(e.key)} says ${k} was ${entry.previous}, its previous entry made it ${prior.ride.status}`);
    }
    newest.set(k, entry);
  }
  for (const [tenant, seq] of last) {
    const head = heads.get(tenant);
    if (head === undefined || head < seq) problems.push(`feed_head of ${tenant} is ${head}, behind entry ${seq}`);
  }
  for (const [k, entry] of newest) {
    const ride = rides.get(k);
    if (!ride) {
      if (isActive(entry.ride.status)) problems.push(`feed leaves deleted ride ${k} ${entry.ride.status}`);
    } else if (entry.ride.status !== ride.status || entry.ride.updatedAt !== ride.updatedAt) {
      problems.push(`feed's newest entry for ${k} shows ${entry.ride.status}, the ride is ${ride.status}`);
    }
  }
  return problems;
}

/** Every booking, and only bookings, in the time index and its rider's list (at most 3 there). */
async function checkBookings(kv: Store, rides: Map<string, Ride>, at: Lookup): Promise<string[]> {
  const problems: string[] = [];
  const indexed = new Set<string>();
  for (const e of await entries(kv, keys.scheduledRides())) {
    const [, time, tenant, id] = e.key;
    const ride = at(tenant, id);
    if (ride?.status !== "scheduled") problems.push(`${show(e.key)} lists a ${ride?.status ?? "missing"} ride`);
    else if (ride.scheduledFor !== time) problems.push(`${show(e.key)} is not at the ride's time ${ride.scheduledFor}`);
    else indexed.add(`${String(tenant)}/${String(id)}`);
  }
  const listed = new Set<string>();
  for (const e of await entries<string[]>(kv, keys.riderScheduled("", ""))) {
    const [, tenant, userId] = e.key.map(String);
    if (e.value.length > 3) problems.push(`${show(e.key)} holds ${e.value.length} bookings`);
    for (const id of e.value) {
      const ride = at(tenant, id);
      if (ride?.status !== "scheduled" || ride.creatorId !== userId) {
        problems.push(`${show(e.key)} holds ${id}, a ${ride?.status ?? "missing"} ride or not this rider's`);
      } else listed.add(`${tenant}/${id}`);
    }
  }
  for (const [k, ride] of rides) {
    if (ride.status !== "scheduled") continue;
    if (!indexed.has(k)) problems.push(`booking ${k} is missing from rides_scheduled`);
    if (!listed.has(k)) problems.push(`booking ${k} is missing from rider_scheduled`);
  }
  return problems;
}
