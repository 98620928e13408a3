/**
 * The figures of a shared service, from the completed rides of each
 * vehicle (automatic dispatch writes a ride's vehicleId): which rides were
 * shared, the vehicle trips, the detours and the pickups on time. Shared by
 * the ride writes (kv/sharing_rollups.ts keeps each vehicle's day and the
 * tenant's day sums in the ride's own commit), the rebuild and the report.
 *
 * A ride is aboard from its pickup (the ride moves to arrived when the rider
 * gets in; a marked pickup if there is one) to its completion. It is shared
 * when another ride was aboard the same vehicle at the same time, for any
 * length of time: a drop-off at the very moment of another's pickup is not
 * sharing. A vehicle trip is a stretch with at least one rider aboard and no
 * break; its riders are the rides in it, so riders per trip are rides over
 * trips. A vehicle's rides count on the local day of their pickup, as
 * service hours count on the day they were driven.
 */
import { estimateMinutes } from "./eta.ts";
import { addToHistogram, type Histogram, MAX_MINUTES, mergeHistogram, waitFrom } from "./reports.ts";
import type { Ride } from "./rides.ts";

const MINUTE = 60_000;

/**
 * One completed ride of a vehicle: aboard from..to (epoch ms), whole minutes
 * from when it was promised (the request, or a booking's pickup time) to the
 * pickup, rounded up so "within N minutes" is exact, and its detour ×1000
 * (null without a drop-off point).
 */
export type AboardRide = [from: number, to: number, lateMinutes: number, detourMilli: number | null];

/** One vehicle's completed rides of one local day, by ride id. */
export type VehicleDay = Record<string, AboardRide>;

/** What a tenant's vehicles did on one local day, summed; every part adds up across vehicles and days. */
export interface SharingDay {
  /** Completed rides in a vehicle. */
  rides: number;
  /** Of them, rides with another rider aboard at some point. */
  shared: number;
  /** Vehicle trips: stretches with riders aboard. */
  trips: number;
  /** Time with riders aboard, summed over vehicles (ms). */
  aboardMs: number;
  /** The detours ×1000 summed, and the rides they are of. */
  detourMilli: number;
  detourRides: number;
  /** Rides by whole minutes (rounded up) from the promised time to the pickup. */
  late: Histogram;
}

export function emptySharing(): SharingDay {
  return { rides: 0, shared: 0, trips: 0, aboardMs: 0, detourMilli: 0, detourRides: 0, late: {} };
}

/** The direct trip time by the arrival times' estimate (lib/eta.ts): whole minutes, the pull-up minute included. */
export function directMs(ride: Pick<Ride, "pickup" | "dropoff">): number | null {
  return ride.dropoff ? estimateMinutes(ride.pickup, ride.dropoff) * MINUTE : null;
}

/** A completed ride in a vehicle as the figures need it; null for any other ride. */
export function aboardOf(ride: Ride): { vehicleId: string; aboard: AboardRide } | null {
  const from = ride.pickedUpAt ?? ride.arrivedAt;
  if (ride.status !== "completed" || !ride.vehicleId || from === null || ride.completedAt === null) return null;
  const to = Math.max(from, ride.completedAt);
  const late = Math.min(MAX_MINUTES, Math.max(0, Math.ceil((from - waitFrom(ride)) / MINUTE - 1e-9)));
  const direct = directMs(ride);
  const detour = direct === null ? null : Math.round(((to - from) / direct) * 1000);
  return { vehicleId: ride.vehicleId, aboard: [from, to, late, detour] };
}

/** The figures of one vehicle's day. */
export function sharingOf(day: VehicleDay): SharingDay {
  const out = emptySharing();
  const rides = Object.values(day).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let trip = 0;
  let start = 0;
  let end = -Infinity;
  const close = () => {
    if (trip === 0) return;
    out.trips++;
    out.aboardMs += end - start;
    if (trip > 1) out.shared += trip;
  };
  for (const [from, to, late, detour] of rides) {
    out.rides++;
    addToHistogram(out.late, late, 1);
    if (detour !== null) {
      out.detourMilli += detour;
      out.detourRides++;
    }
    // Sorted by pickup: a ride picked up before the trip's last drop-off joins it.
    if (from < end) {
      trip++;
      end = Math.max(end, to);
    } else {
      close();
      trip = 1;
      start = from;
      end = to;
    }
  }
  close();
  return out;
}

/** Adds (sign 1) or takes away (sign -1) one day's figures. */
export function addSharing(into: SharingDay, from: SharingDay, sign: 1 | -1): void {
  into.rides += sign * from.rides;
  into.shared += sign * from.shared;
  into.trips += sign * from.trips;
  into.aboardMs += sign * from.aboardMs;
  into.detourMilli += sign * from.detourMilli;
  into.detourRides += sign * from.detourRides;
  if (sign === 1) mergeHistogram(into.late, from.late);
  else for (const [minute, n] of Object.entries(from.late)) addToHistogram(into.late, Number(minute), -n);
}

/** What GET /{t}/api/admin/reports answers of a shared service; absent for a tenant with no vehicles. */
export interface SharingReport {
  /** Completed rides in a vehicle, picked up on the range's days. */
  rides: number;
  /** Shared rides over those rides, 0-1 to three decimals; null with none. */
  sharedRate: number | null;
  /** Rides over vehicle trips, two decimals; null with none. */
  ridersPerTrip: number | null;
  /** The average of time aboard ÷ direct trip time, two decimals; null with none. */
  detour: number | null;
  /** Rides picked up within the tenant's longest wait of when they were promised, 0-1 to three decimals. */
  onTimeRate: number | null;
  /** The longest wait the on-time share is held to (the tenant's setting when read). */
  maxWaitMinutes: number;
  /** Hours with riders aboard, and hours online in a vehicle without, one decimal. */
  hoursWithRiders: number;
  hoursWithoutRiders: number;
}

/** The report's figures from the range's summed days and the time drivers were online in a vehicle. */
export function sharingReport(sum: SharingDay, vehicleServiceMs: number, maxWaitMinutes: number): SharingReport {
  const share = (n: number, of: number, places: number) => of === 0 ? null : round(n / of, places);
  let onTime = 0;
  for (const [minute, n] of Object.entries(sum.late)) if (Number(minute) <= maxWaitMinutes) onTime += n;
  return {
    rides: sum.rides,
    sharedRate: share(sum.shared, sum.rides, 3),
    ridersPerTrip: share(sum.rides, sum.trips, 2),
    detour: share(sum.detourMilli / 1000, sum.detourRides, 2),
    onTimeRate: share(onTime, sum.rides, 3),
    maxWaitMinutes,
    hoursWithRiders: round(sum.aboardMs / 3_600_000, 1),
    hoursWithoutRiders: round(Math.max(0, vehicleServiceMs - sum.aboardMs) / 3_600_000, 1),
  };
}

function round(n: number, places: number): number {
  const f = 10 ** places;
  return Math.round(n * f) / f;
}
