/**
 * Where a ride goes in automatic dispatch: the online vehicle and the places in its plan where its pickup and
 * drop-off cost least (the vehicle minutes they add, plus DELAY_WEIGHT × the minutes they make riders already planned
 * wait), keeping every limit of the tenant's settings for every rider (domain/dispatch/insertion.ts). With pooling
 * off a ride may only go after every stop already planned, so a vehicle carries one ride at a time.
 * The ride request, the booking hand-over and a driver going offline (its rides placed again, that vehicle excluded)
 * all place rides through `placeRide`.
 */
import { type FleetEntry, readFleet, type VehiclePlan } from "../../kv/plans.ts";
import type { Store } from "../../kv/store.ts";
import type { DispatchSettings } from "../../lib/dispatch_settings.ts";
import { buildProblem, type FleetVehicle, planWith, rideTimes, type RideToPlace, stopsOfRoute } from "./from_plans.ts";
import { bestInRoute, withRequest } from "./insertion.ts";
import type { Route } from "./plan.ts";
import { routeTravel, scheduleRoute } from "./schedule.ts";
import { estimateTravel, type Travel } from "./travel.ts";

/** Each minute a rider already planned is made to wait costs half a vehicle minute. */
export const DELAY_WEIGHT = 0.5;

/** The settings placing reads. */
export type PlaceSettings = Pick<
  DispatchSettings,
  "maxWaitMinutes" | "maxRideFactor" | "maxRideExtraMinutes" | "pooling"
>;

export interface PlaceOptions {
  /** A vehicle the ride may not go to (its driver is going offline). */
  excludeVehicleId?: string;
  /** The travel model (domain/dispatch/travel.ts); the estimate when not given. */
  travel?: Travel;
}

/** Where a ride was placed: the vehicle, its new plan, and when the ride and every other rider of it are now due. */
export interface Placement {
  fleet: FleetEntry;
  /** The plan as read: the commit that writes `plan` checks it. */
  entry: Deno.KvEntryMaybe<VehiclePlan>;
  plan: VehiclePlan;
  pickupAt: number;
  dropoffAt: number;
  /** Per ride of the new plan (the placed one too): its planned pickup and drop-off. */
  times: Map<string, { pickupAt?: number; dropoffAt?: number }>;
}

/** The window a ride's pickup must begin in: from `from` (now, or the booked time) to maxWaitMinutes later. */
export function pickupWindow(from: number, settings: Pick<PlaceSettings, "maxWaitMinutes">) {
  return { earliest: from, latest: from + settings.maxWaitMinutes * 60_000 };
}

/** The cheapest feasible vehicle and places for `ride` among `fleet`, or null when no vehicle keeps every limit. */
export async function findPlacement(
  tenant: string,
  fleet: readonly FleetVehicle[],
  ride: RideToPlace,
  settings: PlaceSettings,
  now: number,
  { excludeVehicleId, travel = estimateTravel }: PlaceOptions = {},
): Promise<Placement | null> {
  const candidates = fleet.filter((f) => f.vehicle.id !== excludeVehicleId);
  if (!candidates.length) return null;
  const built = await buildProblem(candidates, ride, settings, now, travel);
  const { problem, routes, request } = built;
  let best: { v: number; route: Route; cost: number } | null = null;
  routes.forEach((route, v) => {
    const found = settings.pooling
      ? bestInRoute(problem, route, request, best ? best.cost : Infinity, { delayWeight: DELAY_WEIGHT })
      : afterEverything(route);
    if (found && (!best || found.cost < best.cost)) {
      best = { v, route: withRequest(route, request, found.pickupAt, found.dropoffAt), cost: found.cost };
    }
  });
  function afterEverything(route: Route) {
    const n = route.stops.length;
    const r = problem.requests[request];
    if (r.seats > route.vehicle.seats || r.wheelchairs > route.vehicle.wheelchairSpaces) return null;
    const candidate = withRequest(route, request, n, n + 1);
    if (!scheduleRoute(problem, candidate)) return null;
    return { pickupAt: n, dropoffAt: n + 1, cost: routeTravel(problem, candidate) - routeTravel(problem, route) };
  }
  if (!best) return null;
  const { v, route } = best as { v: number; route: Route };
  const stops = stopsOfRoute(built, route, now);
  const times = rideTimes(stops);
  const own = times.get(ride.rideId)!;
  return {
    fleet: candidates[v],
    entry: candidates[v].entry,
    plan: planWith(candidates[v], tenant, stops, now),
    pickupAt: own.pickupAt!,
    dropoffAt: own.dropoffAt!,
    times,
  };
}

/** Reads the tenant's online vehicles and their plans, and places `ride` among them (findPlacement). */
export async function placeRide(
  kv: Store,
  tenant: string,
  ride: RideToPlace,
  settings: PlaceSettings,
  now: number,
  options: PlaceOptions = {},
): Promise<Placement | null> {
  return findPlacement(tenant, await readFleet(kv, tenant, now), ride, settings, now, options);
}
