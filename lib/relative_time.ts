/**
 * Relative time (spec section 5): no value "N/A"; under 60 s "just now";
 * under an hour "N minutes ago"; under a day "N hours ago"; under 7 days
 * "N days ago"; otherwise the local time of day.
 */
export function relativeTime(at: number | null | undefined, now: number = Date.now(), timeZone?: string): string {
  if (at === null || at === undefined || !Number.isFinite(at)) return "N/A";
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return "just now";
  if (seconds < 3600) return plural(Math.floor(seconds / 60), "minute");
  if (seconds < 86400) return plural(Math.floor(seconds / 3600), "hour");
  if (seconds < 604800) return plural(Math.floor(seconds / 86400), "day");
  return new Date(at).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone });
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"} ago`;
}
