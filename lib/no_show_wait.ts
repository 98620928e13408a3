/**
 * The wait before a no-show: a driver may mark a rider a no-show only once
 * their reported position has been within ARRIVAL_METERS of the pickup
 * (lib/eta.ts, the distance of the "here" text) and the tenant's wait
 * (`noShow.waitMinutes`, lib/no_show.ts) has passed since. The first report
 * there fixes both times on the ride (kv/pickup_arrivals.ts): when the
 * driver reached the pickup, and from when a no-show may be marked. The
 * arrival stands if the driver then moves away (a driver circling the block
 * for parking has still been there), and a wait changed later applies to
 * arrivals after the change, so the driver's countdown and the server agree.
 * Pure: the server refuses with these texts, the driver's card counts down.
 */
import type { Text } from "./i18n/catalogue.ts";
import { type Said, said } from "./i18n/format.ts";
import type { Ride } from "./rides.ts";

export const NOT_AT_PICKUP: Text =
  "A no-show can be marked only after waiting at the pickup. Your location has not reached it yet.";
export const WAIT_LEFT: Text = "Wait {time} more at the pickup before marking a no-show.";

export type WaitFacts = Pick<Ride, "reachedPickupAt" | "noShowFrom">;

/** Milliseconds until a no-show may be marked (0 once it may), or null while the driver has not reached the pickup. */
export function noShowWaitLeft(ride: WaitFacts, now: number): number | null {
  if (ride.noShowFrom === undefined) return null;
  return Math.max(0, ride.noShowFrom - now);
}

/** A wait as the countdown shows it, whole seconds rounded up: "2:41", "0:05". */
export function waitClock(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Null when a no-show may be marked now; else why not, with the time left. */
export function noShowRefusal(ride: WaitFacts, now: number): Said | null {
  const left = noShowWaitLeft(ride, now);
  if (left === null) return said(NOT_AT_PICKUP);
  if (left > 0) return said(WAIT_LEFT, { time: waitClock(left) });
  return null;
}

/** The whole minutes the driver waited at the pickup before marking the no-show (the rider's text says it). */
export function minutesWaited(ride: Pick<Ride, "reachedPickupAt">, at: number): number {
  return Math.max(0, Math.floor((at - (ride.reachedPickupAt ?? at)) / 60_000));
}
