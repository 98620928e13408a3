/**
 * The whole fleet as a dispatcher sees it (GET /{t}/api/dispatch/state): every online vehicle with its driver,
 * position, the seats and wheelchair spaces its riders aboard take and its stops still to do; the rides those stops
 * are of (the console names their riders and shows which are pinned); and the queue, the tenant's rides waiting with
 * no driver, oldest first.
 */
import { type PlanStop, readFleet } from "../../kv/plans.ts";
import { listActiveRides } from "../../kv/ride_reads.ts";
import type { Store } from "../../kv/store.ts";
import { getUsers } from "../../kv/users.ts";
import type { Point } from "../../lib/geo.ts";
import type { PlanStopView } from "../../lib/planned_rides.ts";
import type { Ride } from "../../lib/rides.ts";
import { byName, type Vehicle } from "../../lib/vehicles.ts";
import { seatsOf } from "./from_plans.ts";
import { toDo } from "./plan_views.ts";

export interface FleetVehicleView {
  vehicle: Vehicle;
  driver: { id: string; name: string | null };
  position: Point;
  seatsInUse: number;
  wheelchairsInUse: number;
  stops: PlanStopView[];
}

export interface DispatchState {
  vehicles: FleetVehicleView[];
  /** The active rides with a stop in an online vehicle's plan. */
  planned: Ride[];
  queue: Ride[];
}

/** What the riders aboard take: those whose pickup is done. */
function inUse(stops: readonly PlanStop[]): { seats: number; wheelchairs: number } {
  let seats = 0;
  let wheelchairs = 0;
  for (const s of stops) {
    if (s.kind !== "pickup" || s.doneAt === undefined) continue;
    const taken = seatsOf(s);
    seats += taken.seats;
    wheelchairs += taken.wheelchairs;
  }
  return { seats, wheelchairs };
}

export async function dispatchState(kv: Store, tenant: string, now: number): Promise<DispatchState> {
  const [fleet, active] = await Promise.all([readFleet(kv, tenant, now), listActiveRides(kv, tenant)]);
  const people = new Map((await getUsers(kv, fleet.map((f) => f.driverId))).map((u) => [u.id, u]));
  const vehicles = fleet
    .map((f) => {
      const stops = f.entry.value?.stops ?? [];
      const used = inUse(stops);
      return {
        vehicle: f.vehicle,
        driver: { id: f.driverId, name: people.get(f.driverId)?.name ?? null },
        position: f.location,
        seatsInUse: used.seats,
        wheelchairsInUse: used.wheelchairs,
        stops: toDo(stops),
      };
    })
    .sort((a, b) => byName(a.vehicle, b.vehicle));
  const queue = active
    .filter((r) => r.status === "pending" && !r.assignedDriverId)
    .sort((a, b) => a.requestedAt - b.requestedAt || (a.id < b.id ? -1 : 1));
  const inPlans = new Set(vehicles.flatMap((v) => v.stops.map((s) => s.rideId)));
  const planned = active.filter((r) => inPlans.has(r.id));
  return { vehicles, planned, queue };
}
