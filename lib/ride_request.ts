/**
 * The ride request's checks (spec sections 5, 8), in the spec's order.
 */
import type { Point } from "./geo.ts";
import { MAP_LOCATION } from "./ride_texts.ts";

export const NO_DRIVERS_TEXT = "No drivers are currently available.";
export const NO_LOCATION_TEXT = "Location not available.";
export const NO_DESTINATION_TEXT = "Please select a destination on the map or enter a destination.";
export const REQUEST_FAILED = "Failed to request ride.";
export const CANCEL_FAILED = "Failed to cancel ride.";
export const NOTHING_TO_CANCEL = "No ride to cancel.";

export interface RequestDraft {
  /** Drivers online now; null while unknown. */
  driversOnline: number | null;
  pickup: Point | null;
  dropoff: Point | null;
  /** The destination field as typed ("MAP LOCATION" while the map point stands). */
  destination: string;
  passengers: number;
}

export type RequestCheck =
  | { ok: true; body: { pickup: Point; dropoff?: Point; destination?: string; passengerCt: number } }
  | { ok: false; error: string };

/**
 * The checks made before sending, in the spec's order (driver, location,
 * destination), and the body sent when they pass. The placeholder text is
 * never sent as a destination: the map point is.
 */
export function checkRequest(draft: RequestDraft): RequestCheck {
  if (!draft.driversOnline) return { ok: false, error: NO_DRIVERS_TEXT };
  if (!draft.pickup) return { ok: false, error: NO_LOCATION_TEXT };
  const typed = draft.destination.trim();
  const text = typed === MAP_LOCATION ? "" : typed;
  if (!draft.dropoff && !text) return { ok: false, error: NO_DESTINATION_TEXT };
  const passengerCt = Math.min(5, Math.max(1, Math.round(draft.passengers) || 1));
  return {
    ok: true,
    body: {
      pickup: draft.pickup,
      ...(draft.dropoff ? { dropoff: draft.dropoff } : {}),
      ...(text ? { destination: text } : {}),
      passengerCt,
    },
  };
}

/**
 * The destination field changed: a typed text other than the placeholder
 * clears the map dropoff (spec section 5).
 */
export function typedDestination(text: string, dropoff: Point | null): { destination: string; dropoff: Point | null } {
  return { destination: text, dropoff: text === MAP_LOCATION ? dropoff : null };
}
