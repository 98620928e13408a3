/**
 * A new standing ride: from a named place or where the rider is now, to a
 * named place; the weekdays as chips; a pickup or an arrive-by time on the
 * organisation's clock; a start date and an optional end date; passengers.
 * The repeat is checked with lib/standing_rides.ts (the server's rules)
 * before anything is sent; the trip's own rules are the server's to answer.
 */
import { type FormEvent, useState } from "react";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";
import { DAY_LONG, DAY_SHORT } from "../../lib/schedule_display.ts";
import { say } from "../../lib/i18n/format.ts";
import type { Place } from "../../lib/places.ts";
import { readStandingRule } from "../../lib/standing_rides.ts";
import type { Point } from "../../lib/geo.ts";

/** Weekdays in the order a week reads, Monday first; the values stay the schedule's (Sunday 0). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const HERE = "here";

export interface NewStanding {
  pickup?: Point;
  pickupPlaceId?: string;
  dropoffPlaceId: string;
  passengerCt: number;
  weekdays: number[];
  time?: string;
  arriveBy?: string;
  startDate: string;
  endDate: string | null;
  skipDates: string[];
  paused: boolean;
}

export function StandingForm({ places, today, passengers: range, busy, onSave }: {
  places: Place[];
  today: string;
  /** The passenger counts a ride may carry (lib/ride_request.ts), given by the page. */
  passengers: { min: number; max: number };
  busy: boolean;
  onSave(body: NewStanding): Promise<boolean>;
}) {
  const t = useT();
  const id = useDomId();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [days, setDays] = useState<number[]>([]);
  const [kind, setKind] = useState<"arriveBy" | "time">("arriveBy");
  const [time, setTime] = useState("09:00");
  const [start, setStart] = useState(today);
  const [end, setEnd] = useState("");
  const [passengers, setPassengers] = useState(range.min);
  const [here, setHere] = useState<Point | null>(null);
  const [error, setError] = useState<string | null>(null);

  const toggle = (day: number) => setDays((d) => d.includes(day) ? d.filter((x) => x !== day) : [...d, day]);

  function chooseFrom(value: string) {
    setFrom(value);
    if (value !== HERE || here) return;
    if (!("geolocation" in navigator)) return setError(t("Location not available."));
    navigator.geolocation.getCurrentPosition(
      (p) => setHere({ lat: p.coords.latitude, lng: p.coords.longitude }),
      () => setError(t("Location not available.")),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!from || !to || (from === HERE && !here)) return setError(t("Choose where to be picked up and where to go."));
    const body: NewStanding = {
      ...(from === HERE ? { pickup: here! } : { pickupPlaceId: from }),
      dropoffPlaceId: to,
      passengerCt: passengers,
      weekdays: [...days].sort(),
      [kind]: time,
      startDate: start,
      endDate: end || null,
      skipDates: [],
      paused: false,
    };
    const rule = readStandingRule({ ...body });
    if (!rule.ok) return setError(say(t, rule.error));
    if (await onSave(body)) {
      setDays([]);
      setEnd("");
    }
  }

  return (
    <form className="standing-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t("New standing ride")}</h2>
      <div className="field">
        <label htmlFor={`${id}-from`}>{t("From")}</label>
        <select id={`${id}-from`} value={from} onChange={(e) => chooseFrom(e.target.value)}>
          <option value="">{t("Choose a place")}</option>
          <option value={HERE}>{t("Where I am now")}</option>
          {places.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{t("To")}</label>
        <select id={`${id}-to`} value={to} onChange={(e) => setTo(e.target.value)}>
          <option value="">{t("Choose a place")}</option>
          {places.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </select>
      </div>
      <fieldset className="standing-form__days">
        <legend>{t("Days")}</legend>
        {WEEK.map((day) => (
          <button
            key={day}
            type="button"
            className="chip"
            aria-pressed={days.includes(day)}
            aria-label={t(DAY_LONG[day])}
            onClick={() => toggle(day)}
          >
            {t(DAY_SHORT[day])}
          </button>
        ))}
      </fieldset>
      <fieldset className="standing-form__when">
        <legend>{t("When")}</legend>
        <label className="standing-form__choice">
          <input type="radio" name={`${id}-kind`} checked={kind === "arriveBy"} onChange={() => setKind("arriveBy")} />
          {t("Arrive by")}
        </label>
        <label className="standing-form__choice">
          <input type="radio" name={`${id}-kind`} checked={kind === "time"} onChange={() => setKind("time")} />
          {t("Pick me up at")}
        </label>
        <label className="standing-form__time">
          <span className="visually-hidden">{kind === "time" ? t("Pick me up at") : t("Arrive by")}</span>
          <input type="time" value={time} step={300} onChange={(e) => setTime(e.target.value)} />
        </label>
      </fieldset>
      <div className="standing-form__dates">
        <div className="field">
          <label htmlFor={`${id}-start`}>{t("Start date")}</label>
          <input id={`${id}-start`} type="date" value={start} min={today} onChange={(e) => setStart(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-end`}>{t("End date (optional)")}</label>
          <input id={`${id}-end`} type="date" value={end} min={start} onChange={(e) => setEnd(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-passengers`}>{t("Passengers")}</label>
          <select
            id={`${id}-passengers`}
            value={passengers}
            onChange={(e) => setPassengers(Number(e.target.value))}
          >
            {Array.from({ length: range.max - range.min + 1 }, (_, i) => i + range.min).map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
        </div>
      </div>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      <button type="submit" className="button button--large" disabled={busy}>
        {busy ? t("Saving...") : t("Save standing ride")}
      </button>
    </form>
  );
}
