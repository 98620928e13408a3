/**
 * The one translation between the stored plans (kv/plans.ts) and the engine's words (plan.ts): the online vehicles,
 * their plans and a ride to place become a Problem and Routes (times in ms, nodes = indexes into one point list, a
 * vehicle's start = its driver's last reported position at now), and a route the engine answers becomes the plan's
 * stops again, each with its planned time.
 *
 * A plan already running late cannot keep a window it has missed: such a stop's latest begin (and an aboard rider's
 * longest ride) is read as no earlier than the plan can now reach it, so it blocks any insertion that would make it
 * later still, without making the whole vehicle refuse every new ride.
 */
import type { FleetEntry, PlanStop, VehiclePlan } from "../../kv/plans.ts";
import type { Point } from "../../lib/geo.ts";
import type { Need } from "../../lib/needs.ts";
import { needsAccessibleVehicle } from "../../lib/ride_offers.ts";
import type { Problem, Request, Route, Stop } from "./plan.ts";
import { scheduleRoute } from "./schedule.ts";
import { STOP_SERVICE_MS, type Travel } from "./travel.ts";

/** An online vehicle as dispatch sees it: who drives it, where they are, and its plan as read (kv/plans.ts). */
export type FleetVehicle = FleetEntry;

/** A ride to put into a plan, the window its pickup must begin in, and when the rider must be at the drop-off. */
export interface RideToPlace {
  rideId: string;
  pickup: Point;
  /** What the driver reads at each stop: the pickup's named place, the destination text. */
  pickupName: string | null;
  dropoff: Point;
  destination: string | null;
  passengerCt: number;
  needs: Need[];
  earliest: number;
  latest: number;
  /** Booked to arrive by this time: the drop-off's window ends at it. */
  arriveBy?: number;
}

/** The longest time aboard: factor × the direct trip + extra minutes. */
export interface RideLimits {
  maxRideFactor: number;
  maxRideExtraMinutes: number;
}

/** The engine's problem for the fleet, and what it takes to read its answers back. */
export interface Built {
  problem: Problem;
  /** One route per fleet vehicle, in the fleet's order. */
  routes: Route[];
  /** Per request index: its pickup and drop-off as stored stops (plannedAt to be set). */
  templates: { pickup: PlanStop; dropoff: PlanStop }[];
  /** The ride to place's request index, or -1. */
  request: number;
}

/** Seats and wheelchair spaces a ride takes: a wheelchair user one space and the rest of the party seats. */
export function seatsOf(ride: { passengerCt: number; needs: readonly Need[] }): { seats: number; wheelchairs: number } {
  return needsAccessibleVehicle(ride)
    ? { seats: Math.max(0, ride.passengerCt - 1), wheelchairs: 1 }
    : { seats: ride.passengerCt, wheelchairs: 0 };
}

/** Builds the engine's problem from the fleet and, when given, the ride to place (its request index: `request`). */
export async function buildProblem(
  fleet: readonly FleetVehicle[],
  ride: RideToPlace | null,
  limits: RideLimits,
  now: number,
  travel: Travel,
): Promise<Built> {
  const points: Point[] = [];
  const starts: number[] = [];
  const stopNodes: number[][] = [];
  for (const f of fleet) {
    starts.push(points.push(f.location) - 1);
    stopNodes.push((f.entry.value?.stops ?? []).map((s) => points.push(s.point) - 1));
  }
  const rideNodes = ride ? [points.push(ride.pickup) - 1, points.push(ride.dropoff) - 1] : [];
  const matrix = await travel.matrix(points);
  const requests: Request[] = [];
  const templates: Built["templates"] = [];
  const routes: Route[] = [];
  fleet.forEach((f, v) => {
    const planned = f.entry.value?.stops ?? [];
    const index = new Map<string, number>();
    const stops: Stop[] = [];
    let done = 0;
    planned.forEach((s, k) => {
      let r = index.get(s.rideId);
      if (r === undefined) {
        r = requests.length;
        index.set(s.rideId, r);
        const { seats, wheelchairs } = seatsOf(s);
        const place = { node: stopNodes[v][k], earliest: s.earliest, latest: s.latest, service: STOP_SERVICE_MS };
        requests.push({ pickup: place, dropoff: { ...place }, seats, wheelchairs, maxRide: s.maxRideMs });
        templates.push({ pickup: s, dropoff: s });
      }
      const place = { node: stopNodes[v][k], earliest: s.earliest, latest: s.latest, service: STOP_SERVICE_MS };
      if (s.kind === "pickup") {
        requests[r].pickup = place;
        templates[r].pickup = s;
      } else {
        requests[r].dropoff = place;
        templates[r].dropoff = s;
      }
      if (s.doneAt !== undefined && s.kind === "pickup") {
        stops.push({ request: r, kind: "pickup", at: s.doneAt });
        done++;
      } else stops.push({ request: r, kind: s.kind });
    });
    routes.push({
      vehicle: {
        seats: f.vehicle.seats,
        wheelchairSpaces: f.vehicle.wheelchairSpaces,
        start: { node: starts[v], earliest: now, latest: Infinity, service: 0 },
        end: null,
        maxDuration: Infinity,
      },
      // Done pickups come first in a stored plan; the engine wants them there too.
      stops: [...stops.filter((s) => s.at !== undefined), ...stops.filter((s) => s.at === undefined)],
      done,
    });
  });
  const problem: Problem = { requests, travel: matrix };
  for (const route of routes) relaxLate(problem, route, now);
  let request = -1;
  if (ride) {
    request = requests.length;
    const [p, d] = rideNodes;
    const direct = matrix(p, d);
    // A millisecond more, so that rounding never refuses a direct trip when the limit is the direct trip itself.
    const maxRide = limits.maxRideFactor * direct + limits.maxRideExtraMinutes * 60_000 + 1;
    const { seats, wheelchairs } = seatsOf(ride);
    const dropoffLatest = Math.min(ride.latest + STOP_SERVICE_MS + maxRide, ride.arriveBy ?? Infinity);
    requests.push({
      pickup: { node: p, earliest: ride.earliest, latest: ride.latest, service: STOP_SERVICE_MS },
      dropoff: {
        node: d,
        earliest: ride.earliest,
        latest: dropoffLatest,
        service: STOP_SERVICE_MS,
      },
      seats,
      wheelchairs,
      maxRide,
    });
    const base = { rideId: ride.rideId, passengerCt: ride.passengerCt, needs: ride.needs, maxRideMs: maxRide };
    templates.push({
      pickup: {
        ...base,
        kind: "pickup",
        point: ride.pickup,
        name: ride.pickupName,
        earliest: ride.earliest,
        latest: ride.latest,
        plannedAt: 0,
      },
      dropoff: {
        ...base,
        kind: "dropoff",
        point: ride.dropoff,
        name: ride.destination,
        earliest: ride.earliest,
        latest: dropoffLatest,
        plannedAt: 0,
      },
    });
  }
  return { problem, routes, templates, request };
}

