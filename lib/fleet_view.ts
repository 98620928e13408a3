/**
 * The fleet as the dispatcher's console reads it (GET /{t}/api/dispatch/state, docs/api.md): every online vehicle
 * with its driver, position, seats in use and stops still to do; the rides those stops are of; the queue of rides
 * waiting with no driver, oldest first; and the alerts, oldest first.
 */
import type { Point } from "./geo.ts";
import type { PlanStopView } from "./planned_rides.ts";
import type { Ride } from "./rides.ts";
import type { Vehicle } from "./vehicles.ts";

export interface FleetVehicle {
  vehicle: Vehicle;
  driver: { id: string; name: string | null };
  position: Point;
  seatsInUse: number;
  wheelchairsInUse: number;
  stops: PlanStopView[];
}

/**
 * - late: a planned pickup predicted later than the ride's promised time and the tenant's wait (`rideId` set;
 *   `minutes` beyond them);
 * - silent: the driver stopped reporting their position while riders are planned or aboard (`minutes` since);
 * - idle-outside: nothing to do, outside the service area (`minutes` idle there).
 */
export interface FleetAlert {
  kind: "late" | "silent" | "idle-outside";
  vehicleId: string;
  driverId: string;
  rideId?: string;
  minutes: number;
  since: number;
}

export interface FleetState {
  vehicles: FleetVehicle[];
  planned?: Ride[];
  queue: Ride[];
  alerts?: FleetAlert[];
}

/** An alert's identity across reads: a new one is announced once. */
export const alertKey = (a: FleetAlert) => `${a.kind}:${a.vehicleId}:${a.rideId ?? ""}`;

/** How late the vehicle's next pickup is, in minutes, as its "late" alert says; null when it has none (on time). */
export function nextPickupLate(v: FleetVehicle, alerts: readonly FleetAlert[]): number | null {
  const pickup = v.stops.find((s) => s.kind === "pickup");
  if (!pickup) return null;
  const late = alerts.find((a) => a.kind === "late" && a.rideId === pickup.rideId);
  return late ? late.minutes : null;
}
