/**
 * The Current Ride card's arrival line, in the rider's words: a
 * rider screen text, kept apart from lib/eta.ts (shared with the driver's
 * screen, which shows none of it).
 */
import { atPickup, NEAR_MINUTES, type Tracking } from "./eta.ts";
import type { Ride } from "./rides.ts";

/**
 * The arrival lines, as English catalogue keys
 * with their values: "Arriving in about N min", "Arriving now" once the
 * driver is at the pickup, "About N min to your destination" once aboard,
 * and "Running about N min late" beside it when the time slipped. Null when
 * there is nothing to say.
 */
export function arrivalLines(
  ride: Pick<Ride, "status" | "pickup" | "dropoff" | "vehicleId">,
  tracking: Tracking | null,
): { text: ArrivalText; minutes?: number }[] {
  if (!tracking?.driverLocation || tracking.etaMinutes === null) return [];
  const lines: { text: ArrivalText; minutes?: number }[] = [];
  if (ride.status === "arrived") {
    if (ride.dropoff) lines.push({ text: "About {minutes} min to your destination", minutes: tracking.etaMinutes });
    return lines;
  }
  // A planned driver passing the pickup on the way to another stop first is not there until the plan says so.
  const due = !ride.vehicleId || tracking.etaMinutes <= NEAR_MINUTES;
  if (due && atPickup(ride, tracking.driverLocation)) lines.push({ text: "Arriving now" });
  else lines.push({ text: "Arriving in about {minutes} min", minutes: tracking.etaMinutes });
  if (tracking.lateMinutes !== null) {
    lines.push({ text: "Running about {minutes} min late", minutes: tracking.lateMinutes });
  }
  return lines;
}

export type ArrivalText =
  | "Arriving in about {minutes} min"
  | "Arriving now"
  | "About {minutes} min to your destination"
  | "Running about {minutes} min late";