/**
 * Loosens, in place, the limits a late plan already misses: each pending stop's latest begin to no earlier than the
 * plan reaches it driving straight on, and an aboard rider's longest ride to no shorter than that makes it.
 */
function relaxLate(problem: Problem, route: Route, now: number): void {
  const { requests, travel } = problem;
  let at = route.vehicle.start.node;
  let t = now;
  const leftPickup = new Map<number, number>();
  for (let k = 0; k < route.stops.length; k++) {
    const stop = route.stops[k];
    const r = requests[stop.request];
    if (k < route.done) {
      leftPickup.set(stop.request, (stop.at ?? now) + r.pickup.service);
      continue;
    }
    const place = stop.kind === "pickup" ? r.pickup : r.dropoff;
    const begin = Math.max(place.earliest, t + travel(at, place.node));
    if (begin > place.latest) place.latest = begin;
    if (stop.kind === "pickup") leftPickup.set(stop.request, begin + place.service);
    else {
      const left = leftPickup.get(stop.request);
      if (left !== undefined && begin - left > r.maxRide) r.maxRide = begin - left;
    }
    t = begin + place.service;
    at = place.node;
  }
}

/**
 * The plan's stops for `route` (one of `built`'s routes, changed or not), each with when the plan now expects it: the
 * engine's schedule, or, for a plan no schedule fits (it fell behind), straight on from the driver's position.
 */
export function stopsOfRoute(built: Built, route: Route, now: number): PlanStop[] {
  const schedule = scheduleRoute(built.problem, route);
  const { requests, travel } = built.problem;
  let at = route.vehicle.start.node;
  let t = now;
  return route.stops.map((stop, k) => {
    const template = built.templates[stop.request][stop.kind];
    if (k < route.done) return { ...template };
    const r = requests[stop.request];
    const place = stop.kind === "pickup" ? r.pickup : r.dropoff;
    const begin = schedule ? schedule.begins[k] : Math.max(place.earliest, t + travel(at, place.node));
    t = begin + place.service;
    at = place.node;
    const out: PlanStop = { ...template, plannedAt: Math.round(begin) };
    delete out.doneAt;
    return out;
  });
}

/** A vehicle's plan with new stops (the driver as now, the time of the change). */
export function planWith(f: FleetVehicle, tenant: string, stops: PlanStop[], now: number): VehiclePlan {
  return { tenant, vehicleId: f.vehicle.id, driverId: f.driverId, stops, updatedAt: now };
}

/** When each ride of a plan is now planned: its pickup's and drop-off's times. */
export function rideTimes(stops: readonly PlanStop[]): Map<string, { pickupAt?: number; dropoffAt?: number }> {
  const out = new Map<string, { pickupAt?: number; dropoffAt?: number }>();
  for (const s of stops) {
    const times = out.get(s.rideId) ?? {};
    if (s.kind === "pickup") times.pickupAt = s.doneAt ?? s.plannedAt;
    else times.dropoffAt = s.plannedAt;
    out.set(s.rideId, times);
  }
  return out;
}
