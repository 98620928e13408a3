/**
 * The ride request's rules (spec sections 5, 8), once, for both sides: the
 * server applies `readRequest` to what arrives (routes/api/rides.ts), and the
 * rider's screen applies the same rules before sending (`checkRequest`), so
 * the screen never sends a request the server refuses for its shape.
 */
import { isPoint, type Point } from "./geo.ts";
import type { Text } from "./i18n/catalogue.ts";
import type { Translate } from "./i18n/format.ts";
import { placeLabel, placePoint } from "./place_label.ts";
import type { Place } from "./places.ts";
import { MAP_LOCATION } from "./ride_texts.ts";

/** The screen's check before sending, from the drivers it shows online (spec section 5). */
export const NO_DRIVERS_TEXT: Text = "No drivers are currently available.";
/** The server's answer (409) when no driver is available at the moment of the request (spec section 8). */
export const NO_DRIVERS_AT_REQUEST: Text = "No drivers are currently available. Please try again later.";
export const NO_LOCATION_TEXT: Text = "Location not available.";
export const NO_DESTINATION_TEXT: Text = "Please select a destination on the map or enter a destination.";
export const ACTIVE_RIDE_TEXT: Text = "You already have an active ride.";
export const REQUEST_FAILED: Text = "Failed to request ride.";
export const CANCEL_FAILED: Text = "Failed to cancel ride.";
export const NOTHING_TO_CANCEL: Text = "No ride to cancel.";

/** Passengers per ride (spec section 5): a whole number in this range. */
export const MIN_PASSENGERS = 1;
export const MAX_PASSENGERS = 5;
export const PASSENGERS_TEXT: Text = "Passengers must be a whole number from {min} to {max}";
export const DESTINATION_MAX = 200;

export function isPassengerCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= MIN_PASSENGERS && value <= MAX_PASSENGERS;
}

/** The nearest passenger count the rule allows (the screen's select only offers those; this guards the rest). */
export function clampPassengers(n: number): number {
  return Math.min(MAX_PASSENGERS, Math.max(MIN_PASSENGERS, Math.round(n) || MIN_PASSENGERS));
}

/**
 * A ride request as it arrives: anything may be missing or of the wrong type.
 * A place id stands for a point: the server looks the places up
 * and lays their parts over the body (`placeParts`) before `readRequest`
 * reads it, so the rules below apply to a place's point as to a tapped one.
 */
export interface RequestBody {
  pickup?: unknown;
  dropoff?: unknown;
  destination?: unknown;
  passengerCt?: unknown;
  pickupPlaceId?: unknown;
  dropoffPlaceId?: unknown;
}

/** What a request's places stand for: their points, and the names the ride keeps as they are now. */
export interface PlaceParts {
  pickup?: Point;
  pickupName?: string;
  dropoff?: Point;
  destination?: string;
}

/**
 * The parts of a request that its places give, one rule for both sides: the
 * server lays them over the body it received (kv/places.ts), the screen over
 * its draft before checking it (`checkRequest`). A pickup place gives its
 * point and its label ("Greer Station (north entrance)"); a dropoff place its
 * point and its name as the destination.
 */
export function placeParts(
  pickup: Pick<Place, "name" | "note" | "lat" | "lng"> | null | undefined,
  dropoff: Pick<Place, "name" | "lat" | "lng"> | null | undefined,
): PlaceParts {
  return {
    ...(pickup && { pickup: placePoint(pickup), pickupName: placeLabel(pickup) }),
    ...(dropoff && { dropoff: placePoint(dropoff), destination: dropoff.name }),
  };
}

export interface RideRequest {
  pickup: Point;
  dropoff: Point | null;
  destination: string | null;
  passengerCt: number;
}

/**
 * A further rule for the typed destination, answering its error text or null.
 * The server passes lib/schemas.ts's hidden-characters rule; the rider's
 * bundle does without (it would carry zod) and the server still applies it.
 */
export type TextRule = (text: string, label: string) => string | null;

