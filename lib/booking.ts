/**
 * Booking ahead: the rules for a ride's `scheduledFor`, once, for
 * the server (POST /{t}/api/rides refuses what breaks them) and the rider's
 * Later choice (it offers only days and times that pass). Pure: times are
 * epoch milliseconds, read in the tenant's time zone with Intl.
 *
 * - from MIN_AHEAD_MS up to the tenant's `maxDaysAhead` days ahead;
 * - inside a slot of the tenant's weekly schedule, on the day the time falls
 *   on in the tenant's time zone (a slot's start is in, its end is out), and
 *   not on a date an admin marked closed (a closed date has no slots);
 * - at most MAX_SCHEDULED bookings per rider at once (kv/bookings.ts counts them);
 * - HAND_OVER_MS before the time, the server makes it a pending ride
 *   (domain/bookings/hand_over.ts).
 *
 * The texts take their numbers from these constants, so a changed rule is
 * never told with the old number.
 */
import type { Text } from "./i18n/catalogue.ts";
import { type Said, said, type Translate } from "./i18n/format.ts";
import { localTime } from "./local_time.ts";
import { dateText } from "./dates.ts";
import { DAY_LONG, formatSlot } from "./schedule_display.ts";
import type { Schedule, Slot } from "./schemas.ts";

// A moment on the tenant's clocks lives in lib/local_time.ts (the admin's trips CSV button needs it without these texts).
export { type LocalTime, localTime } from "./local_time.ts";

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
/** The earliest a booking may be for, from now. */
export const MIN_AHEAD_MS = 30 * MINUTE_MS;
/** A booking becomes a pending ride this long before its time. */
export const HAND_OVER_MS = 20 * MINUTE_MS;
/** How far a ride's pickup may move once a driver has it (domain/rides/change.ts), and the screen says so. */
export const MAX_PICKUP_MOVE_METERS = 50;
/** Bookings a rider may hold at once. */
export const MAX_SCHEDULED = 3;
/** The Later choice offers times every this many minutes. */
export const TIME_STEP_MINUTES = 15;

export const TOO_SOON_TEXT: Text = "Book at least {minutes} minutes ahead.";
export const TOO_FAR_TEXT: Text = "Book at most {days} days ahead.";
export const NOT_A_TIME_TEXT: Text = "The pickup time must be a time in milliseconds since 1970";
export const NO_SERVICE_ON_TEXT: Text = "No service on {day}.";
export const CLOSED_ON_TEXT: Text = "The shuttle is closed on {date}.";
export const HOURS_ON_TEXT: Text = "The shuttle runs {hours} on {day}.";
export const TOO_MANY_BOOKED_TEXT: Text = "You already have {count} rides booked.";

/** A booking too soon: the least time ahead, in minutes, from MIN_AHEAD_MS. */
export const tooSoon = (): Said => said(TOO_SOON_TEXT, { minutes: MIN_AHEAD_MS / MINUTE_MS });
/** A booking past the rider's limit: MAX_SCHEDULED, the count they hold. */
export const tooManyBooked = (): Said => said(TOO_MANY_BOOKED_TEXT, { count: MAX_SCHEDULED });

/**
 * The moment the clocks of `timeZone` show `date` ("YYYY-MM-DD") at `time`
 * ("HH:MM"). Found by correcting a UTC guess by the zone's offset twice, which
 * settles across a daylight-saving change; a time the clocks skip answers the
 * moment an hour on.
 */
export function zonedMoment(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const shown = localTime(guess, timeZone);
    const [sy, smo, sd] = shown.date.split("-").map(Number);
    const [sh, smi] = shown.time.split(":").map(Number);
    guess += wanted - Date.UTC(sy, smo - 1, sd, sh, smi);
  }
  return guess;
}

