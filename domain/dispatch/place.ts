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
import type { Ride } from "../../lib/rides.ts";
import {
  buildProblem,
  type Built,
  type FleetVehicle,
  planWith,
  rideTimes,
  type RideToPlace,
  stopsOfRoute,
} from "./from_plans.ts";
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
  return placement(tenant, candidates[v], built, route, ride.rideId, now);
}

function placement(
  tenant: string,
  f: FleetVehicle,
  built: Built,
  route: Route,
  rideId: string,
  now: number,
): Placement {
  const stops = stopsOfRoute(built, route, now);
  const times = rideTimes(stops);
  const own = times.get(rideId)!;
  return {
    fleet: f,
    entry: f.entry,
    plan: planWith(f, tenant, stops, now),
    pickupAt: own.pickupAt!,
    dropoffAt: own.dropoffAt!,
    times,
  };
}

/**
 * Puts a ride a driver chose into their own vehicle's plan: at its cheapest place that keeps every limit, or, when
 * none does, after every stop already planned (a person overrules the limits; the riders already planned keep their
 * times). A wheelchair user's ride in a vehicle without a space is still refused before this (domain/rides/move.ts).
 */
export async function placeInVehicle(
  tenant: string,
  f: FleetVehicle,
  ride: RideToPlace,
  settings: PlaceSettings,
  now: number,
  { travel = estimateTravel }: Pick<PlaceOptions, "travel"> = {},
): Promise<Placement> {
  const best = await findPlacement(tenant, [f], ride, settings, now, { travel });
  if (best) return best;
  const built = await buildProblem([f], ride, settings, now, travel);
  const route = built.routes[0];
  const n = route.stops.length;
  return placement(tenant, f, built, withRequest(route, built.request, n, n + 1), ride.rideId, now);
}

/**
 * A vehicle's plan with every stop still to do timed again from its driver's position now (the stops and their order
 * as they are): for a plan whose driver moved, or from which stops were left out.
 */
export async function timedPlan(
  tenant: string,
  f: FleetVehicle,
  settings: PlaceSettings,
  now: number,
  { travel = estimateTravel }: Pick<PlaceOptions, "travel"> = {},
): Promise<{ plan: VehiclePlan; times: Placement["times"] }> {
  const built = await buildProblem([f], null, settings, now, travel);
  const stops = stopsOfRoute(built, built.routes[0], now);
  return { plan: planWith(f, tenant, stops, now), times: rideTimes(stops) };
}

/**
 * The window a booking is planned in: its pickup from the time booked (or now, when later) to maxWaitMinutes later,
 * and, for a booking to arrive by a time, its drop-off by that time.
 */
export function bookingWindow(
  ride: Pick<Ride, "scheduledFor" | "arriveBy">,
  settings: Pick<PlaceSettings, "maxWaitMinutes">,
  now: number,
): { earliest: number; latest: number; arriveBy?: number } {
  const window = pickupWindow(Math.max(now, ride.scheduledFor ?? now), settings);
  return ride.arriveBy === undefined ? window : { ...window, arriveBy: ride.arriveBy };
}

/** A stored ride as a ride to place, with the window its pickup must begin in (it must have a drop-off point). */
export function rideToPlace(
  ride: Pick<Ride, "id" | "pickup" | "pickupName" | "dropoff" | "destination" | "passengerCt" | "needs">,
  window: { earliest: number; latest: number; arriveBy?: number },
): RideToPlace | null {
  if (!ride.dropoff) return null;
  return {
    rideId: ride.id,
    pickup: ride.pickup,
    pickupName: ride.pickupName ?? null,
    dropoff: ride.dropoff,
    destination: ride.destination,
    passengerCt: ride.passengerCt,
    needs: ride.needs ?? [],
    ...window,
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
