/**
 * How a ride reads on the rider, driver and admin screens (spec sections 4,
 * 5, 8): the rider's status messages, marker colours, status badges and the
 * destination and passenger texts. Pure, shared by server pages and islands.
 */
import type { Text } from "./i18n/catalogue.ts";
import type { Translate } from "./i18n/format.ts";
import type { Ride, RideStatus } from "./rides.ts";

/** The rider's Current Ride message per status (spec section 4, "Rider messages"). */
export const RIDER_MESSAGES: Record<RideStatus, Text> = {
  pending: "You have a pending ride request",
  accepted: "Your ride has been accepted by a driver!",
  "on-the-way": "Your driver is on the way!",
  arrived: "Your driver has arrived!",
  // Not in the spec's list: no move leads to picked-up (docs/architecture.md); its user badge reads "In Transit".
  "picked-up": "You're in transit.",
  completed: "Ride completed!",
  canceled: "Your ride has been canceled.",
  "no-show": "Ride marked as no-show.",
  // A booking; the rider's Upcoming rides list shows its time.
  scheduled: "Your ride is booked.",
};

/** Each text function answers in the language of `t`, the screen's translate function (components/texts.tsx). */
export function riderMessage(status: RideStatus, t: Translate): string {
  return t(RIDER_MESSAGES[status]);
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
  // A booking is purple wherever a status has a colour.
  scheduled: { name: "purple", hex: "#9333ea" },
};

export function markerColour(status: RideStatus): string {
  return MARKER_COLOURS[status].name;
}

/** The words on a ride's status badge (the same as the admin's trip badges). */
export const STATUS_LABELS: Record<RideStatus, Text> = {
  pending: "Pending",
  accepted: "Accepted",
  "on-the-way": "On the way",
  arrived: "Arrived",
  "picked-up": "Picked up",
  completed: "Completed",
  canceled: "Canceled",
  "no-show": "No Show",
  scheduled: "Scheduled",
};

export function statusLabel(status: RideStatus, t: Translate): string {
  return t(STATUS_LABELS[status]);
}

/** What the destination field holds while the destination is a point picked on the map (spec section 5). */
export const MAP_LOCATION = "MAP LOCATION";

/** Shown for a ride whose destination is only a point on the map. */
export const DROPPED_PIN = "Dropped pin";
/** Shown for a ride with no destination at all (spec section 2, "Driver screen"). */
export const TBD = "TBD";

/** A ride's destination as a person reads it: its text, "Dropped pin" for a map point, else "TBD". */
export function destinationText(ride: Pick<Ride, "destination" | "dropoff">, t: Translate): string {
  if (ride.destination && ride.destination !== MAP_LOCATION) return ride.destination;
  return t(ride.dropoff ? DROPPED_PIN : TBD);
}

export function passengersText(count: number, t: Translate): string {
  return t("{count} passengers", { count });
}

/** The driver count on the rider screen: "Loading..." until the first answer, then "N online". */
export function onlineText(count: number | null, t: Translate): string {
  return count === null ? t("Loading...") : t("{count} online", { count });
}
