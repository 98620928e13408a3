/**
 * A moment as the clocks of a time zone show it, read with Intl: the booking
 * rules (lib/booking.ts) and the trips CSV's last days (lib/trips_csv_range.ts)
 * use it. Apart from lib/booking.ts so an island can have it without the
 * booking texts.
 */

/** A moment as the tenant's clocks show it. */
export interface LocalTime {
  /** 0 (Sunday) to 6 (Saturday). */
  day: number;
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:MM", 24-hour. */
  time: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** `ms` on the clocks of `timeZone`. */
export function localTime(ms: number, timeZone: string): LocalTime {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
  return {
    day: WEEKDAYS.indexOf(parts.weekday),
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}
