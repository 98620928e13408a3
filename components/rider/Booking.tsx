/**
 * Booking ahead on the rider screen, in its own chunk so the
 * screen's first load stays within budget (islands/RiderScreen.tsx loads it
 * lazily):
 *
 * - `WhenChoice`: "Now / Later". Later offers a date and a time, only those
 *   the tenant's schedule and booking rules allow (lib/booking.ts, the same
 *   rules the server checks), in the tenant's time zone; the form's Request
 *   Ride button then books the ride for that time, and the choice says so.
 *   Later asks "Pick me up at" or "Arrive by": the time chosen is sent as
 *   `scheduledFor` or `arriveBy`.
 * - `UpcomingRides`: the rider's bookings, soonest first, each with its time
 *   (and the time to arrive by), Change (components/rider/ChangeForm.tsx) and Cancel.
 *
 * Both read GET /rides/upcoming through `useUpcoming`, again whenever
 * `version` changes (a booking made, a ride handed over or ended).
 */
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { api } from "../../browser/auth_client.ts";
import { type BookableDay, bookableDays, type BookedTime, zonedMoment } from "../../lib/booking.ts";
import { bookingTimeText, clockTime } from "../../lib/clock_time.ts";
import type { Ride } from "../../lib/rides.ts";
import { formatTime } from "../../lib/schedule_display.ts";
import type { Schedule } from "../../lib/schemas.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import type { Translate } from "../../lib/i18n/format.ts";
import { LOCALES } from "../../lib/i18n/lang.ts";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";

export interface Upcoming {
  rides: Ride[];
  booking: { timezone: string; maxDaysAhead: number; schedule: Schedule };
}

export const LOAD_FAILED: Text = "Your bookings could not be loaded.";
/**
 * lib/ride_request.ts's CANCEL_FAILED, the same catalogue text: importing that module here
 * would split it out of the rider screen's entry into a chunk of its own and cost the first load ~600 bytes.
 */
const CANCEL_FAILED: Text = "Failed to cancel ride.";

/** The rider's bookings and the rules for new ones; null until loaded. */
export function useUpcoming(tenant: string, version: string) {
  const [data, setData] = useState<Upcoming | null>(null);
  const [failed, setFailed] = useState(false);
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    api<Upcoming>(`/${tenant}/api/rides/upcoming`, { tenant }).then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [tenant, version, n]);
  return { data, failed, reload: () => setN((x) => x + 1) };
}

export interface WhenChoiceProps {
  tenant: string;
  version: string;
  /** The chosen pickup or arrival time (epoch ms) while Later is chosen, else null (Now). */
  onWhen(at: BookedTime | null): void;
  /** The status of the failed request whose error shows: a 409 (no vehicle within the limits) offers "Book for later". */
  failed?: string | number | null;
  /** What the form's button does at the chosen time (the dispatcher's form names its own button). */
  note?: Text;
}

