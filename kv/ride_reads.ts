/**
 * Reads of rides and their indexes (kv/rides.ts writes them): one ride, a
 * tenant's active rides, a page of its history, the rides asked for in a time
 * range, a driver's active rides, the riders' ride statuses and the metrics' counts.
 */
import type { Store } from "./store.ts";
import { firstUlidAt } from "../lib/ids.ts";
import type { Ride, RideStatus } from "../lib/rides.ts";
import { keys } from "./keys.ts";

export async function getRide(kv: Store, tenant: string, id: string): Promise<Ride | null> {
  return (await kv.get<Ride>(keys.ride(tenant, id))).value;
}

/** Every active ride of the tenant (pending to picked-up). */
export async function listActiveRides(kv: Store, tenant: string): Promise<Ride[]> {
  const ids: string[] = [];
  for await (const e of kv.list({ prefix: keys.activeRides(tenant) })) ids.push(String(e.key[2]));
  return await getRides(kv, tenant, ids);
}

async function getRides(kv: Store, tenant: string, ids: string[]): Promise<Ride[]> {
  const out: Ride[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const entries = await kv.getMany<Ride[]>(ids.slice(i, i + 10).map((id) => keys.ride(tenant, id)));
    for (const e of entries) if (e.value) out.push(e.value);
  }
  return out;
}

/** The statuses of the driver's active rides, by ride id. */
export async function driverActiveStatuses(
  kv: Store,
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
  kv: Store,
  tenant: string,
  { limit = 100, cursor }: { limit?: number; cursor?: string } = {},
): Promise<{ values: Ride[]; cursor: string | null }> {
  const iter = kv.list<Ride>({ prefix: keys.rides(tenant) }, { limit, cursor, reverse: true });
  const values: Ride[] = [];
  for await (const e of iter) values.push(e.value);
  return { values, cursor: values.length === limit && iter.cursor ? iter.cursor : null };
}

/**
 * The tenant's rides asked for from `start` (in) to `end` (out), epoch ms, in
 * the order asked (ride ids are ULIDs of that moment, so this is one key range).
 * Read from KV in batches as the caller iterates, never the whole range at once
 * (the trips CSV).
 */
export async function* ridesAskedBetween(
  kv: Store,
  tenant: string,
  start: number,
  end: number,
): AsyncGenerator<Ride> {
  const range = { start: keys.ride(tenant, firstUlidAt(start)), end: keys.ride(tenant, firstUlidAt(end)) };
  for await (const e of kv.list<Ride>(range, { batchSize: 1000 })) yield e.value;
}

/** For each rider id, the status of their active ride in the tenant (absent when none). */
export async function activeStatusOfRiders(
  kv: Store,
  tenant: string,
  userIds: string[],
): Promise<Map<string, RideStatus>> {
  const out = new Map<string, RideStatus>();
  for (let i = 0; i < userIds.length; i += 10) {
    const batch = userIds.slice(i, i + 10);
    const slots = await kv.getMany<Ride[]>(batch.map((id) => keys.riderActive(tenant, id)));
    slots.forEach(({ value }, j) => value && out.set(batch[j], value.status));
  }
  return out;
}

/** Active rides of every tenant, counted by "tenant\nstatus" (for metrics). */
export async function countActiveRides(kv: Store): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for await (const e of kv.list<RideStatus>({ prefix: keys.activeRidesEverywhere() })) {
    const key = `${String(e.key[1])}\n${e.value}`;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}
