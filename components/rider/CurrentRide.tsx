/** The Current Ride card (spec section 4): the ride's message, its facts, and Cancel Ride. */
import { useT } from "../texts.tsx";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useNow } from "../../browser/live_client.ts";
import { relativeTime } from "../../lib/relative_time.ts";
import { destinationText, riderMessage, statusLabel } from "../../lib/ride_texts.ts";
import type { Tracking } from "../../lib/eta.ts";
import { arrivalLines } from "../../lib/arrival_lines.ts";

const LATE = "Running about {minutes} min late";
import { useDomId } from "../dom_id.ts";
import { NeedsList } from "../NeedsList.tsx";
import { ShuttleLines, type ShuttleRide } from "./ShuttleLines.tsx";

/** This ride's needs and note: loaded with the card, the rider screen's other lazy part. */
export { default as RideOptions } from "./RideOptions.tsx";

/** The rider's record rides in this chunk, loaded at mount (islands/RiderScreen.tsx). */
export { RiderRecord } from "./RiderRecord.tsx";
export { default as Booking } from "./Booking.tsx";

export interface CurrentRideProps {
  /** In automatic dispatch, with the rider's shuttle facts (components/rider/ShuttleLines.tsx). */
  ride: ShuttleRide;
  /** Where the driver is and the minutes to go; null before any word. */
  tracking?: Tracking | null;
  onCancel(): void;
  error: string | null;
  busy: boolean;
  /** Automatic dispatch: the tenant's time zone, the one its texts use; the phone's when not given. */
  timeZone?: string;
  /** The tenant: given, the card offers Change (the pickup moved a little) until the driver is on the way. */
  tenant?: string;
}

/** The change form, in a chunk of its own: loaded when the rider asks to change the ride. */
const ChangeForm = lazy(() => import("./ChangeForm.tsx"));

export function CurrentRide({ ride, tracking = null, onCancel, error, busy, timeZone, tenant }: CurrentRideProps) {
  const now = useNow(30_000);
  const [changing, setChanging] = useState(false);
  const changeable = tenant && (ride.status === "pending" || ride.status === "accepted");
  const titleId = useDomId();
  const t = useT();
  const driver = ride.driverName ?? (ride.assignedDriverId ? t("Your driver") : t("Not assigned yet"));
  return (
    <section className={`ride-card ride-card--${ride.status}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="ride-card__title">{t("Current Ride")}</h2>
      <p className="ride-card__message" role="status" aria-live="polite">{riderMessage(ride.status, t)}</p>
      <ShuttleLines ride={ride} timeZone={timeZone} />
      {arrivalLines(ride, tracking).map(({ text, minutes }) => (
        <p key={text} className={`ride-card__eta ride-card__eta--${text === LATE ? "late" : "time"}`}>
          {t(text, { minutes: minutes ?? 0 })}
        </p>
      ))}
      <dl className="ride-facts">
        <Fact term={t("Status")}>
          <span className={`ride-status ride-status--${ride.status}`}>{statusLabel(ride.status, t)}</span>
        </Fact>
        {ride.pickupName && <Fact term={t("Pickup")}>{ride.pickupName}</Fact>}
        <Fact term={t("Destination")}>{destinationText(ride, t)}</Fact>
        <Fact term={t("Passengers")}>{ride.passengerCt}</Fact>
        <Fact term={t("Driver")}>{driver}</Fact>
        <Fact term={t("Requested")}>{relativeTime(ride.requestedAt, now, t)}</Fact>
        {ride.needs && ride.needs.length > 0 && (
          <Fact term={t("Needs")}>
            <NeedsList needs={ride.needs} compact />
          </Fact>
        )}
        {ride.note && <Fact term={t("Note for the driver")}>{ride.note}</Fact>}
      </dl>
      {changeable && changing && (
        <Suspense>
          <ChangeForm tenant={tenant} ride={ride} where={destinationText(ride, t)} onClose={() => setChanging(false)} />
        </Suspense>
      )}
      <div className="ride-form__submit">
        {error && <p className="notice notice--error" role="alert">{error}</p>}
        {changeable && !changing && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setChanging(true)}
          >
            {t("Change")}
          </button>
        )}
        <button
          type="button"
          className="button button--large ride-button ride-button--danger"
          disabled={busy}
          onClick={onCancel}
        >
          {t("Cancel Ride")}
        </button>
      </div>
    </section>
  );
}

/** The rider screen loads the card lazily (islands/RiderScreen.tsx): a default export keeps that import short. */
export default CurrentRide;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
