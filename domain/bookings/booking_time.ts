/**
 * A booking's time, one rule for every door that books or changes a ride: a
 * body carries `scheduledFor` (the pickup time) or `arriveBy` (the time the
 * rider must be at the destination), never both.
 *
 * An arrival time meets the bounds of a pickup time (lib/booking.ts
 * checkScheduledFor). The pickup is then set early enough to keep it: the trip's
 * travel time (the dispatch travel model, plus the stop at the pickup) and the
 * tenant's longest wait before it, on the whole minute; that pickup time must
 * pass the same bounds, so it is never in the past or outside the schedule.
 * Drivers mode shows the rider that pickup time; automatic dispatch plans the
 * pickup from it and the drop-off no later than the arrival time
 * (domain/dispatch/place.ts bookingWindow).
 */
import type { Store } from "../../kv/store.ts";
import { getClosedDates, getSchedule } from "../../kv/tenants.ts";
import { checkScheduledFor, MINUTE_MS } from "../../lib/booking.ts";
import type { Point } from "../../lib/geo.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { estimateTravel, STOP_SERVICE_MS, type Travel } from "../dispatch/travel.ts";
import { done, type Outcome, refuse, refuseSaid } from "../refusal.ts";

export const BOTH_TIMES_TEXT: Text = "Send scheduledFor or arriveBy, not both";
export const NOT_AN_ARRIVAL_TEXT: Text = "The arrive-by time must be a time in milliseconds since 1970";
export const ARRIVAL_NEEDS_DROPOFF_TEXT: Text =
  "To arrive by a time, choose the destination on the map or from the list.";

/** A booking's time as the ride keeps it: the pickup time, and the arrival time when the rider gave one. */
export interface BookingTime {
  scheduledFor: number;
  arriveBy?: number;
}

export interface BookingTimeDeps {
  kv: Store;
  clock: { now(): number };
  travel?: Travel;
}

/**
 * The pickup time that keeps `arriveBy`: the trip (`tripMs`, the stop at the pickup included) and the longest wait
 * before it, rounded down to the whole minute.
 */
export function pickupForArrival(arriveBy: number, tripMs: number, maxWaitMinutes: number): number {
  const at = arriveBy - tripMs - maxWaitMinutes * MINUTE_MS;
  return Math.floor(at / MINUTE_MS) * MINUTE_MS;
}

/** The trip's time from `pickup` to `dropoff` by the travel model, with the stop at the pickup. */
export async function tripMs(travel: Travel, pickup: Point, dropoff: Point): Promise<number> {
  const matrix = await travel.matrix([pickup, dropoff]);
  return matrix(0, 1) + STOP_SERVICE_MS;
}

/**
 * Reads the time of a booking from `input`: null for a ride now (neither field given), the booking's time, or
 * why not (400, the field named). `trip` is the ride's pickup and drop-off as the request reads them.
 */
export async function readBookingTime(
  deps: BookingTimeDeps,
  tenant: Tenant,
  input: { scheduledFor?: unknown; arriveBy?: unknown },
  trip: { pickup: Point; dropoff: Point | null },
): Promise<Outcome<BookingTime | null>> {
  const pickupGiven = input.scheduledFor !== undefined && input.scheduledFor !== null;
  const arrivalGiven = input.arriveBy !== undefined && input.arriveBy !== null;
  if (!pickupGiven && !arrivalGiven) return done(null);
  if (pickupGiven && arrivalGiven) return refuse(400, BOTH_TIMES_TEXT);
  const now = deps.clock.now();
  const settings = settingsOf(tenant);
  const rules = {
    now,
    maxDaysAhead: settings.maxDaysAhead,
    timezone: tenant.timezone,
    schedule: await getSchedule(deps.kv, tenant.code),
    closedDates: await getClosedDates(deps.kv, tenant.code),
  };
  if (pickupGiven) {
    const refused = checkScheduledFor(input.scheduledFor, rules);
    return refused ? refuseSaid(400, refused) : done({ scheduledFor: input.scheduledFor as number });
  }
  const arriveBy = input.arriveBy;
  if (typeof arriveBy !== "number" || !Number.isSafeInteger(arriveBy)) return refuse(400, NOT_AN_ARRIVAL_TEXT);
  const late = checkScheduledFor(arriveBy, rules);
  if (late) return refuseSaid(400, late);
  if (!trip.dropoff) return refuse(400, ARRIVAL_NEEDS_DROPOFF_TEXT);
  const travelMs = await tripMs(deps.travel ?? estimateTravel, trip.pickup, trip.dropoff);
  const scheduledFor = pickupForArrival(arriveBy, travelMs, settings.maxWaitMinutes);
  const early = checkScheduledFor(scheduledFor, rules);
  if (early) return refuseSaid(400, early);
  return done({ scheduledFor, arriveBy });
}
