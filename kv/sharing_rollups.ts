/**
 * The shared-service rollups (lib/sharing.ts), kept in the same atomic
 * commit as every ride change, beside the day rollups (kv/report_rollups.ts):
 * each vehicle's completed rides of a local day, and the tenant's day sums
 * worked out from them. Whether a ride was shared needs the other rides of
 * its vehicle that day, so a ride's change re-works its vehicle's day and
 * moves the tenant's day by the difference; a report reads the day sums only.
 *
 * Only a change to a completed ride in a vehicle reads anything (the tenant,
 * for its time zone, and the values it changes, checked). Ride writes of a
 * tenant already conflict on its feed head (kv/feed.ts), so the checks add
 * no new contention.
 */
import type { Store } from "./store.ts";
import { localTime } from "../lib/local_time.ts";
import type { Ride } from "../lib/rides.ts";
import type { Tenant } from "../lib/schemas.ts";
import { aboardOf, addSharing, emptySharing, type SharingDay, sharingOf, type VehicleDay } from "../lib/sharing.ts";
import { keys } from "./keys.ts";

/** Adds to `op` the changes of one ride going from `before` to `after` (null: not there / no longer there). */
export async function recordSharingChange(
  kv: Store,
  op: Deno.AtomicOperation,
  tenant: string,
  before: Ride | null,
  after: Ride | null,
): Promise<void> {
  const was = before && aboardOf(before);
  const now = after && aboardOf(after);
  if (!was && !now) return;
  if (JSON.stringify(was) === JSON.stringify(now)) return;
  const timeZone = (await kv.get<Tenant>(keys.tenant(tenant))).value?.timezone ?? "UTC";
  const id = (after ?? before)!.id;
  const dayOf = (ms: number) => localTime(ms, timeZone).date;
  const changes = [
    ...(was ? [{ date: dayOf(was.aboard[0]), vehicleId: was.vehicleId, aboard: null }] : []),
    ...(now ? [{ date: dayOf(now.aboard[0]), vehicleId: now.vehicleId, aboard: now.aboard }] : []),
  ];
  const vehicleDays = [...new Map(changes.map((c) => [`${c.date}|${c.vehicleId}`, c])).values()];
  const dates = [...new Set(changes.map((c) => c.date))];
  const entries = await kv.getMany<(VehicleDay | SharingDay)[]>([
    ...vehicleDays.map((c) => keys.reportVehicleDay(tenant, c.date, c.vehicleId)),
    ...dates.map((date) => keys.reportSharingDay(tenant, date)),
  ]);
  const sums = new Map(dates.map((date, i) => {
    const entry = entries[vehicleDays.length + i];
    op.check(entry);
    return [date, structuredClone(entry.value as SharingDay | null) ?? emptySharing()];
  }));
  vehicleDays.forEach((c, i) => {
    const entry = entries[i];
    op.check(entry);
    const day = structuredClone(entry.value as VehicleDay | null) ?? {};
    const sum = sums.get(c.date)!;
    addSharing(sum, sharingOf(day), -1);
    delete day[id];
    for (const change of changes) {
      if (change.aboard && change.date === c.date && change.vehicleId === c.vehicleId) day[id] = change.aboard;
    }
    addSharing(sum, sharingOf(day), 1);
    if (Object.keys(day).length === 0) op.delete(entry.key);
    else op.set(entry.key, day);
  });
  for (const [date, sum] of sums) {
    const key = keys.reportSharingDay(tenant, date);
    if (sum.rides === 0) op.delete(key);
    else op.set(key, sum);
  }
}

/** A tenant's vehicle days as the rebuild gathers them, by "date|vehicleId". */
export type VehicleDays = Map<string, { date: string; vehicleId: string; day: VehicleDay }>;

/** Adds a ride to the vehicle days the rebuild gathers (only its aboard times are kept). */
export function gatherVehicleDay(days: VehicleDays, ride: Ride, timeZone: string): void {
  const aboard = aboardOf(ride);
  if (!aboard) return;
  const date = localTime(aboard.aboard[0], timeZone).date;
  const key = `${date}|${aboard.vehicleId}`;
  const held = days.get(key) ?? { date, vehicleId: aboard.vehicleId, day: {} };
  held.day[ride.id] = aboard.aboard;
  days.set(key, held);
}

/** The tenant's day sums of gathered vehicle days. */
export function sumVehicleDays(days: VehicleDays): Map<string, SharingDay> {
  const sums = new Map<string, SharingDay>();
  for (const { date, day } of days.values()) {
    const sum = sums.get(date) ?? emptySharing();
    addSharing(sum, sharingOf(day), 1);
    sums.set(date, sum);
  }
  return sums;
}