export function WhenChoice({ tenant, version, onWhen, failed, note }: WhenChoiceProps) {
  const t = useT();
  const id = useDomId();
  const { data } = useUpcoming(tenant, version);
  const [later, setLater] = useState(false);
  const [arrive, setArrive] = useState(false);
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  // Worked out only once Later is chosen: hundreds of zoned times are no work for the screen's first moments.
  const days = useMemo(() => later && data ? bookableDays({ now: Date.now(), ...data.booking }) : [], [later, data]);
  const day: BookableDay | undefined = days.find((d) => d.date === date) ?? days[0];
  const chosenTime = day?.times.includes(time) ? time : day?.times[0];
  const zone = data?.booking.timezone ?? "UTC";
  const at = later && day && chosenTime ? zonedMoment(day.date, chosenTime, zone) : null;

  useEffect(() => onWhen(at === null ? null : arrive ? { arriveBy: at } : { scheduledFor: at }), [at, arrive, onWhen]);

  const dayName = (d: BookableDay) =>
    new Intl.DateTimeFormat(LOCALES[t.lang], { timeZone: zone, weekday: "short", month: "short", day: "numeric" })
      .format(zonedMoment(d.date, "12:00", zone));

  return (
    <fieldset className="booking-when">
      <legend className="ride-form__label">{t("When")}</legend>
      <div className="booking-when__choices">
        {[false, true].map((isLater) => (
          <label key={String(isLater)} className="booking-when__choice">
            <input type="radio" name={`${id}-when`} checked={later === isLater} onChange={() => setLater(isLater)} />
            {isLater ? t("Later") : t("Now")}
          </label>
        ))}
      </div>
      {failed === 409 && !later && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setLater(true)}
        >
          {t("Book for later")}
        </button>
      )}
      {later && data && days.length === 0 && (
        <p className="notice notice--error" role="alert">
          {t("No time can be booked in the next {days} days.", { days: data.booking.maxDaysAhead })}
        </p>
      )}
      {later && day && (
        <div className="booking-when__choices booking-when__kind">
          {[false, true].map((isArrive) => (
            <label key={String(isArrive)} className="booking-when__choice">
              <input
                type="radio"
                name={`${id}-kind`}
                checked={arrive === isArrive}
                onChange={() => setArrive(isArrive)}
              />
              {isArrive ? t("Arrive by") : t("Pick me up at")}
            </label>
          ))}
        </div>
      )}
      {later && day && (
        <div className="booking-when__row">
          <div className="field">
            <label htmlFor={`${id}-date`}>{t("Date")}</label>
            <select id={`${id}-date`} value={day.date} onChange={(e) => setDate(e.target.value)}>
              {days.map((d) => <option key={d.date} value={d.date}>{dayName(d)}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-time`}>{t("Time")}</label>
            <select id={`${id}-time`} value={chosenTime} onChange={(e) => setTime(e.target.value)}>
              {day.times.map((hhmm) => <option key={hhmm} value={hhmm}>{formatTime(hhmm, t)}</option>)}
            </select>
          </div>
          {at !== null && (
            <p className="booking-when__note muted">
              {t(
                note ?? (arrive ? "Request Ride books it to arrive by {time}." : "Request Ride books it for {time}."),
                {
                  time: bookingTimeText(at, zone, t.lang),
                },
              )}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}

/**
 * The chunk's one export the screen loads: the Now / Later choice with `onWhen`, the Upcoming rides list with
 * `where` (one lazy component for both keeps the screen's first load small).
 */
export default function Booking(
  props: {
    tenant: string;
    version: string;
    onWhen?(at: BookedTime | null): void;
    where?: Where;
    failed?: string | number | null;
  },
) {
  if (props.onWhen) return <WhenChoice {...props} onWhen={props.onWhen} />;
  return props.where ? <UpcomingRides {...props} where={props.where} /> : null;
}

type Where = (ride: Ride, t: Translate) => string;

/** The change form, in a chunk of its own: loaded when the rider asks to change a booking. */
const ChangeForm = lazy(() => import("./ChangeForm.tsx"));

export interface UpcomingRidesProps {
  tenant: string;
  version: string;
  /**
   * Where a booking goes, as the screen words it (lib/ride_texts.ts destinationText, given by the screen: importing
   * that module here too would split it out of the screen's entry and cost the first load ~100 bytes).
   */
  where: Where;
}

export function UpcomingRides({ tenant, version, where }: UpcomingRidesProps) {
  const t = useT();
  const titleId = useDomId();
  const { data, failed, reload } = useUpcoming(tenant, version);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [changing, setChanging] = useState<string | null>(null);
  // Said quietly, not as an alert: the list is beside the screen's task, and the form still works.
  if (failed && !data) return <p className="upcoming__failed muted">{t(LOAD_FAILED)}</p>;
  if (!data || data.rides.length === 0) return null;
  const zone = data.booking.timezone;

  const cancel = async (ride: Ride) => {
    setBusy(ride.id);
    setError(null);
    try {
      await api(`/${tenant}/api/rides/${encodeURIComponent(ride.id)}`, {
        method: "PUT",
        body: { status: "canceled" },
        tenant,
      });
    } catch {
      setError(t(CANCEL_FAILED));
    } finally {
      setBusy(null);
      reload();
    }
  };

  return (
    <section className="upcoming" aria-labelledby={titleId}>
      <h2 id={titleId} className="upcoming__title">{t("Upcoming rides")}</h2>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      <ul className="upcoming__list">
        {data.rides.map((ride) => {
          const when = bookingTimeText(ride.scheduledFor ?? 0, zone, t.lang);
          return (
            <li key={ride.id} className="upcoming__item">
              <div className="upcoming__ride">
                <div>
                  <p className="upcoming__time">
                    {when}
                  </p>
                  {ride.arriveBy && (
                    <p className="upcoming__arrive">
                      {t("Arrive by {time}", { time: clockTime(ride.arriveBy, t.lang, zone) })}
                    </p>
                  )}
                  <p className="upcoming__where">{where(ride, t)}</p>
                </div>
                <div className="upcoming__actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-expanded={changing === ride.id}
                    aria-label={t("Change the ride of {time}", { time: when })}
                    onClick={() => setChanging(changing === ride.id ? null : ride.id)}
                  >
                    {t("Change")}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary ride-button--quiet-danger"
                    disabled={busy === ride.id}
                    aria-label={t("Cancel the ride of {time}", { time: when })}
                    onClick={() => void cancel(ride)}
                  >
                    {t("Cancel")}
                  </button>
                </div>
              </div>
              {changing === ride.id && (
                <Suspense>
                  <ChangeForm
                    tenant={tenant}
                    ride={ride}
                    booking={data.booking}
                    where={where(ride, t)}
                    onClose={(changed) => {
                      setChanging(null);
                      if (changed) reload();
                    }}
                  />
                </Suspense>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
