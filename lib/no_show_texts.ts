/**
 * What the no-show policy says to riders: the pause's 403 text and
 * the rider screen's warning, in the reader's language. Apart from
 * lib/no_show.ts so the settings page's bundle carries none of these texts
 * and the rider's none of the settings' refusals.
 */
import type { Text } from "./i18n/catalogue.ts";
import type { Translate } from "./i18n/format.ts";
import { LOCALES } from "./i18n/lang.ts";
import type { NoShowStanding } from "./no_show.ts";

export const SUSPENDED_TEXT: Text =
  "Ride requests are paused until {date} after {n} missed pickups. Contact {organisation} if this is a mistake.";
/** `{window}` and `{pause}` come in the reader's plural ("in the last day", "in the last 30 days"; "1 day"). */
export const WARNING_TEXT: Text = "Missed pickups {window}: {n}. At {limit}, ride requests are paused for {pause}.";

/** A day as the reader says it, in the tenant's time zone ("Tuesday, December 1", "martes, 1 de diciembre"). */
export function policyDate(at: number, t: Translate, timeZone: string): string {
  return new Date(at).toLocaleDateString(LOCALES[t.lang], { weekday: "long", month: "long", day: "numeric", timeZone });
}

/** The 403 of a paused rider's request, in the reader's language. */
export function suspendedText(standing: NoShowStanding, organisation: string, timeZone: string, t: Translate): string {
  return t(SUSPENDED_TEXT, {
    date: policyDate(standing.suspendedUntil ?? 0, t, timeZone),
    n: standing.count,
    organisation,
  });
}

/** The rider screen's warning, or null below `warnAt` (a paused rider reads the pause instead). */
export function warningText(standing: NoShowStanding, t: Translate): string | null {
  const { count, policy } = standing;
  if (count < policy.warnAt) return null;
  return t(WARNING_TEXT, {
    n: count,
    window: t("in the last {count} days", { count: policy.windowDays }),
    limit: policy.suspendAt,
    pause: t("{count} days", { count: policy.suspendDays }),
  });
}
