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

/**
 * `ms` on the clocks of `timeZone`, part by part as Intl names them (weekday "Mon", year, month, day, hour "00"-"23",
 * minute, second): one formatter per zone serves every reader (localTime here, isoInZone in lib/zoned_iso.ts).
 */
export function zoneParts(ms: number, timeZone: string): Record<string, string> {
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
      second: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
  return parts;
}

/** `ms` on the clocks of `timeZone`. */
export function localTime(ms: number, timeZone: string): LocalTime {
  const parts = zoneParts(ms, timeZone);
  return {
    day: WEEKDAYS.indexOf(parts.weekday),
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}
