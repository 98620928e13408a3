/**
 * Standing rides (lib/standing_rides.ts), per rider, per tenant: the record,
 * the rider's list of ids (the cap is counted on it in the writing commit, so
 * two saves at once cannot pass it), and what became of each date. A date's
 * entry is written once: the booking's commit claims it (kv/rides.ts
 * createRide `claim`), or a skip claims it, so two sweeps never make a date
 * twice.
 */
import type { StandingRide } from "../lib/standing_rides.ts";
import { keys } from "./keys.ts";
import { committed, commitWithRetry } from "./retry.ts";
import type { Store } from "./store.ts";

/** What became of one date: booked as a ride, or skipped (a day without service) and the rider told. */
export type Occurrence = { rideId: string } | { skipped: "closed" | "no_service" | "refused" };

/** One standing ride, or null. */
export async function getStandingRide(kv: Store, tenant: string, id: string): Promise<StandingRide | null> {
  return (await kv.get<StandingRide>(keys.standingRide(tenant, id))).value;
}

/** The rider's standing rides in the tenant, oldest first. */
export async function listStandingRides(kv: Store, tenant: string, riderId: string): Promise<StandingRide[]> {
  const ids = (await kv.get<string[]>(keys.riderStandingRides(tenant, riderId))).value ?? [];
  if (ids.length === 0) return [];
  const entries = await kv.getMany<StandingRide[]>(ids.map((id) => keys.standingRide(tenant, id)));
  return entries.map((e) => e.value).filter((s): s is StandingRide => s !== null);
}

/** Every tenant's standing rides, for the sweep, each with the versionstamp a booking's commit checks. */
export async function listAllStandingRides(kv: Store): Promise<{ ride: StandingRide; versionstamp: string }[]> {
  const all: { ride: StandingRide; versionstamp: string }[] = [];
  for await (const e of kv.list<StandingRide>({ prefix: keys.standingRidesEverywhere() })) {
    all.push({ ride: e.value, versionstamp: e.versionstamp });
  }
  return all;
}

/** Stores a new standing ride unless the rider holds `cap` already: counted in the commit. */
export function createStandingRide(
  kv: Store,
  ride: StandingRide,
  cap: number,
): Promise<{ ok: true } | { ok: false; reason: "cap" }> {
  return commitWithRetry("save the standing ride", async () => {
    const list = await kv.get<string[]>(keys.riderStandingRides(ride.tenant, ride.riderId));
    const ids = list.value ?? [];
    if (ids.length >= cap) return { ok: false, reason: "cap" } as const;
    const op = kv.atomic()
      .check(list)
      .check({ key: keys.standingRide(ride.tenant, ride.id), versionstamp: null })
      .set(keys.standingRide(ride.tenant, ride.id), ride)
      .set(keys.riderStandingRides(ride.tenant, ride.riderId), [...ids, ride.id]);
    return await committed(op, { ok: true } as const);
  });
}

/**
 * Replaces the rider's standing ride with `change(current)`, checked on the
 * record as read; null when the rider has no such standing ride.
 */
export function replaceStandingRide(
  kv: Store,
  tenant: string,
  riderId: string,
  id: string,
  change: (current: StandingRide) => StandingRide,
): Promise<StandingRide | null> {
  return commitWithRetry("change the standing ride", async () => {
    const entry = await kv.get<StandingRide>(keys.standingRide(tenant, id));
    if (!entry.value || entry.value.riderId !== riderId) return null;
    const next = change(entry.value);
    return await committed(kv.atomic().check(entry).set(keys.standingRide(tenant, id), next), next);
  });
}

/**
 * Deletes the rider's standing ride and its dates' entries (bookings already
 * made stay, as bookings); whether there was one.
 */
export function deleteStandingRide(kv: Store, tenant: string, riderId: string, id: string): Promise<boolean> {
  return commitWithRetry("delete the standing ride", async () => {
    const entry = await kv.get<StandingRide>(keys.standingRide(tenant, id));
    if (!entry.value || entry.value.riderId !== riderId) return false;
    const list = await kv.get<string[]>(keys.riderStandingRides(tenant, riderId));
    const op = kv.atomic().check(entry).check(list).delete(keys.standingRide(tenant, id))
      .set(keys.riderStandingRides(tenant, riderId), (list.value ?? []).filter((x) => x !== id));
    for await (const e of kv.list({ prefix: keys.standingOccurrences(tenant, id) })) op.delete(e.key);
    return await committed(op, true);
  });
}

/** Deletes every standing ride of the rider in the tenant (they left it, or deleted their account). */
export async function dropStandingRidesOf(kv: Store, tenant: string, riderId: string): Promise<void> {
  for (const ride of await listStandingRides(kv, tenant, riderId)) {
    await deleteStandingRide(kv, tenant, riderId, ride.id);
  }
  await kv.delete(keys.riderStandingRides(tenant, riderId));
}

/**
 * What became of the standing ride's dates from `from` on (to `until`, excluded, when given), by date: a range
 * read, so the dates of past months cost nothing.
 */
export async function listOccurrences(
  kv: Store,
  tenant: string,
  id: string,
  from = "",
  until?: string,
): Promise<Map<string, Occurrence>> {
  const dates = new Map<string, Occurrence>();
  const start = keys.standingOccurrence(tenant, id, from);
  const end = until ? keys.standingOccurrence(tenant, id, until) : [...keys.standingOccurrences(tenant, id), "\uffff"];
  for await (const e of kv.list<Occurrence>({ start, end })) dates.set(String(e.key[3]), e.value);
  return dates;
}

/** Claims one date as skipped; false when it was claimed already (another sweep, or its booking). */
export async function claimSkipped(
  kv: Store,
  tenant: string,
  id: string,
  date: string,
  why: "closed" | "no_service" | "refused",
): Promise<boolean> {
  const key = keys.standingOccurrence(tenant, id, date);
  const result = await kv.atomic().check({ key, versionstamp: null }).set(key, { skipped: why }).commit();
  return result.ok;
}
