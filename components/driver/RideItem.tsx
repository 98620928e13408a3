/**
 * One ride in the driver's list: the rider, the facts, and the buttons of the
 * transition table (lib/driver_actions.ts); a button another ride blocks is
 * disabled, with the reason under the buttons.
 */
import { useNow } from "../../browser/live_client.ts";
import type { DriverAction } from "../../lib/driver_actions.ts";
import { formatPhone } from "../../lib/phone.ts";
import { relativeTime } from "../../lib/relative_time.ts";
import { destinationText, passengersText, statusLabel } from "../../lib/ride_texts.ts";
import type { Ride } from "../../lib/rides.ts";
import { useDomId } from "../dom_id.ts";

export interface RideItemProps {
  ride: Ride;
  actions: DriverAction[];
  busy: boolean;
  error: string | null;
  onAction(action: DriverAction): void;
}

/** tel: link for a US number as stored (10 digits). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:${digits.length === 10 ? `+1${digits}` : digits.length === 11 ? `+${digits}` : digits}`;
}

export function RideItem({ ride, actions, busy, error, onAction }: RideItemProps) {
  const now = useNow(30_000);
  const titleId = useDomId();
  const blocked = actions.find((a) => a.disabledReason);
  return (
    <li className={`ride-item ride-item--${ride.status}`} aria-labelledby={titleId}>
      <div className="ride-item__head">
        <h3 id={titleId} className="ride-item__name">{ride.riderName ?? "Rider"}</h3>
        <span className={`ride-status ride-status--${ride.status}`}>{statusLabel(ride.status)}</span>
      </div>
      <dl className="ride-facts ride-facts--compact">
        <div>
          <dt>Passengers</dt>
          <dd>{passengersText(ride.passengerCt)}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a className="ride-item__phone" href={telHref(ride.riderPhone)}>{formatPhone(ride.riderPhone)}</a>
          </dd>
        </div>
        <div>
          <dt>Destination</dt>
          <dd>{destinationText(ride)}</dd>
        </div>
        <div>
          <dt>Requested</dt>
          <dd>{relativeTime(ride.requestedAt, now)}</dd>
        </div>
      </dl>
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
              disabled={busy || !!action.disabledReason}
              title={action.disabledReason}
              onClick={() => onAction(action)}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
      {blocked && <p className="ride-item__note">{blocked.disabledReason}</p>}
    </li>
  );
}
