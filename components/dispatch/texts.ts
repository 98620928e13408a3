/**
 * The console's words: a failed call in the person's language (the server's own refusal passes through as it came,
 * already in the page's language), who a ride is for, where from and where to, and each alert in a line.
 */
import { ApiError } from "../../browser/auth_client.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import type { Translate } from "../../lib/i18n/format.ts";
import type { FleetAlert, FleetVehicle } from "../../lib/fleet_view.ts";
import { formatPhone } from "../../lib/phone.ts";
import type { Ride } from "../../lib/rides.ts";

export const DISPATCH_REQUIRED: Text = "Access denied - dispatcher privileges required";
export const DISPATCH_FAILED: Text = "Could not reach the server. Please try again.";

export function dispatchError(err: unknown, t: Translate): string {
  if (err instanceof ApiError && err.status === 403) return err.serverError ?? t(DISPATCH_REQUIRED);
  if (err instanceof ApiError && err.serverError) return err.serverError;
  return t(DISPATCH_FAILED);
}

/** The rider's name, else their phone number. */
export function riderOf(ride: Pick<Ride, "riderName" | "riderPhone" | "riderDeleted">, t: Translate): string {
  if (ride.riderDeleted) return t("Deleted rider");
  return ride.riderName?.trim() || formatPhone(ride.riderPhone);
}

/** "Greer Station → City Hall": the named pickup (else "Map point") to the destination (else "No destination"). */
export function routeOf(ride: Pick<Ride, "pickupName" | "destination">, t: Translate): string {
  const from = ride.pickupName?.trim() || t("Map point");
  const to = ride.destination?.trim() || t("No destination");
  return `${from} → ${to}`;
}

const ALERT_TEXT: Record<FleetAlert["kind"], Text> = {
  late: "{vehicle}: pickup of {name} {minutes} min late",
  silent: "{vehicle}: no position from {driver} for {minutes} min",
  "idle-outside": "{vehicle}: idle outside the service area for {minutes} min",
};

/** An alert in one line, naming the vehicle, its driver and the rider as the state knows them. */
export function alertLine(
  alert: FleetAlert,
  vehicles: readonly FleetVehicle[],
  rides: readonly Ride[],
  t: Translate,
): string {
  const held = vehicles.find((v) => v.vehicle.id === alert.vehicleId);
  const ride = alert.rideId ? rides.find((r) => r.id === alert.rideId) : undefined;
  return t(ALERT_TEXT[alert.kind], {
    vehicle: held?.vehicle.name ?? t("A vehicle"),
    driver: held?.driver.name ?? t("the driver"),
    name: ride ? riderOf(ride, t) : t("a rider"),
    minutes: Math.max(0, Math.round(alert.minutes)),
  });
}
