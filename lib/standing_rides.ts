/**
 * Standing rides: the same trip on chosen weekdays, at a pickup or arrive-by
 * time on the tenant's clock, from a start date to an optional end date. The
 * rules of the repeat, once, for the server (routes/api/standing_rides.ts
 * refuses what breaks them) and the rider's page (it checks the same before
 * sending). The trip itself meets the rules of a ride request when saved and
 * again when each date is booked (domain/bookings/standing_rides.ts), so a
 * date booked from a standing ride is an ordinary booking.
 *
 * Dates are "YYYY-MM-DD" on the tenant's clock, weekdays 0-6 from Sunday as the
 * schedule's days. Pure: no KV, no DOM.
 */
import type { Text } from "./i18n/catalogue.ts";
import { type Said, said } from "./i18n/format.ts";
import { addDays, isDate, readDates, scheduleDayOf } from "./dates.ts";

export { addDays, isDate, readDates, scheduleDayOf } from "./dates.ts";

/** A standing ride's repeat: which dates, at what time, and whether it is on. */
export interface StandingRule {
  weekdays: number[];
  /** The pickup time, "HH:MM"; absent when the ride is to arrive by `arriveBy`. */
  time?: string;
  /** The time to be at the destination by, "HH:MM"; absent when `time` is set. */
  arriveBy?: string;
  startDate: string;
  endDate: string | null;
  skipDates: string[];
  paused: boolean;
}

/** The trip a standing ride repeats, as a ride request sends it (lib/ride_request.ts). */
export interface StandingTrip {
  pickup?: { lat: number; lng: number };
  pickupPlaceId?: string;
  dropoff?: { lat: number; lng: number } | null;
  dropoffPlaceId?: string;
  destination?: string | null;
  passengerCt: number;
  needs?: string[];
  note?: string;
}

/** A stored standing ride: its rider, the trip and the repeat. */
export interface StandingRide extends StandingRule {
  id: string;
  tenant: string;
  riderId: string;
  /** Who saved it: the rider, or a dispatcher for them. */
  createdBy: string;
  createdAt: number;
  updatedAt: number;
  trip: StandingTrip;
}

/** Skipped dates kept on one standing ride: a year of one weekday is 53. */
export const MAX_SKIP_DATES = 60;

export const WEEKDAYS_TEXT: Text = "Weekdays must be a list of days from 0 (Sunday) to 6 (Saturday)";
export const TIME_TEXT: Text = "Send a pickup time or an arrive-by time, as HH:MM";
export const DATE_TEXT: Text = "{field} must be a date as YYYY-MM-DD";
export const END_BEFORE_START_TEXT: Text = "The end date must not be before the start date";
export const SKIP_DATES_TEXT: Text = "Skip dates must be a list of at most {max} dates as YYYY-MM-DD";
export const PAUSED_TEXT: Text = "Paused must be true or false";
export const TOO_MANY_STANDING_TEXT: Text = "You already have {count} standing rides.";
export const STANDING_NOT_FOUND_TEXT: Text = "Standing ride not found";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `value` is a time of day as "HH:MM" (00:00 to 23:59). */
export function isClockTime(value: unknown): value is string {
  return typeof value === "string" && TIME.test(value);
}

export type RuleRead = { ok: true; value: StandingRule } | { ok: false; error: Said };

/** The repeat of a standing ride's body, checked in the order of the form; the first bad field's text. */
export function readStandingRule(body: Record<string, unknown>): RuleRead {
  const fail = (error: Said): RuleRead => ({ ok: false, error });
  const days = body.weekdays;
  if (
    !Array.isArray(days) || days.length === 0 || days.length > 7 ||
    !days.every((d) => Number.isInteger(d) && d >= 0 && d <= 6)
  ) return fail(said(WEEKDAYS_TEXT));
  const hasTime = body.time !== undefined && body.time !== null;
  const hasArrive = body.arriveBy !== undefined && body.arriveBy !== null;
  if (hasTime === hasArrive) return fail(said(TIME_TEXT));
  const at = hasTime ? body.time : body.arriveBy;
  if (!isClockTime(at)) return fail(said(TIME_TEXT));
  if (!isDate(body.startDate)) return fail(said(DATE_TEXT, { field: said("Start date") }));
  const endDate = body.endDate ?? null;
  if (endDate !== null && !isDate(endDate)) return fail(said(DATE_TEXT, { field: said("End date") }));
  if (endDate !== null && endDate < body.startDate) return fail(said(END_BEFORE_START_TEXT));
  const skipDates = readDates(body.skipDates, MAX_SKIP_DATES);
  if (!skipDates) return fail(said(SKIP_DATES_TEXT, { max: MAX_SKIP_DATES }));
  const paused = body.paused ?? false;
  if (typeof paused !== "boolean") return fail(said(PAUSED_TEXT));
  return {
    ok: true,
    value: {
      weekdays: [...new Set(days as number[])].sort(),
      ...(hasTime ? { time: at } : { arriveBy: at }),
      startDate: body.startDate,
      endDate,
      skipDates,
      paused,
    },
  };
}

/** Whether the rule rides on `date`: its weekday, within its dates, not skipped. (Paused is the caller's to read.) */
export function ridesOn(rule: StandingRule, date: string): boolean {
  return date >= rule.startDate && (rule.endDate === null || date <= rule.endDate) &&
    rule.weekdays.includes(scheduleDayOf(date)) && !rule.skipDates.includes(date);
}

/**
 * The rule's dates from `from` to `to`, both in, in order. A year at most is
 * walked, so an open-ended rule asked for a far `to` stays cheap.
 */
export function datesBetween(rule: StandingRule, from: string, to: string): string[] {
  const dates: string[] = [];
  let date = from < rule.startDate ? rule.startDate : from;
  for (let i = 0; i < 366 && date <= to; i++, date = addDays(date, 1)) {
    if (rule.endDate !== null && date > rule.endDate) break;
    if (ridesOn(rule, date)) dates.push(date);
  }
  return dates;
}

/**
 * The next `count` dates the rule rides on from `today`, none while it is paused: today's only when its time is
 * after `now` ("HH:MM" on the same clock), and only dates `served` keeps (the service runs then).
 */
export function nextDates(
  rule: StandingRule,
  today: string,
  count: number,
  { now = "00:00", served = () => true }: { now?: string; served?: (date: string) => boolean } = {},
): string[] {
  if (rule.paused) return [];
  const at = rule.time ?? rule.arriveBy ?? "00:00";
  return datesBetween(rule, today, addDays(today, 366))
    .filter((date) => (date > today || at > now) && served(date))
    .slice(0, count);
}