/** The slots of day `day` (0-6), in start order. */
export function daySlots(schedule: Schedule | null | undefined, day: number): Slot[] {
  const slots = schedule?.[String(day) as keyof Schedule] ?? [];
  return [...slots].sort((a, b) => a.start.localeCompare(b.start));
}

/** Whether "HH:MM" falls in one of `slots` (start in, end out). */
export function inSlots(slots: readonly Slot[], time: string): boolean {
  return slots.some((s) => s.start <= time && time < s.end);
}

/** A booking's time as a request sends it: the pickup time, or the time to arrive by (domain/bookings/booking_time.ts). */
export type BookedTime = { scheduledFor: number } | { arriveBy: number };

export interface BookingRules {
  now: number;
  maxDaysAhead: number;
  timezone: string;
  schedule: Schedule | null | undefined;
  /** Dates ("YYYY-MM-DD") an admin marked closed: no service, whatever the weekly schedule says. */
  closedDates?: readonly string[];
}

/** The slots the service runs on `date` (weekday `day`): none on a closed date. One rule for bookings and standing rides. */
export function dateSlots(rules: Pick<BookingRules, "schedule" | "closedDates">, date: string, day: number): Slot[] {
  return rules.closedDates?.includes(date) ? [] : daySlots(rules.schedule, day);
}

/**
 * A booking's time checked against the rules: null when it passes, else why
 * not, said in no language (lib/i18n/format.ts); the day's hours are worded in
 * the reader's.
 */
export function checkScheduledFor(value: unknown, rules: BookingRules): Said | null {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) return said(NOT_A_TIME_TEXT);
  if (value < rules.now + MIN_AHEAD_MS) return tooSoon();
  if (value > rules.now + rules.maxDaysAhead * DAY_MS) return said(TOO_FAR_TEXT, { days: rules.maxDaysAhead });
  const local = localTime(value, rules.timezone);
  const slots = dateSlots(rules, local.date, local.day);
  if (inSlots(slots, local.time)) return null;
  if (rules.closedDates?.includes(local.date)) {
    return said(CLOSED_ON_TEXT, { date: (t) => dateText(local.date, t.lang) });
  }
  const day = said(DAY_LONG[local.day]);
  if (slots.length === 0) return said(NO_SERVICE_ON_TEXT, { day });
  const hours = (t: Translate) => slots.map((s) => formatSlot(s, t)).join(", ");
  return said(HOURS_ON_TEXT, { day, hours });
}

/** One day the Later choice offers, with the times it offers on it ("HH:MM", every TIME_STEP_MINUTES). */
export interface BookableDay {
  date: string;
  day: number;
  times: string[];
}

/**
 * The days and times a booking may be made for from `now`: each day up to
 * `maxDaysAhead` ahead with a time that passes checkScheduledFor. Days
 * without one are left out.
 */
export function bookableDays(rules: BookingRules): BookableDay[] {
  const days: BookableDay[] = [];
  const first = rules.now + MIN_AHEAD_MS;
  const last = rules.now + rules.maxDaysAhead * DAY_MS;
  // One day past the last: the last day's early hours are still within reach.
  for (let at = rules.now; at <= last + DAY_MS; at += DAY_MS) {
    const { date, day } = localTime(at, rules.timezone);
    if (days.some((d) => d.date === date)) continue;
    const times: string[] = [];
    for (const slot of dateSlots(rules, date, day)) {
      for (let m = minutes(slot.start); m < minutes(slot.end); m += TIME_STEP_MINUTES) {
        const time = hhmm(m);
        const moment = zonedMoment(date, time, rules.timezone);
        if (moment >= first && moment <= last && localTime(moment, rules.timezone).time === time) times.push(time);
      }
    }
    if (times.length > 0) days.push({ date, day, times });
  }
  return days;
}

function minutes(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return h * 60 + m;
}

function hhmm(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** When a booking is handed over to drivers. */
export function handOverAt(scheduledFor: number): number {
  return scheduledFor - HAND_OVER_MS;
}
