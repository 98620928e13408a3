/**
 * Changing a ride (PUT /{t}/api/rides/{id} with its fields; the rules are the server's, domain/rides/change.ts),
 * in a chunk of its own, loaded when the rider asks to change one:
 *
 * - a booking: a form prefilled with it: "Pick me up at" or "Arrive by" on a day and at a time the booking rules
 *   allow (lib/booking.ts, as the Later choice), the pickup and the destination (kept, or one of the tenant's
 *   places), passengers, this ride's needs and the note for the driver;
 * - a ride a driver has: only the pickup, moved to where the rider is now, by at most MAX_PICKUP_MOVE_METERS.
 *
 * The server checks the whole change again; its refusal shows as it words it.
 */
import { useEffect, useMemo, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import { bookableDays, MAX_PICKUP_MOVE_METERS, zonedMoment } from "../../lib/booking.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { localTime } from "../../lib/local_time.ts";
import { type Need, NOTE_MAX } from "../../lib/needs.ts";
import type { Place } from "../../lib/places.ts";
import type { Ride } from "../../lib/rides.ts";
import { formatTime } from "../../lib/schedule_display.ts";
import type { Schedule } from "../../lib/schemas.ts";
import { LOCALES } from "../../lib/i18n/lang.ts";
import { useDomId } from "../dom_id.ts";
import { NeedsChecks } from "../NeedsChecks.tsx";
import { useT } from "../texts.tsx";
import { loadPlaces } from "./place_kit.tsx";

const CHANGE_FAILED: Text = "Failed to change ride.";
const NO_LOCATION: Text = "Location not available.";
/** The passenger counts a ride may carry (lib/ride_request.ts MIN_PASSENGERS to MAX_PASSENGERS). */
const PASSENGERS = [1, 2, 3, 4, 5];

export interface ChangeFormProps {
  tenant: string;
  ride: Ride;
  /** A booking's rules (GET /rides/upcoming): given for a booking, whose every field may change. */
  booking?: { timezone: string; maxDaysAhead: number; schedule: Schedule } | null;
  /** How the screen words the ride's destination. */
  where: string;
  /** The form is done: `changed` when the server took the change. */
  onClose(changed: boolean): void;
}

export default function ChangeForm(props: ChangeFormProps) {
  return props.ride.status === "scheduled" && props.booking
    ? <BookingChange {...props} booking={props.booking} />
    : <PickupMove {...props} />;
}

/** Sends the change; answers the error to show, or null once the server took it. */
async function send(tenant: string, ride: Ride, body: unknown, failed: string): Promise<string | null> {
  try {
    await api(`/${tenant}/api/rides/${encodeURIComponent(ride.id)}`, { method: "PUT", body, tenant });
    return null;
  } catch (error) {
    return error instanceof ApiError && error.serverError ? error.serverError : failed;
  }
}

function BookingChange(
  { tenant, ride, booking, where, onClose }: ChangeFormProps & { booking: NonNullable<ChangeFormProps["booking"]> },
) {
  const t = useT();
  const id = useDomId();
  const zone = booking.timezone;
  const start = localTime(ride.arriveBy ?? ride.scheduledFor ?? Date.now(), zone);
  const [arrive, setArrive] = useState(ride.arriveBy !== undefined);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [pickupPlace, setPickupPlace] = useState("");
  const [dropoffPlace, setDropoffPlace] = useState("");
  const [passengers, setPassengers] = useState(ride.passengerCt);
  const [needs, setNeeds] = useState<Need[]>(ride.needs ?? []);
  const [note, setNote] = useState(ride.note ?? "");
  const [places, setPlaces] = useState<Place[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => void loadPlaces(tenant).then(setPlaces, () => {}), [tenant]);
  const days = useMemo(() => bookableDays({ now: Date.now(), ...booking }), [booking]);
  const day = days.find((d) => d.date === date) ?? days[0];
  // The booking's own time stays offered on its day, even off the form's quarter hours.
  const times = day && day.date === start.date && !day.times.includes(start.time)
    ? [...day.times, start.time].sort()
    : day?.times ?? [];
  const chosen = times.includes(time) ? time : times[0];
  const dayName = (date: string) =>
    new Intl.DateTimeFormat(LOCALES[t.lang], { timeZone: zone, weekday: "short", month: "short", day: "numeric" })
      .format(zonedMoment(date, "12:00", zone));

  const save = async () => {
    if (!day || !chosen) return;
    setBusy(true);
    setError(null);
    const at = zonedMoment(day.date, chosen, zone);
    const body = {
      ...(arrive ? { arriveBy: at } : { scheduledFor: at }),
      ...(pickupPlace && { pickupPlaceId: pickupPlace }),
      ...(dropoffPlace && { dropoffPlaceId: dropoffPlace }),
      passengerCt: passengers,
      needs,
      note,
    };
    const failed = await send(tenant, ride, body, t(CHANGE_FAILED));
    setBusy(false);
    if (failed) setError(failed);
    else onClose(true);
  };

  return (
    <form
      className="change-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3 id={`${id}-title`} className="change-form__title">{t("Change your ride")}</h3>
      <fieldset className="booking-when">
        <legend className="ride-form__label">{t("When")}</legend>
        <div className="booking-when__choices">
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
        {day && (
          <div className="booking-when__row">
            <div className="field">
              <label htmlFor={`${id}-date`}>{t("Date")}</label>
              <select id={`${id}-date`} value={day.date} onChange={(e) => setDate(e.target.value)}>
                {days.map((d) => <option key={d.date} value={d.date}>{dayName(d.date)}</option>)}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-time`}>{t("Time")}</label>
              <select id={`${id}-time`} value={chosen} onChange={(e) => setTime(e.target.value)}>
                {times.map((hhmm) => <option key={hhmm} value={hhmm}>{formatTime(hhmm, t)}</option>)}
              </select>
            </div>
          </div>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-pickup`}>{t("Pickup")}</label>
        <select id={`${id}-pickup`} value={pickupPlace} onChange={(e) => setPickupPlace(e.target.value)}>
          <option value="">
            {ride.pickupName ? t("Keep: {place}", { place: ride.pickupName }) : t("Keep the current pickup")}
          </option>
          {places.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-dropoff`}>{t("Destination")}</label>
        <select id={`${id}-dropoff`} value={dropoffPlace} onChange={(e) => setDropoffPlace(e.target.value)}>
          <option value="">{t("Keep: {place}", { place: where })}</option>
          {places.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-passengers`}>{t("Passengers")}</label>
        <select
          id={`${id}-passengers`}
          value={passengers}
          onChange={(e) => setPassengers(Number(e.target.value))}
        >
          {PASSENGERS.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </div>
      <fieldset className="ride-options">
        <legend>{t("Needs for this ride")}</legend>
        <NeedsChecks needs={needs} onChange={setNeeds} />
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t("Note for the driver")}</label>
        <input
          id={`${id}-note`}
          maxLength={NOTE_MAX}
          autoComplete="off"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
      </div>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      <div className="change-form__buttons">
        <button type="submit" className="button" disabled={busy || !chosen}>{t("Save changes")}</button>
        <button type="button" className="button button--secondary" onClick={() => onClose(false)}>
          {t("Keep as is")}
        </button>
      </div>
    </form>
  );
}

/** A ride a driver has: its pickup moved to where the rider is now, if that is near enough. */
function PickupMove({ tenant, ride, onClose }: ChangeFormProps) {
  const t = useT();
  const id = useDomId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const move = () => {
    setBusy(true);
    setError(null);
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        const body = { pickup: { lat: coords.latitude, lng: coords.longitude } };
        const failed = await send(tenant, ride, body, t(CHANGE_FAILED));
        setBusy(false);
        if (failed) setError(failed);
        else onClose(true);
      },
      () => {
        setBusy(false);
        setError(t(NO_LOCATION));
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  return (
    <section className="change-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="change-form__title">{t("Change your ride")}</h3>
      <p className="muted">
        {t("A driver has this ride: the pickup can move by at most {meters} m.", { meters: MAX_PICKUP_MOVE_METERS })}
      </p>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      <div className="change-form__buttons">
        <button type="button" className="button" disabled={busy} onClick={move}>
          {t("Move the pickup to where I am")}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onClose(false)}>
          {t("Keep as is")}
        </button>
      </div>
    </section>
  );
}
