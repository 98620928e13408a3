/**
 * The dispatcher's booking form: a ride for a person who called, by their phone number (POST
 * /{t}/api/dispatch/bookings). The pickup and the drop-off are found by place name as the rider's destination is
 * (components/dispatch/PlaceField.tsx); a drop-off that names no place is sent as the destination's text. Passengers,
 * needs (the person's standing ones unless the dispatcher ticks some) and a note, and Now or Later with the times
 * the tenant's schedule allows on its own clock (the rider's choice, components/rider/Booking.tsx).
 *
 * A refusal shows as the server worded it, in the page's language (the rider's own request's texts). A booking
 * clears the form and says whose number it was booked for and when the pickup is.
 */
import { type FormEvent, useCallback, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import { PlaceField } from "../../components/dispatch/PlaceField.tsx";
import { useDomId } from "../../components/dom_id.ts";
import { NeedsChecks } from "../../components/NeedsChecks.tsx";
import { useUpcoming, WhenChoice } from "../../components/rider/Booking.tsx";
import { PASSENGER_CHOICES } from "../../components/rider/RequestForm.tsx";
import { usePlaces } from "../../components/rider/use_places.ts";
import { useT } from "../../components/texts.tsx";
import type { BookedTime } from "../../lib/booking.ts";
import { bookingTimeText } from "../../lib/clock_time.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { type Need, NOTE_MAX } from "../../lib/needs.ts";
import { formatPhone, formatPhoneInput, normalizePhone, PHONE_ERROR } from "../../lib/phone.ts";
import type { Place } from "../../lib/places.ts";
import type { Ride } from "../../lib/rides.ts";

export interface BookingPanelProps {
  tenant: string;
  /** Told of each ride booked (the console shows it at once). */
  onBooked?(ride: Ride): void;
}

/** The note under Later's date and time: what the form's button does then. */
const BOOK_NOTE: Text = "Book Ride books it for {time}.";
export const PICKUP_NEEDED: Text = "Choose a pickup place from the list.";
export const BOOK_FAILED: Text = "The ride could not be booked. Please try again.";

interface Booked {
  ride: Ride;
  rider: { id: string; phoneNumber: string; name: string | null };
  newPerson: boolean;
}

/** What the form holds, empty as it opens and after each booking. */
interface Draft {
  phone: string;
  name: string;
  pickupText: string;
  pickup: Place | null;
  dropoffText: string;
  dropoff: Place | null;
  passengers: number;
  needs: Need[] | null;
  note: string;
}
const EMPTY: Draft = {
  phone: "",
  name: "",
  pickupText: "",
  pickup: null,
  dropoffText: "",
  dropoff: null,
  passengers: 1,
  needs: null,
  note: "",
};

export function BookingPanel({ tenant, onBooked }: BookingPanelProps) {
  const t = useT();
  const id = useDomId();
  const places = usePlaces(tenant);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [at, setAt] = useState<BookedTime | null>(null);
  /** Bumped by each booking: the When choice starts again at Now and re-reads the times. */
  const [version, setVersion] = useState(0);
  const { data } = useUpcoming(tenant, String(version));
  const zone = data?.booking.timezone ?? "UTC";
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: "phone" | "pickup" | ""; text: string; status?: number } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const onWhen = useCallback((when: BookedTime | null) => setAt(when), []);
  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setDone(null);
  };

  function confirmation({ ride, rider }: Booked): string {
    const phone = formatPhone(rider.phoneNumber);
    const pickup = ride.scheduledFor ?? ride.pickupAt;
    if (pickup !== undefined && pickup !== null) {
      return t("Ride booked for {phone}. Pickup at {time}.", { phone, time: bookingTimeText(pickup, zone, t.lang) });
    }
    return t("Ride booked for {phone}. Pickup as soon as a driver accepts (asked at {time}).", {
      phone,
      time: bookingTimeText(ride.requestedAt, zone, t.lang),
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const phoneNumber = normalizePhone(draft.phone);
    if (!phoneNumber) return setError({ field: "phone", text: t(PHONE_ERROR) });
    if (!draft.pickup) return setError({ field: "pickup", text: t(PICKUP_NEEDED) });
    setError(null);
    setDone(null);
    setBusy(true);
    const destination = draft.dropoffText.trim();
    try {
      const booked = await api<Booked>(`/${tenant}/api/dispatch/bookings`, {
        method: "POST",
        tenant,
        body: {
          phoneNumber,
          name: draft.name.trim() || null,
          pickupPlaceId: draft.pickup.id,
          ...(draft.dropoff ? { dropoffPlaceId: draft.dropoff.id } : destination ? { destination } : {}),
          passengerCt: draft.passengers,
          ...(draft.needs?.length ? { needs: draft.needs } : {}),
          ...(draft.note.trim() && { note: draft.note.trim() }),
          ...at,
        },
      });
      setDraft(EMPTY);
      setVersion((v) => v + 1);
      setDone(confirmation(booked));
      onBooked?.(booked.ride);
    } catch (err) {
      const text = err instanceof ApiError && err.serverError ? err.serverError : t(BOOK_FAILED);
      setError({ field: "", text, status: err instanceof ApiError ? err.status : undefined });
    } finally {
      setBusy(false);
    }
  }

  const errorId = `${id}-error`;
  const on = (field: "phone" | "pickup") => error?.field === field ? errorId : undefined;
  return (
    <section className="booking-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("Book a ride for a caller")}</h2>
      <p className="muted booking-panel__lead">
        {t("The ride is booked as if the caller asked for it, and they get the same texts.")}
      </p>
      <form className="booking-panel__form" noValidate onSubmit={submit}>
        <div className="booking-panel__who">
          <div className="field">
            <label htmlFor={`${id}-phone`}>{t("Caller's phone number")}</label>
            <input
              id={`${id}-phone`}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={draft.phone}
              aria-invalid={on("phone") ? true : undefined}
              aria-describedby={on("phone")}
              onChange={(e) => change({ phone: formatPhoneInput(e.target.value) })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-name`}>{t("Caller's name (optional)")}</label>
            <input
              id={`${id}-name`}
              autoComplete="off"
              maxLength={80}
              value={draft.name}
              aria-describedby={`${id}-name-hint`}
              onChange={(e) => change({ name: e.target.value })}
            />
            <p id={`${id}-name-hint`} className="field__hint">{t("Kept only for someone new to the service.")}</p>
          </div>
        </div>
        <div className="booking-panel__where">
          <PlaceField
            label={t("Pickup place")}
            value={draft.pickupText}
            places={places}
            chosen={draft.pickup}
            errorId={on("pickup")}
            onType={(text) => change({ pickupText: text, pickup: null })}
            onPlace={(place) => change({ pickupText: place.name, pickup: place })}
          />
          <PlaceField
            label={t("Drop-off place or destination")}
            value={draft.dropoffText}
            places={places}
            chosen={draft.dropoff}
            hint={t("Choose a place, or type where they are going.")}
            onType={(text) => change({ dropoffText: text, dropoff: null })}
            onPlace={(place) => change({ dropoffText: place.name, dropoff: place })}
          />
        </div>
        <fieldset className="ride-options booking-panel__needs">
          <legend>{t("Needs for this ride")}</legend>
          <NeedsChecks needs={draft.needs ?? []} onChange={(needs) => change({ needs })} />
          <p className="field__hint">{t("None ticked: the rider's own needs from their profile apply.")}</p>
        </fieldset>
        <div className="booking-panel__extra">
          <div className="field booking-panel__passengers">
            <label htmlFor={`${id}-passengers`}>{t("Passengers")}</label>
            <select
              id={`${id}-passengers`}
              value={draft.passengers}
              onChange={(e) => change({ passengers: Number(e.target.value) })}
            >
              {PASSENGER_CHOICES.map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-note`}>{t("Note for the driver")}</label>
            <input
              id={`${id}-note`}
              maxLength={NOTE_MAX}
              autoComplete="off"
              placeholder={t("Optional, for example: blue door, ring twice")}
              value={draft.note}
              onChange={(e) => change({ note: e.target.value })}
            />
          </div>
        </div>
        <WhenChoice
          key={version}
          tenant={tenant}
          version={String(version)}
          onWhen={onWhen}
          failed={error?.status ?? null}
          note={BOOK_NOTE}
        />
        <div className="booking-panel__submit">
          {error && <p id={errorId} className="notice notice--error" role="alert">{error.text}</p>}
          {done && <p className="notice notice--success" role="status">{done}</p>}
          <button type="submit" className="button button--large" disabled={busy}>
            {busy ? t("Booking...") : t("Book Ride")}
          </button>
        </div>
      </form>
    </section>
  );
}
