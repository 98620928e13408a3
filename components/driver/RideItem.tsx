/**
 * One ride in the driver's list: the rider's needs first, the
 * rider, the facts and their note, and the buttons of the
 * transition table (lib/driver_actions.ts); a button another ride blocks is
 * disabled, with the reason under the buttons, and No-show counts down the
 * wait at the pickup ("No-show in 2:41", lib/no_show_wait.ts). Under them,
 * Navigate opens the phone's maps app, below the buttons so they
 * stay in thumb reach.
 */
import { useNow } from "../../browser/live_client.ts";
import type { DriverAction } from "../../lib/driver_actions.ts";
import { waitClock } from "../../lib/no_show_wait.ts";
import { directionsHref, geoHref, mapsAppFor, navigationTarget } from "../../lib/navigation.ts";
import { formatPhone, telHref } from "../../lib/phone.ts";
import { relativeTime } from "../../lib/relative_time.ts";
import { destinationText, passengersText, statusLabel } from "../../lib/ride_texts.ts";
import type { Ride } from "../../lib/rides.ts";
import { clockTime } from "../../lib/clock_time.ts";
import { useDomId } from "../dom_id.ts";
import { NeedsList } from "../NeedsList.tsx";
import { useT } from "../texts.tsx";

export interface RideItemProps {
  ride: Ride;
  actions: DriverAction[];
  busy: boolean;
  error: string | null;
  onAction(action: DriverAction): void;
}

export function RideItem({ ride, actions, busy, error, onAction }: RideItemProps) {
  const t = useT();
  const now = useNow(30_000);
  const titleId = useDomId();
  const blocked = actions.find((a) => a.disabledReason);
  const target = navigationTarget(ride);
  const app = typeof navigator === "undefined" ? "google" : mapsAppFor(navigator.userAgent, navigator.maxTouchPoints);
  return (
    <li className={`ride-item ride-item--${ride.status}`} aria-labelledby={titleId}>
      {/* What the rider needs comes first, before anything else on the card and before Accept. */}
      <NeedsList needs={ride.needs} />
      <div className="ride-item__head">
        <h3 id={titleId} className="ride-item__name">{ride.riderName ?? t("Rider")}</h3>
        <span className={`ride-status ride-status--${ride.status}`}>{statusLabel(ride.status, t)}</span>
      </div>
      {ride.scheduledFor !== undefined && (
        // Booked ahead: the time the rider asked to be picked up, on this phone's clock.
        <p className="ride-item__booked">{t("Pickup at {time}", { time: clockTime(ride.scheduledFor, t.lang) })}</p>
      )}
      {ride.arriveBy !== undefined && (
        // Booked to arrive by a time: the rider must be at the destination by then.
        <p className="ride-item__booked">{t("Arrive by {time}", { time: clockTime(ride.arriveBy, t.lang) })}</p>
      )}
      <dl className="ride-facts ride-facts--compact">
        {ride.pickupName && (
          <div>
            <dt>{t("Pickup")}</dt>
            <dd>{ride.pickupName}</dd>
          </div>
        )}
        <div>
          <dt>{t("Passengers")}</dt>
          <dd>{passengersText(ride.passengerCt, t)}</dd>
        </div>
        <div>
          <dt>{t("Phone")}</dt>
          <dd>
            <a className="ride-item__phone" href={telHref(ride.riderPhone)}>{formatPhone(ride.riderPhone)}</a>
          </dd>
        </div>
        <div>
          <dt>{t("Destination")}</dt>
          <dd>{destinationText(ride, t)}</dd>
        </div>
        <div>
          <dt>{t("Requested")}</dt>
          <dd>{relativeTime(ride.requestedAt, now, t)}</dd>
        </div>
      </dl>
      {ride.note && (
        <p className="ride-note">
          <span className="ride-note__label">{t("Note for the driver")}</span>
          {ride.note}
        </p>
      )}
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      {actions.length > 0 && (
        <div className="ride-item__actions">
          {actions.map((action) => (
            <button
              key={action.to}
              type="button"
              className={action.tone === "danger"
                ? "button button--secondary ride-button ride-button--quiet-danger"
                : "button ride-button"}
              disabled={busy || !!action.disabledReason || !!action.waitLeftMs}
              title={action.disabledReason && t(action.disabledReason)}
              onClick={() => onAction(action)}
            >
              {action.waitLeftMs ? t("No-show in {time}", { time: waitClock(action.waitLeftMs) }) : t(action.label)}
            </button>
          ))}
        </div>
      )}
      {blocked && <p className="ride-item__note">{t(blocked.disabledReason!)}</p>}
      {target && (
        <p className="ride-item__navigate">
          <a
            className="button button--secondary ride-button"
            href={directionsHref(target, app)}
            target="_blank"
            rel="noopener"
          >
            {ride.status === "picked-up" ? t("Navigate to destination") : t("Navigate to pickup")}
          </a>
          <a className="ride-item__geo" href={geoHref(target)}>{t("Other maps app")}</a>
        </p>
      )}
    </li>
  );
}
