/**
 * Sending the rider's request and cancel (spec sections 5, 8, 9). The request
 * is checked on the page first (lib/ride_request.ts checkRequest, in the
 * spec's order) and sent only when it passes; the server's refusal text is
 * shown as it comes. Either way the ride is fetched again 500 ms later.
 */
import { useCallback, useRef, useState } from "react";
import { api, ApiError } from "../../browser/auth_client.ts";
import type { BookedTime } from "../../lib/booking.ts";
import type { Point } from "../../lib/geo.ts";
import type { Place } from "../../lib/places.ts";
import type { PlaceUse } from "../../components/map/types.ts";
import { CANCEL_FAILED, checkRequest, NOTHING_TO_CANCEL, REQUEST_FAILED } from "../../lib/ride_request.ts";
import type { Ride } from "../../lib/rides.ts";
import type { ServiceArea } from "../../lib/schemas.ts";
import { useT } from "../../components/texts.tsx";
import { useRideForm } from "../../components/rider/use_ride_form.ts";
import type { RiderRide } from "./use_rider_ride.ts";

export function useRideRequest(tenant: string, area: ServiceArea, rider: RiderRide) {
  const t = useT();
  const form = useRideForm(area, rider.rideNow);
  const [formError, setFormError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  /** The last failed request's status: a 409 (no vehicle within the limits) offers to book it for later. */
  const [failed, setFailed] = useState(0);

  /** This ride's needs and note: components/rider/RideOptions.tsx keeps them here while it shows. */
  const extras = useRef({});

  /** With a time (a pickup or an arrival time) the ride is booked for then: no driver need be online now. */
  const request = async (when: BookedTime | null = null) => {
    if (sending) return;
    setFormError(null);
    // "Book for later" answers a refusal: the page's own error about this try shows without it.
    setFailed(0);
    const check = checkRequest({
      driversOnline: when ? 1 : rider.drivers?.length ?? null,
      pickup: form.pickup,
      dropoff: form.dropoff,
      destination: form.destination,
      passengers: form.passengers,
      pickupPlace: form.pickupPlace,
      dropoffPlace: form.dropoffPlace,
    }, t);
    if (!check.ok) {
      setFormError(check.error);
      return;
    }
    setSending(true);
    try {
      const body = { ...check.body, ...extras.current, ...when };
      const answer = await api<{ ride: Ride }>(`/${tenant}/api/rides`, { method: "POST", body, tenant });
      rider.answered(answer.ride);
      form.reset();
      setCardError(null);
    } catch (error) {
      setFormError(error instanceof ApiError && error.serverError ? error.serverError : t(REQUEST_FAILED));
      setFailed((error as ApiError).status);
    } finally {
      setSending(false);
      rider.refetchSoon();
    }
  };

  const cancel = async () => {
    setCardError(null);
    const current = rider.rideNow.current;
    if (!current) {
      setCardError(t(NOTHING_TO_CANCEL));
      return;
    }
    setSending(true);
    try {
      const answer = await api<{ ride: Ride }>(`/${tenant}/api/rides/${encodeURIComponent(current.id)}`, {
        method: "PUT",
        body: { status: "canceled" },
        tenant,
      });
      rider.answered(answer.ride);
    } catch (error) {
      // 404: the ride is no longer there to cancel (deleted, or never this rider's).
      setCardError(error instanceof ApiError && error.status === 404 ? t(NOTHING_TO_CANCEL) : t(CANCEL_FAILED));
    } finally {
      setSending(false);
      rider.refetchSoon();
    }
  };

  /** A map tap; a destination set on the map clears the form's error, as typing a fix would. */
  const formPick = form.pick;
  const pick = useCallback((point: Point) => {
    if (formPick(point) === "destination") setFormError(null);
  }, [formPick]);

  /** A place chosen clears the form's error too. */
  const formPlace = form.place;
  const place = useCallback((chosen: Place, use: PlaceUse) => {
    formPlace(chosen, use);
    setFormError(null);
  }, [formPlace]);

  return { form, formError, cardError, sending, request, cancel, pick, place, extras, failed };
}
