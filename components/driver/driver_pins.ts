/** The driver map's pins: pickups in their status colour, destinations of this driver's own rides, and the driver. */
import type { Point } from "../../lib/geo.ts";
import { statusLabel } from "../../lib/ride_texts.ts";
import type { Ride } from "../../lib/rides.ts";
import type { Translate } from "../../lib/i18n/format.ts";
import type { MapPin } from "../map/types.ts";

export function driverPins(rides: Ride[], location: Point | null, me: string, t: Translate): MapPin[] {
  const pins: MapPin[] = [];
  for (const ride of rides) {
    const who = ride.riderName ?? t("Rider");
    pins.push({
      id: ride.id,
      kind: "ride",
      at: ride.pickup,
      status: ride.status,
      title: `${who}: ${statusLabel(ride.status, t)}`,
    });
    pins.push({ id: ride.id, kind: "pickup", at: ride.pickup, title: t("Pickup for {name}", { name: who }) });
    if (ride.dropoff && ride.assignedDriverId === me) {
      pins.push({
        id: ride.id,
        kind: "destination",
        at: ride.dropoff,
        title: t("Destination for {name}", { name: who }),
      });
    }
  }
  if (location) pins.push({ id: "me", kind: "shuttle", at: location, self: true, title: t("You are here") });
  return pins;
}
