/**
 * How a tenant's weekly schedule reads to a rider (spec section 5, "Schedule
 * display"): consecutive days with the same slots are grouped ("Mon – Fri"),
 * times are in 12-hour form ("7:00 AM – 7:00 PM"), a day without slots reads
 * "No service", and a schedule with no slot at all "No schedule available".
 * Pure, so the server, the rider screen and tests share it; the words come
 * through the screen's translate function.
 */
import type { Text } from "./i18n/catalogue.ts";
import type { Translate } from "./i18n/format.ts";
import type { Schedule, Slot } from "./schemas.ts";

export const NO_SERVICE: Text = "No service";
export const NO_SCHEDULE: Text = "No schedule available";

/** Days 0 (Sunday) to 6 (Saturday), the spec's order; the week is not wrapped (Sat and Sun are not joined). */
export const DAY_SHORT: readonly Text[] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
export const DAY_LONG: readonly Text[] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** Between days of a range and between the two ends of a slot. */
export const RANGE = " – ";

export interface ScheduleRow {
  /** e.g. "Mon – Fri", or "Sun" for a single day. */
  days: string;
  /** e.g. "Monday – Friday", for screen readers and tooltips. */
  daysLong: string;
  /** First and last day index of the group. */
  from: number;
  to: number;
  /** e.g. ["7:00 AM – 11:00 AM", "1:00 PM – 7:00 PM"]; empty on a day without service. */
  slots: string[];
}

/** "07:05" → "7:05 AM", "00:00" → "12:00 AM", "12:00" → "12:00 PM", "23:59" → "11:59 PM". Anything else is returned as is. */
export function formatTime(hhmm: string, t: Translate): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const hours = Number(m[1]);
  if (hours > 23) return hhmm;
  const suffix = hours < 12 ? "AM" : "PM";
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${m[2]} ${t(suffix)}`;
}

/** "07:00"–"19:00" → "7:00 AM – 7:00 PM". */
export function formatSlot(slot: Slot, t: Translate): string {
  return `${formatTime(slot.start, t)}${RANGE}${formatTime(slot.end, t)}`;
}

/** A day's slots in start order, formatted. */
function daySlots(schedule: Schedule, day: number, t: Translate): string[] {
  const slots = schedule[String(day) as keyof Schedule] ?? [];
  return [...slots]
    .sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end))
    .map((slot) => formatSlot(slot, t));
}

/**
 * Groups the week into rows of consecutive days with the same slots, Sunday
 * first. Returns [] when no day has a slot (show NO_SCHEDULE).
 */
export function groupSchedule(schedule: Schedule | null | undefined, t: Translate): ScheduleRow[] {
  if (!schedule) return [];
  const week = DAY_SHORT.map((_, day) => daySlots(schedule, day, t));
  if (week.every((slots) => slots.length === 0)) return [];
  const rows: ScheduleRow[] = [];
  for (let day = 0; day < 7; day++) {
    const last = rows.at(-1);
    if (last && last.to === day - 1 && sameSlots(last.slots, week[day])) {
      last.to = day;
      continue;
    }
    rows.push({ days: "", daysLong: "", from: day, to: day, slots: week[day] });
  }
  for (const row of rows) {
    const days = (names: readonly Text[]) =>
      row.from === row.to ? t(names[row.from]) : `${t(names[row.from])}${RANGE}${t(names[row.to])}`;
    row.days = days(DAY_SHORT);
    row.daysLong = days(DAY_LONG);
  }
  return rows;
}

function sameSlots(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((slot, i) => slot === b[i]);
}
