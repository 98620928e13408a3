/**
 * Which drivers are offered a ride: a wheelchair ride only those
 * whose vehicle takes one. One rule, asked by the driver list
 * (routes/api/rides.ts), the live socket (live/visibility.ts and
 * room.ts) and the driver's own screen (hooks/driver/use_driver_rides.ts).
 * A file of its own, so the rider's screen never loads it.
 */
import type { Need } from "./needs.ts";
import { inDriverList, type Ride } from "./rides.ts";

/** Whether a ride asks for a vehicle that takes a wheelchair. */
export function needsAccessibleVehicle(ride: { needs?: readonly Need[] }): boolean {
  return ride.needs?.includes("wheelchair") ?? false;
}

/**
 * Whether a driver whose vehicle does (or does not) take a wheelchair is
 * offered the ride: a wheelchair ride only to accessible vehicles, any other
 * ride to everyone.
 */
export function offeredTo(ride: { needs?: readonly Need[] }, wheelchairAccessible: boolean): boolean {
  return wheelchairAccessible || !needsAccessibleVehicle(ride);
}

/**
 * Whether a ride belongs in this driver's list: lib/rides.ts `inDriverList`,
 * and a pending ride only if it is offered to their vehicle (`offeredTo`);
 * their own ride stays whatever it asks.
 */
export function offeredInList(
  ride: Pick<Ride, "status" | "assignedDriverId" | "needs">,
  driverId: string,
  wheelchairAccessible: boolean,
): boolean {
  return inDriverList(ride, driverId) &&
    (ride.assignedDriverId === driverId || offeredTo(ride, wheelchairAccessible));
}
