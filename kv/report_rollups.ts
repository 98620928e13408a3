/**
 * The report rollups, kept in the same atomic commit as every ride
 * change: one value per tenant and local day (lib/reports.ts DayRollup) and
 * one per driver and month, by day (DriverMonth). A change adds what the ride adds now and
 * takes away what it added before, by the one rule in `addRide`, so creating,
 * moving, rating and deleting rides all keep the figures exact, and the
 * rebuild (kv/report_rebuild.ts) is the same rule run over every ride.
 *
 * Each value is read and checked in the commit. Ride writes of a tenant
 * already conflict on its feed head (kv/feed.ts), so the check adds no new
 * contention; a write that changes no figure (on-the-way, picked-up) reads
 * nothing.
 *
 * What needs a vehicle's other rides of the day (shared rides, vehicle
 * trips) is kept beside, by kv/sharing_rollups.ts, called from here.
 *
 * Driver service (vehicle revenue hours and miles) comes from location
 * reports instead: KvU64 sums per tenant and day, added to by every report of
 * an online driver (kv/drivers.ts), which never conflict.
 */
import type { Store } from "./store.ts";
import { distanceMeters, type Point } from "../lib/geo.ts";
import { localTime } from "../lib/local_time.ts";
import {
  acceptMs,
  addToHistogram,
  canceledByRider,
  type DayRollup,
  type DriverDay,
  type DriverMonth,
  emptyDay,
  pickupKey,
  rideMs,
  waitMs,
  wholeMinutes,
} from "../lib/reports.ts";
import type { Ride } from "../lib/rides.ts";
import { keys } from "./keys.ts";
import { recordSharingChange } from "./sharing_rollups.ts";

/** A day keeps this many distinct pickup places and cells; further ones count under OTHER_PICKUPS. */
export const MAX_PICKUPS_PER_DAY = 300;
export const OTHER_PICKUPS = "other";

/** A ride's report day: fixed on it when made; old rides without one use the UTC day. */
export function rideDay(ride: Pick<Ride, "local" | "requestedAt">): string {
  return ride.local?.date ?? new Date(ride.requestedAt).toISOString().slice(0, 10);
}

function rideHour(ride: Pick<Ride, "local" | "requestedAt">): number {
  return ride.local?.hour ?? new Date(ride.requestedAt).getUTCHours();
}

/** The local day and hour of `ms` in `timeZone`, for a new ride. */
export function localOf(ms: number, timeZone: string): { date: string; hour: number } {
  const at = localTime(ms, timeZone);
  return { date: at.date, hour: Number(at.time.slice(0, 2)) };
}

/** Adds (sign 1) or takes away (sign -1) what `ride` adds to its day. */
export function addRide(day: DayRollup, ride: Ride, sign: 1 | -1): void {
  day.requested += sign;
  day.hours[rideHour(ride)] += sign;
  const key = pickupKey(ride);
  const pickup = day.pickups[key];
  if (pickup) {
    pickup.count += sign;
    if (pickup.count === 0) delete day.pickups[key];
  } else if (sign === 1 && Object.keys(day.pickups).length < MAX_PICKUPS_PER_DAY) {
    day.pickups[key] = {
      label: ride.pickupName ?? null,
      ...pickupPoint(key, ride.pickup),
      count: 1,
    };
  } else {
    const other = day.pickups[OTHER_PICKUPS] ?? { label: null, lat: 0, lng: 0, count: 0 };
    other.count += sign;
    if (other.count === 0) delete day.pickups[OTHER_PICKUPS];
    else day.pickups[OTHER_PICKUPS] = other;
  }
  const wait = waitMs(ride);
  if (wait !== null) addToHistogram(day.wait, wholeMinutes(wait), sign);
  const accept = acceptMs(ride);
  if (accept !== null) addToHistogram(day.accept, wholeMinutes(accept), sign);
  switch (ride.status) {
    case "completed": {
      day.completed += sign;
      day.passengers += sign * ride.passengerCt;
      const aboard = rideMs(ride);
      if (aboard !== null) addToHistogram(day.ride, wholeMinutes(aboard), sign);
      break;
    }
    case "canceled":
      if (canceledByRider(ride)) day.canceledByRider += sign;
      else day.canceledByStaff += sign;
      break;
    case "no-show":
      day.noShows += sign;
      break;
  }
}

/** A pin's cell centre, or a place's own point. */
function pickupPoint(key: string, point: Point): Point {
  if (!key.startsWith("cell:")) return { lat: point.lat, lng: point.lng };
  const [lat, lng] = key.slice(5).split(",").map(Number);
  return { lat, lng };
}

