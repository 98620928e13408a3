/**
 * A moment written ISO 8601 on the clocks of a time zone, with that zone's
 * offset at that moment: "2026-11-26T09:30:00-05:00" in New York in November,
 * "2026-07-01T09:30:00-04:00" in July (the trips CSV). The offset is
 * read from Intl at the moment itself, so it is right on both sides of a
 * daylight-saving change; seconds are whole (milliseconds are dropped).
 *
 * Intl is slow (a formatToParts is about 10 µs, and a CSV row has up to five
 * times), so the offset is read once per zone and UTC hour: when the hour's
 * first and last second have the same offset, every moment of it has (zones
 * change offset at most twice a year); when they differ, the moment is read
 * on its own.
 */

const HOUR_MS = 3_600_000;
/** Hours remembered per zone before starting again: a year of hours is 8,760. */
const MAX_HOURS = 10_000;

const formats = new Map<string, Intl.DateTimeFormat>();
/** Zone → UTC hour (ms / HOUR_MS) → the offset in ms, or NaN for an hour with a change inside. */
const hours = new Map<string, Map<number, number>>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
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
  return format;
}

/** How far the zone's clocks are ahead of UTC at `whole` (a whole second), in ms, read from Intl. */
function offsetRead(whole: number, timeZone: string): number {
  const p: Record<string, string> = {};
  for (const part of formatOf(timeZone).formatToParts(whole)) p[part.type] = part.value;
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - whole;
}

function offsetAt(whole: number, timeZone: string): number {
  let known = hours.get(timeZone);
  if (!known) hours.set(timeZone, known = new Map());
  const hour = Math.floor(whole / HOUR_MS);
  let offset = known.get(hour);
  if (offset === undefined) {
    const first = offsetRead(hour * HOUR_MS, timeZone);
    offset = first === offsetRead(hour * HOUR_MS + HOUR_MS - 1000, timeZone) ? first : NaN;
    if (known.size >= MAX_HOURS) known.clear();
    known.set(hour, offset);
  }
  return Number.isNaN(offset) ? offsetRead(whole, timeZone) : offset;
}

/** `ms` as "YYYY-MM-DDTHH:MM:SS±HH:MM" in `timeZone` ("+00:00" for UTC itself). */
export function isoInZone(ms: number, timeZone: string): string {
  const whole = Math.floor(ms / 1000) * 1000;
  const offset = offsetAt(whole, timeZone);
  // Offsets of this century are whole minutes; a zone's early local mean time (seconds) is rounded.
  const minutes = Math.round(offset / 60_000);
  const abs = Math.abs(minutes);
  const sign = minutes < 0 ? "-" : "+";
  return `${new Date(whole + offset).toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const pad = (n: number) => String(n).padStart(2, "0");
