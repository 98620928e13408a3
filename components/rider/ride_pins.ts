/** The rider map's pins: drivers online, and the ride's points (or the request's while there is none). */
import type { AvailableDriver } from "../../lib/drivers.ts";
import type { Point } from "../../lib/geo.ts";
import { statusLabel } from "../../lib/ride_texts.ts";
import type { Ride } from "../../lib/rides.ts";
import type { MapPin } from "../map/types.ts";

export function ridePins(
  ride: Ride | null,
  pickup: Point | null,
  dropoff: Point | null,
  drivers: AvailableDriver[] | null,
): MapPin[] {
  const pins: MapPin[] = (drivers ?? []).map((d) => ({
    id: d.id,
    kind: "shuttle",
    at: d.location,
    title: d.name ? `Shuttle: ${d.name}` : "Shuttle",
  }));
  if (ride) {
    pins.push({
      id: ride.id,
      kind: "ride",
      at: ride.pickup,
      status: ride.status,
      title: `Your ride: ${statusLabel(ride.status)}`,
    });
    pins.push({ id: "pickup", kind: "pickup", at: ride.pickup, title: "Pickup" });
    if (ride.dropoff) pins.push({ id: "destination", kind: "destination", at: ride.dropoff, title: "Destination" });
    return pins;
  }
  if (pickup) pins.push({ id: "pickup", kind: "pickup", at: pickup, title: "Pickup" });
  if (dropoff) pins.push({ id: "destination", kind: "destination", at: dropoff, title: "Destination" });
  return pins;
}
