/**
 * The driver's run in automatic dispatch (islands/driver/DriverRun.tsx): the vehicle's plan as the driver reads
 * it. The stop in progress keeps its place at the top until it is done, so a ride added, moved or removed meanwhile
 * lands after it and the screen never jumps under the driver's thumb; the changes between two reads of the plan are
 * what the screen announces. Pure, so the island tests and the screen agree on it.
 */
import { type Lang, LOCALES } from "./i18n/lang.ts";
import type { PlanStopView } from "./planned_rides.ts";

/**
 * A planned time on the tenant's clocks in the page's language, "9:04 AM", "9:04 a.m.": as lib/booking.ts
 * `clockTime` writes it, here so the run's chunk carries none of the booking rules.
 */
export function stopClock(ms: number, lang: Lang, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone, hour: "numeric", minute: "2-digit" }).format(ms);
}

/** A stop's identity across reads of the plan: its ride and whether it picks up or drops off. */
export const stopKey = (s: Pick<PlanStopView, "rideId" | "kind">) => `${s.rideId}:${s.kind}`;

/** The stops in the order shown: the stop in progress (`held`) first while it is still to do, then the plan's order. */
export function runOrder(stops: readonly PlanStopView[], held: string | null): PlanStopView[] {
  const top = stops.find((s) => stopKey(s) === held);
  return top ? [top, ...stops.filter((s) => s !== top)] : [...stops];
}

export type RunChange =
  | { kind: "added"; stop: PlanStopView }
  | { kind: "removed"; rideId: string }
  | { kind: "moved"; stop: PlanStopView };

/**
 * What changed from one read of the plan to the next: rides new to it (by their first stop), rides gone from it
 * that the driver did not end themselves (`ended`: dropped off, no-show), and stops of the rides in both whose place
 * in the order changed (those outside the longest run of stops kept in order).
 */
export function runChanges(
  before: readonly PlanStopView[],
  after: readonly PlanStopView[],
  ended: ReadonlySet<string>,
): RunChange[] {
  const rideIn = (list: readonly PlanStopView[]) => new Set(list.map((s) => s.rideId));
  const had = rideIn(before);
  const has = rideIn(after);
  const changes: RunChange[] = [];
  const added = new Set<string>();
  for (const stop of after) {
    if (had.has(stop.rideId) || added.has(stop.rideId)) continue;
    added.add(stop.rideId);
    changes.push({ kind: "added", stop });
  }
  for (const id of had) if (!has.has(id) && !ended.has(id)) changes.push({ kind: "removed", rideId: id });
  const keysOf = (list: readonly PlanStopView[], other: readonly PlanStopView[]) => {
    const others = new Set(other.map(stopKey));
    return list.map(stopKey).filter((k) => others.has(k));
  };
  const kept = inOrder(keysOf(before, after), keysOf(after, before));
  for (const stop of after) {
    const key = stopKey(stop);
    if (had.has(stop.rideId) && !kept.has(key) && before.some((s) => stopKey(s) === key)) {
      changes.push({ kind: "moved", stop });
    }
  }
  return changes;
}

/** The longest common subsequence of two orders of the same keys: the stops that kept their order. */
function inOrder(a: readonly string[], b: readonly string[]): Set<string> {
  const n = a.length, m = b.length;
  const len = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      len[i][j] = a[i] === b[j] ? len[i + 1][j + 1] + 1 : Math.max(len[i + 1][j], len[i][j + 1]);
    }
  }
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) {
      kept.add(a[i]);
      i++;
      j++;
    } else if (len[i + 1][j] >= len[i][j + 1]) i++;
    else j++;
  }
  return kept;
}
