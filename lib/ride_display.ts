/**
 * How rides read on the rider and driver screens (spec sections 4, 5, 8):
 * the rider's status messages, the map's marker colours, the driver card's
 * action buttons, the ride request's checks and the list updates the live
 * socket drives. Pure, so the islands and the unit tests share it.
 */
import type { Ride } from "../kv/rides.ts";
import { ANOTHER_IN_PROGRESS, checkMove, compareForDriver, isActive, type RideStatus } from "./rides.ts";
import type { Point } from "./geo.ts";

/** The rider's Current Ride message per status (spec section 4, "Rider messages"). */
export const RIDER_MESSAGES: Record<RideStatus, string> = {
  pending: "You have a pending ride request",
  accepted: "Your ride has been accepted by a driver!",
  "on-the-way": "Your driver is on the way!",
  arrived: "Your driver has arrived!",
  // Not in the spec's list: no move leads to picked-up (docs/architecture.md); its user badge reads "In Transit".
  "picked-up": "You're in transit.",
  completed: "Ride completed!",
  canceled: "Your ride has been canceled.",
  "no-show": "Ride marked as no-show.",
};

export function riderMessage(status: RideStatus): string {
  return RIDER_MESSAGES[status];
}

/** Marker colours (spec section 4), named for people and as hex for the map; chosen to read in sunlight. */
export const MARKER_COLOURS: Record<RideStatus, { name: string; hex: string }> = {
  pending: { name: "yellow", hex: "#facc15" },
  accepted: { name: "blue", hex: "#1d4ed8" },
  "on-the-way": { name: "green", hex: "#15803d" },
  arrived: { name: "violet", hex: "#7c3aed" },
  // Not in the spec: a rider who is aboard is with the driver who arrived.
  "picked-up": { name: "violet", hex: "#7c3aed" },
  completed: { name: "grey", hex: "#6b7280" },
  canceled: { name: "red", hex: "#dc2626" },
  "no-show": { name: "black", hex: "#111827" },
};

export function markerColour(status: RideStatus): string {
  return MARKER_COLOURS[status].name;
}

/** The words on a ride's status badge (the same as the admin's trip badges). */
export const STATUS_LABELS: Record<RideStatus, string> = {
  pending: "Pending",
  accepted: "Accepted",
  "on-the-way": "On the way",
  arrived: "Arrived",
  "picked-up": "Picked up",
  completed: "Completed",
  canceled: "Canceled",
  "no-show": "No Show",
};

export function statusLabel(status: RideStatus): string {
  return STATUS_LABELS[status];
}

/** What the destination field holds while the destination is a point picked on the map (spec section 5). */
export const MAP_LOCATION = "MAP LOCATION";

/** Shown for a ride whose destination is only a point on the map. */
export const DROPPED_PIN = "Dropped pin";
/** Shown for a ride with no destination at all (spec section 2, "Driver screen"). */
export const TBD = "TBD";

/** A ride's destination as a person reads it: its text, "Dropped pin" for a map point, else "TBD". */
export function destinationText(ride: Pick<Ride, "destination" | "dropoff">): string {
  if (ride.destination && ride.destination !== MAP_LOCATION) return ride.destination;
  return ride.dropoff ? DROPPED_PIN : TBD;
}

export function passengersText(count: number): string {
  return `${count} ${count === 1 ? "passenger" : "passengers"}`;
}

/** The driver count on the rider screen: "Loading..." until the first answer, then "N online". */
export function onlineText(count: number | null): string {
  return count === null ? "Loading..." : `${count} online`;
}

// ---- Ride request (spec sections 5, 8) ----

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

// ---- Driver actions (spec section 4, transition table) ----

export interface DriverAction {
  to: RideStatus;
  label: string;
  /** Set when the move is shown but not allowed now ("Another ride is already in progress"). */
  disabledReason?: string;
  /** Cancel and no-show end a ride the rider still wanted: drawn apart from the forward move. */
  tone: "primary" | "danger";
}

const FORWARD: { from: RideStatus; to: RideStatus; label: string; tone: DriverAction["tone"] }[] = [
  { from: "pending", to: "accepted", label: "Accept", tone: "primary" },
  { from: "accepted", to: "on-the-way", label: "On my way", tone: "primary" },
  { from: "on-the-way", to: "arrived", label: "Picked up", tone: "primary" },
  { from: "on-the-way", to: "no-show", label: "No-show", tone: "danger" },
  { from: "arrived", to: "completed", label: "Complete", tone: "primary" },
  { from: "picked-up", to: "completed", label: "Complete", tone: "primary" },
];

export const CANCEL_LABEL = "Cancel";

/**
 * The buttons a driver sees on a ride card: the moves lib/rides.ts allows
 * this driver, with the on-the-way start disabled while another ride of
 * theirs is on-the-way or arrived (the server refuses it too).
 */
export function driverActions(ride: Ride, list: readonly Ride[], me: string): DriverAction[] {
  const actor = { userId: me, drives: true };
  const busy = list.some((r) => r.id !== ride.id && r.assignedDriverId === me && isInProgress(r.status));
  const actions: DriverAction[] = [];
  for (const move of FORWARD) {
    if (move.from !== ride.status) continue;
    const check = checkMove(ride, move.to, actor, busy);
    if (check.ok) actions.push({ to: move.to, label: move.label, tone: move.tone });
    else if (check.error === ANOTHER_IN_PROGRESS) {
      actions.push({ to: move.to, label: move.label, tone: move.tone, disabledReason: ANOTHER_IN_PROGRESS });
    }
  }
  if (checkMove(ride, "canceled", actor).ok) actions.push({ to: "canceled", label: CANCEL_LABEL, tone: "danger" });
  return actions;
}

function isInProgress(status: RideStatus): boolean {
  return status === "on-the-way" || status === "arrived";
}

// ---- Lists the socket updates ----

/**
 * The driver's list after a ride changed: kept while active and pending or
 * assigned to this driver, dropped otherwise (spec section 4: completed,
 * canceled and no-show leave the list), sorted by status priority then newest.
 * A message older than the copy held (updatedAt) is ignored.
 */
export function upsertDriverRide(list: readonly Ride[], ride: Ride, me: string): Ride[] {
  const held = list.find((r) => r.id === ride.id);
  if (held && held.updatedAt > ride.updatedAt) return list as Ride[];
  const rest = list.filter((r) => r.id !== ride.id);
  const keep = isActive(ride.status) && (ride.status === "pending" || ride.assignedDriverId === me);
  return (keep ? [...rest, ride] : rest).sort(compareForDriver);
}

/** The driver list as fetched: active ones only, in the spec's order. */
export function sortDriverRides(list: readonly Ride[]): Ride[] {
  return list.filter((r) => isActive(r.status)).sort(compareForDriver);
}

/**
 * The rider's current ride after a message about `ride`: a newer copy of the
 * same ride replaces it; another ride replaces it only if it is newer.
 */
export function nextRiderRide(current: Ride | null, ride: Ride): Ride | null {
  if (current && current.id === ride.id && current.updatedAt > ride.updatedAt) return current;
  if (current && current.id !== ride.id && current.requestedAt > ride.requestedAt) return current;
  return ride;
}
