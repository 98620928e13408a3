/**
 * The driver's run in automatic dispatch (hooks/driver/use_run.ts): the next stop large at the top with its one
 * action ("Picked up", "Dropped off", and "No-show" as the wait at the pickup allows, lib/driver_actions.ts) and
 * Navigate to it, the stops after it in order with their planned times, and the plan's changes announced in a polite
 * live region. Under the run, the screen's ride list keeps the rides outside it (waiting ones a driver may still take
 * by hand). Loaded only on an automatic tenant's page, so the drivers-mode screen carries none of it; it imports
 * nothing the screen's first load shares with the rider's, so adding it splits none of their chunks.
 */
import { type ReactNode, useEffect, useState } from "react";
import { stopClock } from "../../lib/driver_run.ts";
import type { Point } from "../../lib/geo.ts";
import type { Translate } from "../../lib/i18n/format.ts";
import { directionsHref, geoHref, mapsAppFor } from "../../lib/navigation.ts";
import { noShowWaitLeft, waitClock } from "../../lib/no_show_wait.ts";
import { NEED_WORDS } from "../../lib/needs.ts";
import type { PlanStopView } from "../../lib/planned_rides.ts";
import type { Ride, RideStatus } from "../../lib/rides.ts";
import { useRun } from "../../hooks/driver/use_run.ts";
import { useDomId } from "../../components/dom_id.ts";
import { Loading } from "../../components/Guard.tsx";
import { useT } from "../../components/texts.tsx";

export interface DriverRunProps {
  tenant: string;
  timeZone: string;
  rides: Ride[] | null;
  /** A move is on its way: the buttons wait. */
  busy: boolean;
  error: { id: string; text: string } | null;
  move(ride: Ride, action: { to: RideStatus }): Promise<boolean>;
  /** The stops in the order shown, each time they change: the screen draws their route on the map. */
  onStops(points: Point[]): void;
  /** The ride list under the run, given the rides outside it (null until the plan is read). */
  children(outside: Ride[] | null): ReactNode;
}

/** Now, every `ms`: the No-show button counts down by the second while the driver waits at the pickup. */
function useTick(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** "Pick up Ana Ruiz · 2 passengers · Wheelchair user · Greer Station · 9:04 AM", "Drop off Ben Ortiz · City Hall · 9:10 AM". */
export function stopLine(stop: PlanStopView, name: string, t: Translate, timeZone: string): string {
  const parts = stop.kind === "pickup"
    ? [
      t("Pick up {name}", { name }),
      t("{count} passengers", { count: stop.passengerCt }),
      ...stop.needs.map((n) => t(NEED_WORDS[n])),
    ]
    : [t("Drop off {name}", { name })];
  if (stop.name) parts.push(stop.name);
  parts.push(stopClock(stop.plannedAt, t.lang, timeZone));
  return parts.join(" · ");
}

export default function DriverRun(
  { tenant, timeZone, rides, busy, error, move, onStops, children }: DriverRunProps,
) {
  const t = useT();
  const titleId = useDomId();
  const { stops, top, topRide, news, act, nameOf: riderOf } = useRun({ tenant, timeZone, rides, t, move });
  const waiting = topRide?.status === "on-the-way" && topRide.noShowFrom !== undefined;
  const now = useTick(waiting ? 1000 : 30_000);
  const nameOf = (stop: PlanStopView) => riderOf(stop.rideId);
  // No-show as the ride card has it (lib/driver_actions.ts): on the way, once the driver reached the pickup.
  const waitLeft = top?.kind === "pickup" && topRide?.status === "on-the-way" ? noShowWaitLeft(topRide, now) : null;
  const app = typeof navigator === "undefined" ? "google" : mapsAppFor(navigator.userAgent, navigator.maxTouchPoints);
  const inRun = new Set(stops?.map((s) => s.rideId));
  useEffect(() => onStops(stops?.map((s) => s.point) ?? []), [stops]);
  return (
    // One column beside the map at desk width: the run, then the ride list.
    <div className="ride-screen__panel">
      <section className="ride-screen__panel run" aria-labelledby={titleId}>
        <h2 id={titleId} className="ride-list__title">{t("Your stops")}</h2>
        {stops === null
          ? <Loading />
          : !top
          ? <p className="empty-state">{t("No stops planned")}</p>
          : (
            <div className="run__next">
              <p className="run__label">{t("Next stop")}</p>
              <h3 className="run__stop">{stopLine(top, nameOf(top), t, timeZone)}</h3>
              {error && topRide && error.id === topRide.id && (
                <p className="notice notice--error" role="alert">{error.text}</p>
              )}
              {topRide && (
                <div className="ride-item__actions">
                  <button
                    type="button"
                    className="button ride-button"
                    disabled={busy}
                    onClick={() => act(topRide, top.kind === "pickup" ? "arrived" : "completed")}
                  >
                    {top.kind === "pickup" ? t("Picked up") : t("Dropped off")}
                  </button>
                  {waitLeft !== null && (
                    <button
                      type="button"
                      className="button button--secondary ride-button ride-button--quiet-danger"
                      disabled={busy || waitLeft > 0}
                      onClick={() => act(topRide, "no-show")}
                    >
                      {waitLeft > 0 ? t("No-show in {time}", { time: waitClock(waitLeft) }) : t("No-show")}
                    </button>
                  )}
                </div>
              )}
              <p className="ride-item__navigate">
                <a
                  className="button button--secondary ride-button"
                  href={directionsHref({ point: top.point }, app)}
                  target="_blank"
                  rel="noopener"
                >
                  {t("Navigate")}
                </a>
                <a className="ride-item__geo" href={geoHref({ point: top.point })}>{t("Other maps app")}</a>
              </p>
            </div>
          )}
        <p className="run__news" role="status" aria-live="polite">{news}</p>
        {stops && stops.length > 1 && (
          <>
            <h3 className="run__then">{t("Then")}</h3>
            <ol className="run__stops">
              {stops.slice(1).map((stop) => (
                <li key={`${stop.rideId}:${stop.kind}`} className="run__later">
                  {stopLine(stop, nameOf(stop), t, timeZone)}
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
      {children(rides && stops ? rides.filter((r) => !inRun.has(r.id)) : null)}
    </div>
  );
}
