/**
 * The driver's run in automatic dispatch: the vehicle's plan from GET /{t}/api/drivers/plan, read on mount and again
 * (debounced) each time the driver's ride list changes, as the socket brings every change of their rides and the
 * plan's times ride on them. The stop in progress keeps the top until it is done (lib/driver_run.ts); a ride added,
 * moved or removed between two reads is announced in words.
 *
 * A pickup that comes to the top while its ride is only accepted is sent on the way: the driver heads there now, and
 * the rider is told so. "Picked up" on a ride still accepted sends both moves, so it stays one tap.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../browser/auth_client.ts";
import { type RunChange, runChanges, runOrder, stopClock, stopKey } from "../../lib/driver_run.ts";
import type { Translate } from "../../lib/i18n/format.ts";
import type { DriverPlanView, PlanStopView } from "../../lib/planned_rides.ts";
import type { Ride, RideStatus } from "../../lib/rides.ts";

/** How long a burst of ride changes settles before the plan is read again. */
export const RUN_SETTLE_MS = 400;

export interface RunOptions {
  tenant: string;
  timeZone: string;
  rides: Ride[] | null;
  t: Translate;
  /** The driver's move of a ride (hooks/driver/use_driver_rides.ts): true when the server took it. */
  move(ride: Ride, action: { to: RideStatus }): Promise<boolean>;
}

export function useRun({ tenant, timeZone, rides, t, move }: RunOptions) {
  const [stops, setStops] = useState<PlanStopView[] | null>(null);
  const [news, setNews] = useState("");
  const held = useRef<string | null>(null);
  const before = useRef<PlanStopView[] | null>(null);
  /** Rides the driver ended here (dropped off, no-show): they leave the run unannounced. */
  const ended = useRef(new Set<string>());
  /** Riders' names by ride, kept when a move's answer carries none or the ride leaves the list. */
  const names = useRef(new Map<string, string>());
  for (const r of rides ?? []) if (r.riderName) names.current.set(r.id, r.riderName);
  const nameOf = (id: string) => names.current.get(id) ?? t("Rider");
  const at = (ms: number) => stopClock(ms, t.lang, timeZone);

  const said = (change: RunChange) => {
    if (change.kind === "removed") {
      return t("Rider removed: {name} no longer rides with you", { name: nameOf(change.rideId) });
    }
    const { stop } = change;
    if (change.kind === "added") {
      return stop.name
        ? t("New rider added: pick up at {time} at {place}", { time: at(stop.plannedAt), place: stop.name })
        : t("New rider added: pick up at {time}", { time: at(stop.plannedAt) });
    }
    const values = { name: nameOf(stop.rideId), time: at(stop.plannedAt) };
    return stop.kind === "pickup"
      ? t("Pickup moved: {name} at {time}", values)
      : t("Drop-off moved: {name} at {time}", values);
  };

  const words = useRef(said);
  words.current = said;
  const reads = useRef(0);
  const load = useCallback(() => {
    const read = ++reads.current;
    api<DriverPlanView>(`/${tenant}/api/drivers/plan`, { tenant }).then((view) => {
      if (read !== reads.current || !Array.isArray(view?.stops)) return;
      const next = runOrder(view.stops, held.current);
      held.current = next[0] ? stopKey(next[0]) : null;
      if (before.current) {
        const told = runChanges(before.current, view.stops, ended.current).map(words.current);
        if (told.length) setNews(told.join(" "));
      }
      before.current = view.stops;
      setStops(next);
    }, () => setStops((shown) => shown ?? []));
  }, [tenant]);

  // The first read at once, then one per settled burst of ride changes.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return load();
    }
    const timer = setTimeout(load, RUN_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [rides, load]);

  const top = stops?.[0];
  const topRide = top && rides?.find((r) => r.id === top.rideId);
  const sentOnWay = useRef(new Set<string>());
  useEffect(() => {
    if (top?.kind !== "pickup" || topRide?.status !== "accepted" || sentOnWay.current.has(topRide.id)) return;
    sentOnWay.current.add(topRide.id);
    void move(topRide, { to: "on-the-way" });
  }, [top, topRide]);

  /** The top stop's action: the pickup done (on the way first when it was not yet), the drop-off, or a no-show. */
  const act = async (ride: Ride, to: "arrived" | "completed" | "no-show") => {
    if (to !== "arrived") ended.current.add(ride.id);
    if (to === "arrived" && ride.status === "accepted" && !(await move(ride, { to: "on-the-way" }))) return;
    if (!(await move(ride, { to }))) ended.current.delete(ride.id);
  };

  return { stops, top, topRide, news, act, nameOf };
}
