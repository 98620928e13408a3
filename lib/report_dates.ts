/**
 * The reports page's ranges: the presets, worked out on the
 * tenant's clocks (weeks start on Monday), and the monthly summary's month.
 * Shared by the pages' server rendering and their tests.
 */
import { localTime } from "./local_time.ts";
import type { Text } from "./i18n/catalogue.ts";
import { addDays, checkRange, weekdayOf } from "./reports.ts";

export type PresetKey = "this-week" | "last-week" | "this-month" | "last-month";

export interface Preset {
  key: PresetKey;
  label: Text;
  from: string;
  to: string;
}

/** "YYYY-MM" of a "YYYY-MM-DD". */
export const monthOf = (date: string) => date.slice(0, 7);

/** The last day of a "YYYY-MM", as "YYYY-MM-DD". */
function lastDayOf(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The month before a "YYYY-MM". */
export function previousMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

/** Today on the tenant's clocks. */
export function localToday(now: number, timeZone: string): string {
  return localTime(now, timeZone).date;
}

/**
 * The four presets for `today` (the tenant's local date): this week and this
 * month run to today; last week is Monday to Sunday, last month the whole month.
 */
export function presets(today: string): Preset[] {
  const monday = addDays(today, -weekdayOf(today));
  const month = monthOf(today);
  const last = previousMonth(month);
  return [
    { key: "this-week", label: "This week", from: monday, to: today },
    { key: "last-week", label: "Last week", from: addDays(monday, -7), to: addDays(monday, -1) },
    { key: "this-month", label: "This month", from: `${month}-01`, to: today },
    { key: "last-month", label: "Last month", from: `${last}-01`, to: lastDayOf(last) },
  ];
}

export const MONTH_ERROR = "month must be a month written YYYY-MM";

/** The days of a month given as "YYYY-MM", or the error to answer with 400. */
export function checkMonth(
  month: unknown,
): { ok: true; month: string; from: string; to: string } | { ok: false; error: string } {
  if (typeof month !== "string" || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return { ok: false, error: MONTH_ERROR };
  const range = checkRange(`${month}-01`, lastDayOf(month));
  if (!range.ok) return { ok: false, error: MONTH_ERROR };
  return { ok: true, month, from: range.from, to: range.to };
}
