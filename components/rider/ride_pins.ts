/**
 * The rider map's pins: drivers online, and the ride's points (or the
 * request's while there is none). Once a driver has the ride the
 * map shows that driver alone, kept in view with the pickup.
 */
import type { AvailableDriver } from "../../lib/drivers.ts";
import type { Point } from "../../lib/geo.ts";
import type { Translate } from "../../lib/i18n/format.ts";
import { statusLabel } from "../../lib/ride_texts.ts";
import type { Ride } from "../../lib/rides.ts";
import type { MapPin } from "../map/types.ts";

export function ridePins(
  ride: Ride | null,
  pickup: Point | null,
  dropoff: Point | null,
  drivers: AvailableDriver[] | null,
  t: Translate,
  driver: Point | null = null,
): MapPin[] {
  const pins: MapPin[] = driver ? [] : (drivers ?? []).map((d) => ({
    id: d.id,
    kind: "shuttle",
    at: d.location,
    title: d.name ? t("Shuttle: {name}", { name: d.name }) : t("Shuttle"),
  }));
  if (ride) {
    pins.push({
      id: ride.id,
      kind: "ride",
      at: ride.pickup,
      status: ride.status,
      title: t("Your ride: {status}", { status: statusLabel(ride.status, t) }),
    });
    pins.push({ id: "pickup", kind: "pickup", at: ride.pickup, title: t("Pickup"), keep: !!driver });
    if (ride.dropoff) pins.push({ id: "destination", kind: "destination", at: ride.dropoff, title: t("Destination") });
    if (driver) {
      const title = ride.driverName ? t("Your shuttle: {name}", { name: ride.driverName }) : t("Your shuttle");
      pins.push({ id: "my-driver", kind: "shuttle", at: driver, title, mine: true, keep: true });
    }
    return pins;
  }
  if (pickup) pins.push({ id: "pickup", kind: "pickup", at: pickup, title: t("Pickup") });
  if (dropoff) pins.push({ id: "destination", kind: "destination", at: dropoff, title: t("Destination") });
  return pins;
}
