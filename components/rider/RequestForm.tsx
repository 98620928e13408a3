/**
 * The rider's request form (spec section 5): the pickup, the destination and
 * the passengers, and the Request Ride button in thumb reach at the bottom
 * with the form's error above it.
 */
import { useT } from "../texts.tsx";
import type { Place } from "../../lib/places.ts";
import { useDomId } from "../dom_id.ts";
import { DestinationField } from "./DestinationField.tsx";
import { PickupChoice, type PickupChoiceProps } from "./PickupChoice.tsx";
import type { PlaceUse } from "../map/types.ts";
import type { RiderPlaces } from "./use_places.ts";
import type { ReactNode } from "react";

export const PASSENGER_CHOICES = [1, 2, 3, 4, 5];

export interface RequestFormProps {
  pickup: PickupChoiceProps;
  destination: string;
  onDestination(text: string): void;
  /** The tenant's places, offered as the destination field's suggestions. */
  places: RiderPlaces;
  /** The place chosen as the destination, while the field still names it. */
  dropoffPlace: Place | null;
  /** A place chosen for the destination (or, from the pickup's list, the pickup). */
  onPlace(place: Place, use: PlaceUse): void;
  passengers: number;
  onPassengers(n: number): void;
  error: string | null;
  sending: boolean;
  onRequest(): void;
  /** This ride's needs and note, in a chunk of their own, just above Request Ride. */
  children?: ReactNode;
}

export function RequestForm(p: RequestFormProps) {
  const id = useDomId();
  const t = useT();
  const errorId = `${id}-error`;
  return (
    <form
      className="ride-form"
      noValidate
      aria-describedby={p.error ? errorId : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        p.onRequest();
      }}
    >
      <PickupChoice {...p.pickup} />
      <div className="ride-form__row">
        <DestinationField
          value={p.destination}
          places={p.places}
          chosen={p.dropoffPlace}
          onType={p.onDestination}
          onPlace={p.onPlace}
        />
        <div className="field ride-form__passengers">
          <label htmlFor={`${id}-passengers`}>{t("Passengers")}</label>
          <select id={`${id}-passengers`} value={p.passengers} onChange={(e) => p.onPassengers(Number(e.target.value))}>
            {PASSENGER_CHOICES.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </div>
      </div>
      {p.children}
      <div className="ride-form__submit">
        {p.error && <p id={errorId} className="notice notice--error ride-form__error" role="alert">{p.error}</p>}
        <button type="submit" className="button button--large ride-button" disabled={p.sending}>
          {t("Request Ride")}
        </button>
      </div>
    </form>
  );
}