/** The request's rules in the spec's order: pickup, destination, passengers. */
export function readRequest(
  body: RequestBody,
  t: Translate,
  textRule: TextRule = () => null,
): { ok: true; value: RideRequest } | { ok: false; error: string } {
  // `== null`: absent or null alike (written short: the rider's first load carries this).
  if (body.pickup == null) return { ok: false, error: t(NO_LOCATION_TEXT) };
  if (!isPoint(body.pickup)) return { ok: false, error: t("Pickup must be a location with numeric lat and lng") };
  const dropoff = body.dropoff ?? null;
  if (dropoff !== null && !isPoint(dropoff)) {
    return { ok: false, error: t("Dropoff must be a location with numeric lat and lng") };
  }
  if (body.destination != null && typeof body.destination !== "string") {
    return { ok: false, error: t("Destination must be text") };
  }
  const destination = typeof body.destination === "string" ? body.destination.trim() : "";
  if (destination.length > DESTINATION_MAX) {
    return { ok: false, error: t("Destination must be at most {max} characters", { max: DESTINATION_MAX }) };
  }
  const refused = textRule(destination, t("Destination"));
  if (refused) return { ok: false, error: refused };
  if (!dropoff && !destination) return { ok: false, error: t(NO_DESTINATION_TEXT) };
  // Only an absent count means one rider: null is a value, and not a whole number.
  const passengerCt = body.passengerCt === undefined ? MIN_PASSENGERS : body.passengerCt;
  if (!isPassengerCount(passengerCt)) {
    return { ok: false, error: t(PASSENGERS_TEXT, { min: MIN_PASSENGERS, max: MAX_PASSENGERS }) };
  }
  return {
    ok: true,
    value: {
      pickup: placePoint(body.pickup),
      dropoff: dropoff && placePoint(dropoff),
      destination: destination || null,
      passengerCt,
    },
  };
}

export interface RequestDraft {
  /** Drivers online now; null while unknown. */
  driversOnline: number | null;
  pickup: Point | null;
  dropoff: Point | null;
  /** The destination field as typed ("MAP LOCATION" while the map point stands). */
  destination: string;
  passengers: number;
  /** A place chosen as the pickup: the request names it instead of sending its point. */
  pickupPlace?: Place | null;
  /** A place chosen as the destination: the request names it instead of the point and the text. */
  dropoffPlace?: Place | null;
}

/** What the screen sends: each end as a point (and a typed destination) or as a place's id. */
export interface RequestSent {
  pickup?: Point;
  pickupPlaceId?: string;
  dropoff?: Point;
  dropoffPlaceId?: string;
  destination?: string;
  passengerCt: number;
}

export type RequestCheck = { ok: true; body: RequestSent } | { ok: false; error: string };

/**
 * The screen's checks before sending, in the spec's order (driver, location,
 * destination), and the body sent when they pass: the drivers it shows, then
 * readRequest's rules, over the draft with its places' parts laid on as the
 * server will lay them. The placeholder text is never sent as a destination:
 * the map point is. A chosen place is sent as its id alone.
 */
export function checkRequest(draft: RequestDraft, t: Translate): RequestCheck {
  if (!draft.driversOnline) return { ok: false, error: t(NO_DRIVERS_TEXT) };
  const typed = draft.destination.trim();
  const read = readRequest({
    pickup: draft.pickup,
    dropoff: draft.dropoff,
    destination: typed === MAP_LOCATION ? "" : typed,
    passengerCt: clampPassengers(draft.passengers),
    ...placeParts(draft.pickupPlace, draft.dropoffPlace),
  }, t);
  if (!read.ok) return read;
  const { pickup, dropoff, destination, passengerCt } = read.value;
  const from = draft.pickupPlace ? { pickupPlaceId: draft.pickupPlace.id } : { pickup };
  const to = draft.dropoffPlace
    ? { dropoffPlaceId: draft.dropoffPlace.id }
    : { ...(dropoff && { dropoff }), ...(destination && { destination }) };
  return { ok: true, body: { ...from, ...to, passengerCt } };
}

/** The form's destination: the field's text, the dropoff point, and the place chosen for it. */
export interface DestinationChoice {
  destination: string;
  dropoff: Point | null;
  dropoffPlace?: Place;
}

/**
 * The destination field changed: a typed text other than the placeholder
 * clears the map dropoff (spec section 5), and any text other than a chosen
 * place's name drops the place and its point.
 */
export function typedDestination(text: string, dropoff: Point | null, place?: Place | null): DestinationChoice {
  if (place) {
    return text === place.name
      ? { destination: text, dropoff, dropoffPlace: place }
      : { destination: text, dropoff: null };
  }
  return { destination: text, dropoff: text === MAP_LOCATION ? dropoff : null };
}

/** A place chosen as the destination (a suggestion, or "Go here" on the map): its name, its point, and itself. */
export function placeDestination(place: Place): DestinationChoice {
  return { destination: place.name, dropoff: placePoint(place), dropoffPlace: place };
}
