/**
 * The rider's standing rides, each with where it goes, its days and time, its
 * dates, and its next dates; the rider may skip one of those dates, pause or
 * resume the whole ride, or delete it (asked once more first).
 */
import { useState } from "react";
import { useDomId } from "../dom_id.ts";
import { useT } from "../texts.tsx";
import type { StandingRide } from "../../lib/standing_rides.ts";
import { repeatText, shortDate, spanText } from "./words.ts";

export interface StandingItem extends StandingRide {
  nextDates: string[];
}

export interface StandingActions {
  onSkip: (ride: StandingItem, date: string) => void;
  onPause: (ride: StandingItem, paused: boolean) => void;
  onDelete: (ride: StandingItem) => void;
  busy: boolean;
}

export function StandingList({ rides, places, ...actions }: {
  rides: StandingItem[];
  places: Map<string, string>;
} & StandingActions) {
  const t = useT();
  if (rides.length === 0) return <p className="empty-state">{t("No standing rides yet.")}</p>;
  return (
    <ul className="standing-list">
      {rides.map((ride) => <StandingCard key={ride.id} ride={ride} places={places} {...actions} />)}
    </ul>
  );
}

function StandingCard({ ride, places, onSkip, onPause, onDelete, busy }: {
  ride: StandingItem;
  places: Map<string, string>;
} & StandingActions) {
  const t = useT();
  const id = useDomId();
  const [asking, setAsking] = useState(false);
  const where = (ride.trip.dropoffPlaceId && places.get(ride.trip.dropoffPlaceId)) || ride.trip.destination || "";
  return (
    <li className="standing-card" aria-labelledby={`${id}-title`}>
      <div className="standing-card__head">
        <h3 id={`${id}-title`} className="standing-card__title">{t("To {place}", { place: where })}</h3>
        {ride.paused && <span className="ride-status ride-status--canceled">{t("Paused")}</span>}
      </div>
      <p className="standing-card__repeat">{repeatText(ride, t)}</p>
      <p className="muted">{spanText(ride, t)}</p>
      {ride.skipDates.length > 0 && (
        <p className="muted">
          {t("Skipped: {dates}", { dates: ride.skipDates.map((d) => shortDate(d, t)).join(", ") })}
        </p>
      )}
      {ride.nextDates.length > 0 && (
        <>
          <h4 className="standing-card__next">{t("Next dates")}</h4>
          <ul className="standing-card__dates">
            {ride.nextDates.map((date) => (
              <li key={date}>
                <span>{shortDate(date, t)}</span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={busy}
                  aria-label={t("Skip {date}", { date: shortDate(date, t) })}
                  onClick={() => onSkip(ride, date)}
                >
                  {t("Skip")}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="standing-card__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => onPause(ride, !ride.paused)}
        >
          {ride.paused ? t("Resume") : t("Pause")}
        </button>
        {asking
          ? (
            <span className="standing-card__confirm" role="group" aria-label={t("Delete this standing ride?")}>
              <span>{t("Delete this standing ride?")}</span>
              <button type="button" className="button button--danger" disabled={busy} onClick={() => onDelete(ride)}>
                {t("Yes, delete")}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
                {t("Keep it")}
              </button>
            </span>
          )
          : (
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => setAsking(true)}>
              {t("Delete")}
            </button>
          )}
      </div>
    </li>
  );
}
