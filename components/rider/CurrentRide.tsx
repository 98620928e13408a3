/** The Current Ride card (spec section 4): the ride's message, its facts, and Cancel Ride. */
import type { ReactNode } from "react";
import { useNow } from "../../browser/live_client.ts";
import { relativeTime } from "../../lib/relative_time.ts";
import { destinationText, riderMessage, statusLabel } from "../../lib/ride_texts.ts";
import type { Ride } from "../../lib/rides.ts";
import { useDomId } from "../dom_id.ts";

export interface CurrentRideProps {
  ride: Ride;
  onCancel(): void;
  error: string | null;
  busy: boolean;
}

export function CurrentRide({ ride, onCancel, error, busy }: CurrentRideProps) {
  const now = useNow(30_000);
  const titleId = useDomId();
  const driver = ride.driverName ?? (ride.assignedDriverId ? "Your driver" : "Not assigned yet");
  return (
    <section className={`ride-card ride-card--${ride.status}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="ride-card__title">Current Ride</h2>
      <p className="ride-card__message" role="status" aria-live="polite">{riderMessage(ride.status)}</p>
      <dl className="ride-facts">
        <Fact term="Status">
          <span className={`ride-status ride-status--${ride.status}`}>{statusLabel(ride.status)}</span>
        </Fact>
        <Fact term="Destination">{destinationText(ride)}</Fact>
        <Fact term="Passengers">{ride.passengerCt}</Fact>
        <Fact term="Driver">{driver}</Fact>
        <Fact term="Requested">{relativeTime(ride.requestedAt, now)}</Fact>
      </dl>
      <div className="ride-form__submit">
        {error && <p className="notice notice--error" role="alert">{error}</p>}
        <button
          type="button"
          className="button button--large ride-button ride-button--danger"
          disabled={busy}
          onClick={onCancel}
        >
          Cancel Ride
        </button>
      </div>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
