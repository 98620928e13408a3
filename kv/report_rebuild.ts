/**
 * Recomputes a tenant's report rollups from its rides: `deno task
 * admin reports:rebuild --tenant C`, and once at start for stores written
 * before the rollups existed (kv/migrations.ts). The same rule as every ride
 * write (kv/report_rollups.ts `addRide`, kv/sharing_rollups.ts), run over each ride once; a vehicle's
 * rides of a day are gathered (their aboard times only) and worked out together at the end. Old rides
 * without a local request day get one, in the tenant's zone, first.
 *
 * Not atomic with ride writes (a tenant's rides do not fit one commit): run
 * it while the server is stopped. Driver service (hours, miles) comes from
 * location reports, which are not kept, so it is left as it is.
 */
import type { Store } from "./store.ts";
import type { DayRollup, DriverMonth } from "../lib/reports.ts";
import { emptyDay } from "../lib/reports.ts";
import type { Ride } from "../lib/rides.ts";
import { keys } from "./keys.ts";
import { addRide, driverShare, emptyDriverDay, localOf, rideDay } from "./report_rollups.ts";
import { committed, commitWithRetry } from "./retry.ts";
import { gatherVehicleDay, sumVehicleDays, type VehicleDays } from "./sharing_rollups.ts";

export interface Rebuilt {
  rides: number;
  days: number;
  /** Rides that were given their local request day. */
  stamped: number;
}

const BATCH = 200;

export async function rebuildReports(kv: Store, tenant: string, timeZone: string): Promise<Rebuilt> {
  await deleteAll(kv, keys.reportDays(tenant));
  await deleteAll(kv, keys.reportDriverMonths(tenant));
  await deleteAll(kv, keys.reportVehicleDays(tenant));
  await deleteAll(kv, keys.reportSharingDays(tenant));
  const vehicleDays: VehicleDays = new Map();
  const days = new Map<string, DayRollup>();
  const driverMonths = new Map<string, DriverMonth>();
  let rides = 0;
  let stamped = 0;
  for await (const e of kv.list<Ride>({ prefix: keys.rides(tenant) }, { batchSize: 500 })) {
    let ride = e.value;
    if (!ride.local) {
      const now = await stampLocal(kv, e.key, timeZone);
      if (!now) continue;
      ride = now;
      stamped++;
    }
    rides++;
    gatherVehicleDay(vehicleDays, ride, timeZone);
    const date = rideDay(ride);
    const day = days.get(date) ?? emptyDay();
    addRide(day, ride, 1);
    days.set(date, day);
    const share = driverShare(ride);
    if (share) {
      const id = `${date.slice(0, 7)}\u0000${share.driverId}`;
      const month = driverMonths.get(id) ?? {};
      const d = month[date.slice(8)] ??= emptyDriverDay();
      share.apply(d, 1);
      driverMonths.set(id, month);
    }
  }
  const writes: [Deno.KvKey, unknown][] = [
    ...[...days].map(([date, day]) => [keys.reportDay(tenant, date), day] as [Deno.KvKey, unknown]),
    ...[...driverMonths].map(([id, month]) => {
      const [yearMonth, driverId] = id.split("\u0000");
      return [keys.reportDriverMonth(tenant, yearMonth, driverId), month] as [Deno.KvKey, unknown];
    }),
    ...[...vehicleDays.values()].map(({ date, vehicleId, day }) =>
      [keys.reportVehicleDay(tenant, date, vehicleId), day] as [Deno.KvKey, unknown]
    ),
    ...[...sumVehicleDays(vehicleDays)].map(([date, sum]) =>
      [keys.reportSharingDay(tenant, date), sum] as [Deno.KvKey, unknown]
    ),
  ];
  for (let i = 0; i < writes.length; i += BATCH) {
    const op = kv.atomic();
    for (const [key, value] of writes.slice(i, i + BATCH)) op.set(key, value);
    await op.commit();
  }
  return { rides, days: days.size, stamped };
}

/** Fixes a ride's local request day on it, checked in its commit; null when it was deleted meanwhile. */
function stampLocal(kv: Store, key: Deno.KvKey, timeZone: string): Promise<Ride | null> {
  return commitWithRetry("stamp a ride's day", async () => {
    const entry = await kv.get<Ride>(key);
    if (!entry.value || entry.value.local) return entry.value;
    const ride: Ride = { ...entry.value, local: localOf(entry.value.requestedAt, timeZone) };
    return await committed(kv.atomic().check(entry).set(key, ride), ride);
  });
}

async function deleteAll(kv: Store, prefix: Deno.KvKey): Promise<void> {
  let stale: Deno.KvKey[] = [];
  for await (const e of kv.list({ prefix }, { batchSize: 500 })) {
    stale.push(e.key);
    if (stale.length === BATCH) {
      await remove(kv, stale);
      stale = [];
    }
  }
  await remove(kv, stale);
}

async function remove(kv: Store, stale: Deno.KvKey[]): Promise<void> {
  if (stale.length === 0) return;
  const op = kv.atomic();
  for (const key of stale) op.delete(key);
  await op.commit();
}
