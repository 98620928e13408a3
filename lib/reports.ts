/**
 * Reports for the people who fund the service: what one ride adds
 * to its day's figures, and how days add up to a report. Shared by the ride
 * writes (kv/report_rollups.ts keeps each day's rollup in the ride's own
 * commit), the rebuild (the same rule run over every ride), the reports API,
 * the CSV export and the reports page.
 *
 * A ride counts on the tenant's local day it was requested (the CSV's rows
 * are the same rides). Waits run from the request, or for a booking from the
 * pickup time asked for, to the driver's arrival; time to accept runs from
 * when drivers could first see it. Minutes are whole, rounded.
 */
import { handOverAt } from "./booking.ts";
import { isDate } from "./dates.ts";
import type { Ride } from "./rides.ts";
import type { Text } from "./i18n/catalogue.ts";
import type { SharingReport } from "./sharing.ts";

// Calendar dates live in lib/dates.ts (the schedule's closed dates and standing rides read them too).
export { addDays, isDate } from "./dates.ts";

/** Minutes are kept per whole minute up to this; longer ones count as this many. */
export const MAX_MINUTES = 600;

/** How many rides fell on each whole minute: `{ "4": 12, "5": 3 }`. */
export type Histogram = Record<string, number>;

/** The tenant's local day and hour a ride was requested, fixed on the ride when it is made. */
export interface RideLocal {
  /** "YYYY-MM-DD" */
  date: string;
  /** 0-23 */
  hour: number;
}

/** How many rides of a span were requested and how they ended. */
export interface RideCounts {
  requested: number;
  completed: number;
  canceledByRider: number;
  canceledByStaff: number;
  noShows: number;
  /** The sum of passengerCt over completed rides. */
  passengers: number;
}

/** One local day of a tenant's rides, kept whole in one KV value. */
export interface DayRollup extends RideCounts {
  /** Requests by local hour, 24 entries. */
  hours: number[];
  /** Request (or booked pickup time) to the driver's arrival. */
  wait: Histogram;
  /** When drivers could first see it to acceptance. */
  accept: Histogram;
  /** Pickup (the driver's arrival) to completion. */
  ride: Histogram;
  /** Requests by pickup place or cell (`pickupKey`). */
  pickups: Record<string, Pickup>;
}

/** One driver's completed rides on one local day. */
export interface DriverDay {
  completed: number;
  wait: Histogram;
  ratingSum: number;
  ratings: number;
}

/** One driver's days of one local month, by day of the month ("01"-"31"). */
export type DriverMonth = Record<string, DriverDay>;

export interface Pickup {
  /** The named place, or null for a pin (a cell about 110 m across, given by its centre). */
  label: string | null;
  lat: number;
  lng: number;
  count: number;
}

/** What GET /{t}/api/admin/reports answers. */
export interface Report extends RideCounts {
  /** "YYYY-MM-DD", the tenant's local days, `to` inclusive. */
  from: string;
  to: string;
  timezone: string;
  /** Completed over the rides that ended (completed, canceled, no-show), 0-1 to three decimals; null when none ended. */
  completionRate: number | null;
  waitMinutes: { p50: number | null; p90: number | null };
  acceptMinutes: { p50: number | null };
  rideMinutes: { p50: number | null };
  /** Hours drivers were online and counted available, one decimal (vehicle revenue hours). */
  vehicleHours: number;
  /** Miles driven between location reports while online, one decimal (vehicle revenue miles). */
  vehicleMiles: number;
  /** Passengers over vehicle hours, two decimals; null with no hours. */
  passengersPerVehicleHour: number | null;
  /** Every day of the range, in order. */
  byDay: { date: string; requested: number; completed: number }[];
  /** Requests by weekday (0 Monday … 6 Sunday) and local hour: 7 rows of 24. */
  byHour: number[][];
  /** Drivers with a completed ride in the range, most rides first. */
  drivers: {
    id: string;
    name: string | null;
    completed: number;
    waitMinutesP50: number | null;
    /** Average of the ratings of those rides, one decimal; null when none rated. */
    rating: number | null;
  }[];
  /** The ten busiest pickup places or cells, busiest first. */
  pickups: Pickup[];
  /** A shared service's figures (lib/sharing.ts); absent for a tenant that never had a vehicle. */
  sharing?: SharingReport;
}

/** The longest range a report or CSV covers. */
export const MAX_REPORT_DAYS = 366;

export function emptyDay(): DayRollup {
  return {
    requested: 0,
    completed: 0,
    canceledByRider: 0,
    canceledByStaff: 0,
    noShows: 0,
    passengers: 0,
    hours: Array(24).fill(0),
    wait: {},
    accept: {},
    ride: {},
    pickups: {},
  };
}

