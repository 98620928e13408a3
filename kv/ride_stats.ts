/**
 * What the admin trips screen needs to stay fast however long the history: per-status counts and an index by admin trip
 * status, both kept in the same atomic commit as every ride write (kv/rides.ts calls
 * `recordRideChange`), so a count or a filtered page never needs a scan.
 * Counting 10,000 rides by listing them takes ~180 ms on SQLite; reading the
 * eight counters is one getMany.
 *
 * Counters are KvU64 sums: a decrement adds 2^64 - 1, which wraps to -1, and
 * sums never conflict, so they add no contention to ride writes.
 */
import type { Store } from "./store.ts";
import { RIDE_STATUSES, type RideStatus } from "../lib/rides.ts";
import { TRIP_STATUSES, type TripCounts, type TripStatus, tripStatusOf } from "../lib/trips.ts";
import { keys } from "./keys.ts";
import type { Ride } from "../lib/rides.ts";

const ONE = 1n;
const MINUS_ONE = 0xffff_ffff_ffff_ffffn;

/**
 * Adds to `op` the counter and index changes of ride `id` going from `from`
 * to `to` (null: it did not exist before / no longer exists).
 */
export function recordRideChange(
  op: Deno.AtomicOperation,
  tenant: string,
  id: string,
  from: RideStatus | null,
  to: RideStatus | null,
): void {
  if (from === to) return;
  if (from) op.sum(keys.rideCount(tenant, from), MINUS_ONE);
  if (to) op.sum(keys.rideCount(tenant, to), ONE);
  const before = from && tripStatusOf(from);
  const after = to && tripStatusOf(to);
  if (before === after) return;
  if (before) op.delete(keys.rideByTripStatus(tenant, before, id));
  if (after) op.set(keys.rideByTripStatus(tenant, after, id), true);
}

/** The tenant's rides counted by admin trip status. */
export async function getTripCounts(kv: Store, tenant: string): Promise<TripCounts> {
  const entries = await kv.getMany<Deno.KvU64[]>(RIDE_STATUSES.map((s) => keys.rideCount(tenant, s)));
  const counts = Object.fromEntries(TRIP_STATUSES.map((s) => [s, 0])) as Record<TripStatus, number>;
  let total = 0;
  entries.forEach((entry, i) => {
    const value = entry.value?.value ?? 0n;
    // A wrapped counter (over 2^63) can only come from rides written before counters existed:
    // rebuildRideStats fixes the store; until then count it as none rather than as trillions.
    const n = value >= 1n << 63n ? 0 : Number(value);
    counts[tripStatusOf(RIDE_STATUSES[i])] += n;
    total += n;
  });
  return { total, counts };
}

/** One page of the tenant's rides in one admin trip status, newest first (cursor as kv.list's). */
export async function listRidesByTripStatus(
  kv: Store,
  tenant: string,
  status: TripStatus,
  { limit = 100, cursor }: { limit?: number; cursor?: string } = {},
): Promise<{ values: Ride[]; cursor: string | null }> {
  const iter = kv.list({ prefix: keys.ridesByTripStatus(tenant, status) }, { limit, cursor, reverse: true });
  const ids: string[] = [];
  for await (const e of iter) ids.push(String(e.key[3]));
  const values: Ride[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await kv.getMany<Ride[]>(ids.slice(i, i + 10).map((id) => keys.ride(tenant, id)));
    for (const e of entries) if (e.value) values.push(e.value);
  }
  return { values, cursor: ids.length === limit && iter.cursor ? iter.cursor : null };
}

/**
 * Recomputes the counters and the index from the rides themselves, for a
 * store holding rides written before they existed. Not atomic with ride
 * writes (a tenant's rides do not fit one commit): run it while the server
 * is stopped. Answers the counts it wrote.
 */
export async function rebuildRideStats(kv: Store, tenant: string): Promise<Record<RideStatus, number>> {
  const counts = Object.fromEntries(RIDE_STATUSES.map((s) => [s, 0])) as Record<RideStatus, number>;
  const stale: Deno.KvKey[] = [];
  for await (const e of kv.list({ prefix: keys.tripStatusIndex(tenant) })) stale.push(e.key);
  for (let i = 0; i < stale.length; i += 500) {
    const op = kv.atomic();
    for (const key of stale.slice(i, i + 500)) op.delete(key);
    await op.commit();
  }
  let op = kv.atomic();
  let pending = 0;
  for await (const e of kv.list<Ride>({ prefix: keys.rides(tenant) })) {
    counts[e.value.status]++;
    op.set(keys.rideByTripStatus(tenant, tripStatusOf(e.value.status), e.value.id), true);
    if (++pending === 500) {
      await op.commit();
      op = kv.atomic();
      pending = 0;
    }
  }
  for (const status of RIDE_STATUSES) op.set(keys.rideCount(tenant, status), new Deno.KvU64(BigInt(counts[status])));
  await op.commit();
  return counts;
}
