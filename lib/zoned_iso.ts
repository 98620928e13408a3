/**
 * A moment written ISO 8601 on the clocks of a time zone, with that zone's
 * offset at that moment: "2026-11-26T09:30:00-05:00" in New York in November,
 * "2026-07-01T09:30:00-04:00" in July (issue 22, the trips CSV). The offset is
 * read from Intl at the moment itself, so it is right on both sides of a
 * daylight-saving change; seconds are whole (milliseconds are dropped).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

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

/** `ms` as "YYYY-MM-DDTHH:MM:SS±HH:MM" in `timeZone` ("+00:00" for UTC itself). */
export function isoInZone(ms: number, timeZone: string): string {
  const whole = Math.floor(ms / 1000) * 1000;
  const p: Record<string, string> = {};
  for (const part of formatOf(timeZone).formatToParts(whole)) p[part.type] = part.value;
  const shown = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  // Offsets of this century are whole minutes; a zone's early local mean time (seconds) is rounded.
  const offset = Math.round((shown - whole) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const hhmm = `${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${sign}${hhmm}`;
}

const pad = (n: number) => String(n).padStart(2, "0");