const MINUTE = 60_000;

/** Whole minutes, rounded, capped at MAX_MINUTES; never below 0. */
export function wholeMinutes(ms: number): number {
  return Math.min(MAX_MINUTES, Math.max(0, Math.round(ms / MINUTE)));
}

/** When the rider wanted the driver: the request, or a booking's pickup time. */
export function waitFrom(ride: Pick<Ride, "requestedAt" | "scheduledFor">): number {
  return ride.scheduledFor ?? ride.requestedAt;
}

/** Milliseconds from when the rider wanted the driver to the driver's arrival; null before arrival. */
export function waitMs(ride: Pick<Ride, "requestedAt" | "scheduledFor" | "arrivedAt">): number | null {
  return ride.arrivedAt === null ? null : Math.max(0, ride.arrivedAt - waitFrom(ride));
}

/** Milliseconds from when drivers could first see the ride to its acceptance; null before. */
export function acceptMs(ride: Pick<Ride, "requestedAt" | "scheduledFor" | "acceptedAt">): number | null {
  if (ride.acceptedAt === null) return null;
  const shown = ride.scheduledFor === undefined ? ride.requestedAt : handOverAt(ride.scheduledFor);
  return Math.max(0, ride.acceptedAt - shown);
}

/**
 * Milliseconds from pickup to completion; null unless completed. Drivers go
 * from arrived straight to completed (lib/ride_moves.ts), so the pickup is
 * the arrival unless a pickup was marked.
 */
export function rideMs(ride: Pick<Ride, "arrivedAt" | "pickedUpAt" | "completedAt">): number | null {
  const aboard = ride.pickedUpAt ?? ride.arrivedAt;
  return aboard === null || ride.completedAt === null ? null : Math.max(0, ride.completedAt - aboard);
}

/** Whether a canceled ride was canceled by its rider (rides stored before this was kept count as the rider's). */
export function canceledByRider(ride: Pick<Ride, "canceledBy">): boolean {
  return ride.canceledBy !== "staff";
}

/** The pickups key of a ride: its named place, or its cell of 0.001° (about 110 m). */
export function pickupKey(ride: Pick<Ride, "pickup" | "pickupName">): string {
  if (ride.pickupName) return `place:${ride.pickupName}`;
  return `cell:${cellOf(ride.pickup.lat)},${cellOf(ride.pickup.lng)}`;
}

const cellOf = (deg: number) => (Math.floor(deg * 1000) + 0.5) / 1000;

/**
 * The value at rank p (0-1) of a histogram, by nearest rank: the smallest
 * minute with at least ceil(p × n) rides at or below it. Null when empty.
 */
export function percentile(histogram: Histogram, p: number): number | null {
  const entries = Object.entries(histogram).map(([m, n]) => [Number(m), n] as const).filter(([, n]) => n > 0)
    .sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const [minute, n] of entries) {
    seen += n;
    if (seen >= rank) return minute;
  }
  return entries[entries.length - 1][0];
}

/** Adds `n` rides at `minute` to `histogram` (n may be -1 to take one away); empty buckets go. */
export function addToHistogram(histogram: Histogram, minute: number, n: number): void {
  const next = (histogram[minute] ?? 0) + n;
  if (next === 0) delete histogram[minute];
  else histogram[minute] = next;
}

/** Adds one histogram into another. */
export function mergeHistogram(into: Histogram, from: Histogram): void {
  for (const [minute, n] of Object.entries(from)) addToHistogram(into, Number(minute), n);
}

/** Days from `from` to `to`, both "YYYY-MM-DD" (0 when equal). */
export function daysBetween(from: string, to: string): number {
  const ms = (date: string) => {
    const [y, m, d] = date.split("-").map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(to) - ms(from)) / 86_400_000);
}

/** 0 Monday … 6 Sunday, of a "YYYY-MM-DD". */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The checked range of a report or export, or the error to answer with 400. */
export function checkRange(
  from: unknown,
  to: unknown,
): { ok: true; from: string; to: string } | { ok: false; error: Text } {
  if (!isDate(from)) return { ok: false, error: "from must be a date written YYYY-MM-DD" };
  if (!isDate(to)) return { ok: false, error: "to must be a date written YYYY-MM-DD" };
  const days = daysBetween(from, to) + 1;
  if (days < 1) return { ok: false, error: "to must not be before from" };
  if (days > MAX_REPORT_DAYS) return { ok: false, error: "A report covers at most 366 days" };
  return { ok: true, from, to };
}
