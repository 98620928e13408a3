/** How the reports pages write numbers, days and months, in the page's language. */
import { type Lang, LOCALES } from "../../lib/i18n/lang.ts";

/** A count or a measure with at most `digits` decimals ("1,204", "52.5"). */
export function formatNumber(lang: Lang, n: number, digits = 0): string {
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: digits }).format(n);
}

/** A 0-1 share as a percentage with at most one decimal ("83.3%"). */
export function formatPercent(lang: Lang, share: number): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: "percent", maximumFractionDigits: 1 }).format(share);
}

const utc = (date: string) => {
  const [y, m, d] = date.split("-").map(Number);
  return Date.UTC(y, m - 1, d);
};

/** A "YYYY-MM-DD" local day in words ("Nov 3, 2026"); the date is already the tenant's, so no zone moves it. */
export function formatDay(lang: Lang, date: string, style: "medium" | "long" = "medium"): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: style, timeZone: "UTC" }).format(utc(date));
}

/** A range of local days ("Nov 1 – 26, 2026"). */
export function formatRange(lang: Lang, from: string, to: string): string {
  const format = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: "medium", timeZone: "UTC" });
  return from === to ? format.format(utc(from)) : format.formatRange(utc(from), utc(to));
}

/** A "YYYY-MM" in words ("November 2026"). */
export function formatMonth(lang: Lang, month: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { month: "long", year: "numeric", timeZone: "UTC" })
    .format(utc(`${month}-01`));
}

/** A day's short label under a chart: its day of the month ("3"), or with the month on the first ("Dec 1"). */
export function dayLabel(lang: Lang, date: string, withMonth: boolean): string {
  const options: Intl.DateTimeFormatOptions = withMonth
    ? { month: "short", day: "numeric", timeZone: "UTC" }
    : { day: "numeric", timeZone: "UTC" };
  return new Intl.DateTimeFormat(LOCALES[lang], options).format(utc(date));
}

/** The short weekday of a "YYYY-MM-DD" ("Mon"). */
export function weekdayLabel(lang: Lang, date: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { weekday: "short", timeZone: "UTC" }).format(utc(date));
}

/** The highest gridline of a chart: a round number at or above `max` (at least 4), and its step for 4 lines. */
export function niceScale(max: number): { top: number; step: number } {
  const rough = Math.max(4, max) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough && Number.isInteger(s)) ??
    Math.ceil(rough);
  return { top: step * 4, step };
}
