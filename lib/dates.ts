/**
 * Calendar dates as "YYYY-MM-DD", the form the schedule's closed dates and
 * standing rides keep them in (on the tenant's clock, so read in UTC here and
 * never moved to another zone). Plain and free of texts, so the screens that
 * need a date carry nothing more.
 */
import { type Lang, LOCALES } from "./i18n/lang.ts";

/** Whether `value` is a real calendar date written "YYYY-MM-DD". */
export function isDate(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  // The day after must be writable too: a range is read up to it (kv/reports.ts), and after 9999-12-31 comes
  // "+010000-01-01", which sorts first, so KV refused the list and the report answered 500.
  return addDays(value, 0) === value && /^\d{4}-/.test(addDays(value, 1));
}

/** A list of distinct dates, sorted; null when any is not a date or there are more than `max`. */
export function readDates(value: unknown, max: number): string[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > max || !value.every(isDate)) return null;
  return [...new Set(value as string[])].sort();
}

/** "YYYY-MM-DD" `days` after `date` (calendar days, no time zone involved; before, when negative). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The schedule's day of `date`: 0 Sunday … 6 Saturday (lib/reports.ts weekdayOf counts from Monday). */
export function scheduleDayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** "Friday, December 25" for a date "YYYY-MM-DD". */
export function dateText(date: string, lang: Lang): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone: "UTC", weekday: "long", month: "long", day: "numeric" })
    .format(Date.UTC(y, m - 1, d));
}