/** What a completed ride adds to its driver's day; null for any other ride. */
export function driverShare(
  ride: Ride | null,
): { driverId: string; apply: (d: DriverDay, sign: 1 | -1) => void } | null {
  if (!ride || ride.status !== "completed" || !ride.assignedDriverId) return null;
  return {
    driverId: ride.assignedDriverId,
    apply: (d, sign) => {
      d.completed += sign;
      const wait = waitMs(ride);
      if (wait !== null) addToHistogram(d.wait, wholeMinutes(wait), sign);
      if (ride.feedback) {
        d.ratingSum += sign * ride.feedback.rating;
        d.ratings += sign;
      }
    },
  };
}

export function emptyDriverDay(): DriverDay {
  return { completed: 0, wait: {}, ratingSum: 0, ratings: 0 };
}

/** Whether a ride's figures differ before and after a change (JSON of what each adds). */
function sameFigures(before: Ride | null, after: Ride | null): boolean {
  const of = (ride: Ride | null) => {
    if (!ride) return "";
    const day = emptyDay();
    addRide(day, ride, 1);
    const driver = driverShare(ride);
    const d = emptyDriverDay();
    driver?.apply(d, 1);
    return JSON.stringify([rideDay(ride), day, driver?.driverId, d]);
  };
  return of(before) === of(after);
}

/**
 * Adds to `op` the rollup changes of one ride going from `before` to `after`
 * (null: not there before / no longer there), reading and checking the values
 * it changes.
 */
export async function recordReportChange(
  kv: Store,
  op: Deno.AtomicOperation,
  tenant: string,
  before: Ride | null,
  after: Ride | null,
): Promise<void> {
  await recordSharingChange(kv, op, tenant, before, after);
  if (sameFigures(before, after)) return;
  const date = rideDay((after ?? before)!);
  const [month, dayOfMonth] = [date.slice(0, 7), date.slice(8)];
  const out = [before && driverShare(before), after && driverShare(after)];
  const driverIds = [...new Set(out.filter((s) => s !== null).map((s) => s!.driverId))];
  const entries = await kv.getMany<(DayRollup | DriverMonth)[]>([
    keys.reportDay(tenant, date),
    ...driverIds.map((id) => keys.reportDriverMonth(tenant, month, id)),
  ]);
  const [dayEntry, ...driverEntries] = entries;
  const day = structuredClone(dayEntry.value as DayRollup | null) ?? emptyDay();
  if (before) addRide(day, before, -1);
  if (after) addRide(day, after, 1);
  op.check(dayEntry);
  if (day.requested === 0) op.delete(dayEntry.key);
  else op.set(dayEntry.key, day);
  driverIds.forEach((id, i) => {
    const entry = driverEntries[i];
    const days = structuredClone(entry.value as DriverMonth | null) ?? {};
    const d = days[dayOfMonth] ?? emptyDriverDay();
    const [was, now] = out;
    if (was?.driverId === id) was.apply(d, -1);
    if (now?.driverId === id) now.apply(d, 1);
    if (d.completed === 0) delete days[dayOfMonth];
    else days[dayOfMonth] = d;
    op.check(entry);
    if (Object.keys(days).length === 0) op.delete(entry.key);
    else op.set(entry.key, days);
  });
}

/** About 100 mph: a jump between two reports faster than this is a bad fix, not driving. */
const FASTEST_MPS = 45;

/**
 * Adds the service between an online driver's last report and this one to
 * the day of `now`: the time, and the distance unless it is too fast to be
 * driven. kv/drivers.ts calls it only for a driver still counted online, so a
 * gap over DRIVER_STALE_MS is never service.
 */
export function recordService(
  op: Deno.AtomicOperation,
  { tenant, timeZone, ms, from, to, now, vehicleId }: {
    tenant: string;
    timeZone: string;
    ms: number;
    /** The vehicle the driver named going online: the time also counts as that vehicle's. */
    vehicleId?: string;
    from: Point | null;
    to: Point | null;
    now: number;
  },
): void {
  if (ms <= 0) return;
  const date = localTime(now, timeZone).date;
  op.sum(keys.reportServiceMs(tenant, date), BigInt(Math.round(ms)));
  if (vehicleId) op.sum(keys.reportServiceVehicleMs(tenant, date), BigInt(Math.round(ms)));
  if (!from || !to) return;
  const meters = distanceMeters(from, to);
  if (meters >= 1 && meters / (ms / 1000) <= FASTEST_MPS) {
    op.sum(keys.reportServiceMeters(tenant, date), BigInt(Math.round(meters)));
  }
}
