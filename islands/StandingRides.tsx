/**
 * Standing rides, the rider's own page (/{tenant}/rider/standing), kept off
 * the rider screen's first load: the rides the rider takes every week, each
 * with its next dates, and a form for a new one. Each date is booked for the
 * rider as it comes within the organisation's booking window
 * (domain/bookings/standing_sweep.ts), and then shows among their upcoming
 * rides on the rider screen like any booking.
 */
import { useMemo, useState } from "react";
import { useDomId } from "../components/dom_id.ts";
import { Guard, Loading } from "../components/Guard.tsx";
import { StandingForm } from "../components/standing/StandingForm.tsx";
import { StandingList } from "../components/standing/StandingList.tsx";
import { useT } from "../components/texts.tsx";
import { bodyOf, errorText, type StandingBody, useStandingRides } from "../hooks/rider/use_standing_rides.ts";
import { localTime } from "../lib/local_time.ts";
import type { StandingRide } from "../lib/standing_rides.ts";

export interface StandingRidesProps {
  tenant: string;
  /** The organisation's time zone: the days and times of a standing ride are on its clock. */
  timeZone: string;
  /**
   * The passenger counts a ride may carry, from lib/ride_request.ts by the page: that module (and what it brings)
   * would otherwise be split into chunks shared with the rider screen's first load, past its budget.
   */
  passengers: { min: number; max: number };
}

export default function StandingRides(props: StandingRidesProps) {
  return <Guard tenant={props.tenant} required="rider">{() => <StandingScreen {...props} />}</Guard>;
}

function StandingScreen({ tenant, timeZone, passengers }: StandingRidesProps) {
  const t = useT();
  const id = useDomId();
  const { loaded, places, create, change, remove } = useStandingRides(tenant);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const names = useMemo(() => new Map((places ?? []).map((p) => [p.id, p.name])), [places]);
  const today = useMemo(() => localTime(Date.now(), timeZone).date, [timeZone]);

  async function run(action: { (): Promise<unknown> }, done: string, failed: string): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      await action();
      setNotice({ kind: "success", text: done });
      return true;
    } catch (err) {
      setNotice({ kind: "error", text: errorText(err, failed) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  const saveFailed = t("Could not save the standing ride.");
  const update = (ride: StandingRide, body: StandingBody, done: string) =>
    run(() => change(ride, body), done, saveFailed);

  return (
    <section className="standing-page" aria-labelledby={`${id}-title`}>
      <p>
        <a href={`/${tenant}/rider`}>{t("Back to Request a Ride")}</a>
      </p>
      <h1 id={`${id}-title`}>{t("Standing rides")}</h1>
      <p className="muted">
        {t("The rides you take every week. Each date is booked for you ahead of time, like a ride you book yourself.")}
      </p>
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
          {notice.text}
        </p>
      )}
      <div className="standing-page__columns">
        <section aria-labelledby={`${id}-yours`}>
          <h2 id={`${id}-yours`}>{t("Your standing rides")}</h2>
          {loaded.phase === "loading" && <Loading text={t("Loading standing rides...")} />}
          {loaded.phase === "error" && (
            <p className="notice notice--error" role="alert">{t("Could not load your standing rides.")}</p>
          )}
          {loaded.phase === "ready" && (
            <>
              <p className="muted">
                {t("{count} of {max} standing rides", { count: loaded.rides.length, max: loaded.max })}
              </p>
              <StandingList
                rides={loaded.rides}
                places={names}
                busy={busy}
                onSkip={(ride, date) =>
                  update(ride, bodyOf(ride, { skipDates: [...ride.skipDates, date] }), t("Date skipped."))}
                onPause={(ride, paused) =>
                  update(
                    ride,
                    bodyOf(ride, { paused }),
                    paused ? t("Standing ride paused.") : t("Standing ride resumed."),
                  )}
                onDelete={(ride) => run(() => remove(ride), t("Standing ride deleted."), saveFailed)}
              />
            </>
          )}
        </section>
        {places === null
          ? <Loading />
          : places.length === 0
          ? <p className="notice">{t("Standing rides go between named places, and this service has none yet.")}</p>
          : (
            <StandingForm
              places={places}
              today={today}
              passengers={passengers}
              busy={busy}
              onSave={(body) => run(() => create(body), t("Standing ride saved."), saveFailed)}
            />
          )}
      </div>
    </section>
  );
}
