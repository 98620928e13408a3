/**
 * The no-show policy: a rider's missed pickups within the last
 * `windowDays` are counted; at `warnAt` the rider screen warns, at
 * `suspendAt` ride requests are paused for `suspendDays` after the last
 * counted one. An admin lifting the pause sets the rider's "counted from"
 * time (kv/no_shows.ts), so the no-shows before it never count again.
 * A driver may mark a no-show only after `waitMinutes` at the pickup
 * (lib/no_show_wait.ts).
 * Pure rules, shared by the server, the settings page and the rider screen.
 */
import type { Text } from "./i18n/catalogue.ts";
import type { Translate } from "./i18n/format.ts";

export interface NoShowPolicy {
  warnAt: number;
  suspendAt: number;
  suspendDays: number;
  windowDays: number;
  /** How long a driver waits at the pickup before a no-show may be marked (lib/no_show_wait.ts). */
  waitMinutes: number;
}

export const DEFAULT_NO_SHOW: NoShowPolicy = {
  warnAt: 2,
  suspendAt: 3,
  suspendDays: 7,
  windowDays: 30,
  waitMinutes: 3,
};

/** The bounds each field may take; warnAt must also be at most suspendAt. */
export const NO_SHOW_LIMITS: Record<keyof NoShowPolicy, { min: number; max: number }> = {
  warnAt: { min: 1, max: 20 },
  suspendAt: { min: 1, max: 20 },
  suspendDays: { min: 1, max: 90 },
  windowDays: { min: 1, max: 365 },
  waitMinutes: { min: 1, max: 30 },
};

export const NO_SHOW_FIELDS = ["warnAt", "suspendAt", "suspendDays", "windowDays", "waitMinutes"] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each field's error text: it names the field as the settings page labels it. */
const FIELD_TEXTS: Record<keyof NoShowPolicy, Text> = {
  warnAt: "Warn at must be a whole number from {min} to {max}",
  suspendAt: "Pause at must be a whole number from {min} to {max}",
  suspendDays: "Pause days must be a whole number from {min} to {max}",
  windowDays: "Counting window must be a whole number from {min} to {max} days",
  waitMinutes: "Wait at the pickup must be a whole number from {min} to {max} minutes",
};
export const WARN_AFTER_SUSPEND: Text = "Warn at cannot be more than Pause at";

export type NoShowRead =
  | { ok: true; value: NoShowPolicy }
  | { ok: false; field: string; error: string };

/** A PUT's `noShow`, any subset of the fields over `current`; the first bad field, named `noShow.<field>`. */
export function readNoShow(body: unknown, current: NoShowPolicy, t: Translate): NoShowRead {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return {
      ok: false,
      field: "noShow",
      error: t("The no-show policy needs warnAt, suspendAt, suspendDays, windowDays and waitMinutes"),
    };
  }
  const given = body as Record<string, unknown>;
  const value = { ...current };
  for (const name of NO_SHOW_FIELDS) {
    const n = given[name];
    if (n === undefined) continue;
    const { min, max } = NO_SHOW_LIMITS[name];
    if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > max) {
      return { ok: false, field: `noShow.${name}`, error: t(FIELD_TEXTS[name], { min, max }) };
    }
    value[name] = n;
  }
  if (value.warnAt > value.suspendAt) return { ok: false, field: "noShow.warnAt", error: t(WARN_AFTER_SUSPEND) };
  return { ok: true, value };
}

/** Where a rider stands: counted no-shows, and until when requests are paused (null when they are not). */
export interface NoShowStanding {
  count: number;
  /** Epoch ms; present only while paused. */
  suspendedUntil: number | null;
  policy: NoShowPolicy;
}

/**
 * The standing from the times of the rider's no-shows: those inside the
 * window and after `countedFrom` count; at `suspendAt` or more the pause
 * lasts `suspendDays` from the last counted one.
 */
export function standingOf(
  times: readonly number[],
  countedFrom: number,
  policy: NoShowPolicy,
  now: number,
): NoShowStanding {
  const since = Math.max(countedFrom, now - policy.windowDays * DAY_MS);
  const counted = times.filter((at) => at > since && at <= now);
  const last = Math.max(0, ...counted);
  const until = last + policy.suspendDays * DAY_MS;
  const suspended = counted.length >= policy.suspendAt && until > now;
  return { count: counted.length, suspendedUntil: suspended ? until : null, policy };
}
