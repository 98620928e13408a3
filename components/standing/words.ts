/**
 * How a standing ride reads to its rider: its days ("Mon, Wed, Fri"), its
 * time ("arrive by 9:00 AM"), its dates ("Wed, Jan 7"). Dates and times are
 * already the tenant's ("YYYY-MM-DD", "HH:MM"), so they are worded in UTC,
 * never moved to the device's zone.
 */
import { DAY_SHORT } from "../../lib/schedule_display.ts";
import { LOCALES } from "../../lib/i18n/lang.ts";
import type { StandingRule } from "../../lib/standing_rides.ts";
import type { T } from "../texts.tsx";

const utc = (date: string, time = "00:00") => {
  const [y, m, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  return Date.UTC(y, m - 1, d, h, mi);
};

/** "Wed, Jan 7" */
export function shortDate(date: string, t: T): string {
  return new Intl.DateTimeFormat(LOCALES[t.lang], { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" })
    .format(utc(date));
}

/** "9:00 AM" for "09:00". */
export function clockText(time: string, t: T): string {
  return new Intl.DateTimeFormat(LOCALES[t.lang], { timeZone: "UTC", hour: "numeric", minute: "2-digit" })
    .format(utc("2026-01-01", time));
}

/** "Mon, Wed, Fri, pick up at 8:30 AM" or "…, arrive by 9:00 AM". */
export function repeatText(rule: StandingRule, t: T): string {
  const days = rule.weekdays.map((d) => t(DAY_SHORT[d])).join(", ");
  return rule.time
    ? t("{days}, pick up at {time}", { days, time: clockText(rule.time, t) })
    : t("{days}, arrive by {time}", { days, time: clockText(rule.arriveBy ?? "00:00", t) });
}

/** "From Mon, Jan 5" or "From Mon, Jan 5 to Fri, Jan 30". */
export function spanText(rule: StandingRule, t: T): string {
  const start = shortDate(rule.startDate, t);
  return rule.endDate
    ? t("From {start} to {end}", { start, end: shortDate(rule.endDate, t) })
    : t("From {start}", { start });
}
