/**
 * The driver's run in automatic dispatch (hooks/driver/use_run.ts): the next stop large at the top with its one
 * action ("Picked up", "Dropped off", and "No-show" as the wait at the pickup allows, lib/driver_actions.ts) and
 * Navigate to it, the stops after it in order with their planned times, and the plan's changes announced in a polite
 * live region. Under the run, the ride list keeps the rides outside it (waiting ones a driver may still take by hand).
 * Loaded only on an automatic tenant's page, so the drivers-mode screen carries none of it.
 */
import { useNow } from "../../browser/live_client.ts";
import { clockTime } from "../../lib/booking.ts";
import { type DriverAction, driverActions } from "../../lib/driver_actions.ts";
import type { Translate } from "../../lib/i18n/format.ts";
import { directionsHref, geoHref, mapsAppFor } from "../../lib/navigation.ts";
import { waitClock } from "../../lib/no_show_wait.ts";
import { NEED_WORDS } from "../../lib/needs.ts";
import type { PlanStopView } from "../../lib/planned_rides.ts";
import { passengersText } from "../../lib/ride_texts.ts";
import type { Ride } from "../../lib/rides.ts";
import { useRun } from "../../hooks/driver/use_run.ts";
import { useDomId } from "../dom_id.ts";
import { Loading } from "../Guard.tsx";
import { useT } from "../texts.tsx";
import { RideList } from "./RideList.tsx";

export interface DriverRunProps {
  tenant: string;
  timeZone: string;
  me: string;
  rides: Ride[] | null;
  /** A move is on its way: the buttons wait. */
  busy: boolean;
  error: { id: string; text: string } | null;
  move(ride: Ride, action: Pick<DriverAction, "to">): Promise<boolean>;
}

/** "Pick up Ana Ruiz · 2 passengers · Wheelchair user · Greer Station · 9:04 AM", "Drop off Ben Ortiz · City Hall · 9:10 AM". */
export function stopLine(stop: PlanStopView, name: string, t: Translate, timeZone: string): string {
  const parts = stop.kind === "pickup"
    ? [t("Pick up {name}", { name }), passengersText(stop.passengerCt, t), ...stop.needs.map((n) => t(NEED_WORDS[n]))]
    : [t("Drop off {name}", { name })];
  if (stop.name) parts.push(stop.name);
  parts.push(clockTime(stop.plannedAt, t.lang, timeZone));
  return parts.join(" · ");
}

export default function DriverRun({ tenant, timeZone, me, rides, busy, error, move }: DriverRunProps) {
  const t = useT();
  const titleId = useDomId();
  const { stops, top, topRide, news, act } = useRun({ tenant, timeZone, rides, t, move });
  const waiting = topRide?.status === "on-the-way" && topRide.noShowFrom !== undefined;
  const now = useNow(waiting ? 1000 : 30_000);
  const nameOf = (stop: PlanStopView) => rides?.find((r) => r.id === stop.rideId)?.riderName ?? t("Rider");
  const noShow = topRide && top?.kind === "pickup"
    ? driverActions(topRide, rides ?? [], me, now).find((a) => a.to === "no-show" && !a.disabledReason)
    : undefined;
  const app = typeof navigator === "undefined" ? "google" : mapsAppFor(navigator.userAgent, navigator.maxTouchPoints);
  const inRun = new Set(stops?.map((s) => s.rideId));
  return (
    <>
      <section className="ride-screen__panel run" aria-labelledby={titleId}>
        <h2 id={titleId} className="ride-list__title">{t("Your stops")}</h2>
        <p className="run__news" role="status" aria-live="polite">{news}</p>
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
                  {noShow && (
                    <button
                      type="button"
                      className="button button--secondary ride-button ride-button--quiet-danger"
                      disabled={busy || !!noShow.waitLeftMs}
                      onClick={() => act(topRide, "no-show")}
                    >
                      {noShow.waitLeftMs
                        ? t("No-show in {time}", { time: waitClock(noShow.waitLeftMs) })
                        : t("No-show")}
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
      <RideList
        rides={rides && stops ? rides.filter((r) => !inRun.has(r.id)) : null}
        me={me}
        busy={busy}
        error={error}
        onAction={move}
      />
    </>
  );
}
