/**
 * Relative time (spec section 5): no value "N/A"; under 60 s "just now";
 * under an hour "N minutes ago"; under a day "N hours ago"; under 7 days
 * "N days ago"; otherwise the local time of day.
 */
import type { Translate } from "./i18n/format.ts";
import { LOCALES } from "./i18n/lang.ts";

export function relativeTime(
  at: number | null | undefined,
  now: number,
  t: Translate,
  timeZone?: string,
): string {
  if (at === null || at === undefined || !Number.isFinite(at)) return t("N/A");
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return t("just now");
  if (seconds < 3600) return ago(Math.floor(seconds / 60), "minute", t);
  if (seconds < 86400) return ago(Math.floor(seconds / 3600), "hour", t);
  if (seconds < 604800) return ago(Math.floor(seconds / 86400), "day", t);
  return new Date(at).toLocaleTimeString(LOCALES[t.lang], { hour: "numeric", minute: "2-digit", timeZone });
}

const AGO = { minute: "{count} minutes ago", hour: "{count} hours ago", day: "{count} days ago" } as const;

function ago(count: number, unit: keyof typeof AGO, t: Translate): string {
  return t(AGO[unit], { count });
}
