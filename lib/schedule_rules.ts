/**
 * What a weekly schedule must be before riders see it ("Schedule"):
 * days 0 (Sunday) to 6 (Saturday); times 24-hour "HH:MM"; each slot ends
 * after it starts, within the day; no two slots of a day overlap (touching,
 * 09:00-12:00 then 12:00-17:00, is fine); at most 12 slots a day. The spec
 * shows no such checks (section 5) but a wrong slot would mislead riders.
 *
 * Shared by the server (PUT /{tenant}/api/admin/schedule answers the first
 * issue's message) and the schedule editor (which shows every issue beside
 * its slot before saving), so both say the same thing. Slots are numbered
 * from 1 in the order they were given, which is the order the editor shows.
 * Plain TypeScript, no schema library: it ships in the editor's bundle.
 * Messages are worded by the caller's translate function: the editor's, in
 * the page's language, and the server's English, which the server puts into
 * the request's language on the way out.
 */
import type { Text } from "./i18n/catalogue.ts";
import type { Translate } from "./i18n/format.ts";
import type { Schedule, Slot } from "./schemas.ts";
import { readDates } from "./dates.ts";

export const MAX_SLOTS_PER_DAY = 12;
export const DAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const satisfies readonly Text[];
export const DAY_KEYS = ["0", "1", "2", "3", "4", "5", "6"] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface ScheduleIssue {
  /** Day index 0-6; null when the problem is the whole value or a day key that is not a day. */
  day: number | null;
  /** Slot index from 0 in the order given; null for a problem of the whole day. */
  slot: number | null;
  /** Which input of the slot is wrong, for the editor to mark; null for the slot as a whole. */
  field: "start" | "end" | null;
  message: string;
}

export type ScheduleCheck = { ok: true; schedule: Schedule } | { ok: false; issues: ScheduleIssue[] };

export const NOT_A_SCHEDULE: Text = "The schedule must map days 0 (Sunday) to 6 (Saturday) to lists of time slots";

/** Closed dates kept at once: a year of holidays, with room. */
export const MAX_CLOSED_DATES = 100;
export const CLOSED_DATES_TEXT: Text = "Closed dates must be a list of at most {max} dates as YYYY-MM-DD";

/**
 * The dates an admin marks closed (no service, whatever the weekly schedule
 * says; lib/booking.ts dateSlots), distinct and sorted, or the text why not.
 */
export function checkClosedDates(
  input: unknown,
  t: Translate,
): { ok: true; dates: string[] } | { ok: false; message: string } {
  const dates = readDates(input, MAX_CLOSED_DATES);
  return dates ? { ok: true, dates } : { ok: false, message: t(CLOSED_DATES_TEXT, { max: MAX_CLOSED_DATES }) };
}

export function isTime(value: unknown): value is string {
  return typeof value === "string" && TIME.test(value);
}

/** "Monday, slot 2" */
export function slotName(day: number, slot: number, t: Translate): string {
  return t("{day}, slot {number}", { day: t(DAY_NAMES[day]), number: slot + 1 });
}

/**
 * Checks a schedule as received (`unknown`: straight from a request body or
 * the editor). On success answers it normalised: all seven days, each day's
 * slots in start order, only `start` and `end` kept.
 */
export function checkSchedule(input: unknown, t: Translate): ScheduleCheck {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, issues: [{ day: null, slot: null, field: null, message: t(NOT_A_SCHEDULE) }] };
  }
  const issues: ScheduleIssue[] = [];
  const days = new Map<number, unknown>();
  for (const [key, value] of Object.entries(input)) {
    const day = (DAY_KEYS as readonly string[]).indexOf(key);
    if (day === -1) {
      issues.push({
        day: null,
        slot: null,
        field: null,
        message: t('Day "{key}" is not a day of the week: use 0 (Sunday) to 6 (Saturday)', { key }),
      });
    } else days.set(day, value);
  }
  const schedule: Schedule = {};
  for (let day = 0; day < 7; day++) {
    const value = days.get(day) ?? [];
    const result = checkDay(day, value, t);
    issues.push(...result.issues);
    schedule[DAY_KEYS[day]] = result.slots;
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, schedule };
}

/** One day's slots: shape, times, order within each slot, the cap, then overlaps. */
export function checkDay(day: number, value: unknown, t: Translate): { slots: Slot[]; issues: ScheduleIssue[] } {
  const issues: ScheduleIssue[] = [];
  const issue = (slot: number | null, field: ScheduleIssue["field"], message: string) =>
    issues.push({ day, slot, field, message });
  const dayName = t(DAY_NAMES[day]);
  if (value === null || !Array.isArray(value)) {
    issue(null, null, t("{day}: the time slots must be a list", { day: dayName }));
    return { slots: [], issues };
  }
  if (value.length > MAX_SLOTS_PER_DAY) {
    issue(
      null,
      null,
      t("{day} has {count} time slots: at most {max} are allowed", {
        day: dayName,
        count: value.length,
        max: MAX_SLOTS_PER_DAY,
      }),
    );
  }
  /** Slots that are well formed, with their position as given. */
  const good: { slot: Slot; index: number }[] = [];
  value.forEach((raw: unknown, index) => {
    const where = slotName(day, index, t);
    if (typeof raw !== "object" || raw === null) {
      issue(index, null, t("{slot}: a time slot needs a start and an end time", { slot: where }));
      return;
    }
    const { start, end } = raw as { start?: unknown; end?: unknown };
    const startOk = isTime(start);
    const endOk = isTime(end);
    if (!startOk) {
      const value = shown(start, t);
      issue(index, "start", t("{slot}: the start time {value} is not a 24-hour time (HH:MM)", { slot: where, value }));
    }
    if (!endOk) {
      const value = shown(end, t);
      issue(index, "end", t("{slot}: the end time {value} is not a 24-hour time (HH:MM)", { slot: where, value }));
    }
    if (!startOk || !endOk) return;
    if (end <= start) {
      issue(
        index,
        "end",
        t("{slot}: the end time ({end}) must be after the start time ({start})", { slot: where, end, start }),
      );
      return;
    }
    good.push({ slot: { start, end }, index });
  });
  const sorted = [...good].sort((a, b) => a.slot.start.localeCompare(b.slot.start) || a.index - b.index);
  for (let i = 1; i < sorted.length; i++) {
    // Compare with the slot reaching latest so far, so one long slot is caught against every slot inside it.
    const earlier = sorted.slice(0, i).reduce((a, b) => (b.slot.end > a.slot.end ? b : a));
    const later = sorted[i];
    if (later.slot.start < earlier.slot.end) {
      const [first, second] = earlier.index < later.index ? [earlier, later] : [later, earlier];
      issue(
        second.index,
        null,
        t("{slot} ({start}-{end}) overlaps slot {other} ({otherStart}-{otherEnd})", {
          slot: slotName(day, second.index, t),
          start: second.slot.start,
          end: second.slot.end,
          other: first.index + 1,
          otherStart: first.slot.start,
          otherEnd: first.slot.end,
        }),
      );
    }
  }
  issues.sort((a, b) => (a.slot ?? -1) - (b.slot ?? -1));
  return { slots: sorted.map((s) => s.slot), issues };
}

function shown(value: unknown, t: Translate): string {
  if (value === undefined || value === null || value === "") return t("(empty)");
  return typeof value === "string" ? `"${value}"` : String(value);
}
