/**
 * Cheapest insertion: where a request's pickup and drop-off go into the plans so the plans' travel grows least, plus
 * an optional weight on how much later the stops already planned begin. Positions that cannot work (a full vehicle,
 * a window already passed, a ride already too long) are skipped before the full check in schedule.ts.
 */
import type { Problem, Route, Schedule, Stop } from "./plan.ts";
import { scheduleRoute, scheduleStops, stopNode } from "./schedule.ts";

/** Where a request goes: into `routes[route]`, its pickup at index `pickupAt` and drop-off at `dropoffAt` after. */
export interface Insertion {
  route: number;
  pickupAt: number;
  dropoffAt: number;
  cost: number;
}

export interface InsertionOptions {
  /** Cost per unit of time that the stops already planned begin later (0: travel alone). */
  delayWeight?: number;
}

/** The plan with the request put where `insertion` says (a new array; the route given is left as it was). */
export function withRequest(route: Route, request: number, pickupAt: number, dropoffAt: number): Route {
  const stops = route.stops.slice();
  stops.splice(pickupAt, 0, { request, kind: "pickup" });
  stops.splice(dropoffAt, 0, { request, kind: "dropoff" });
  return { vehicle: route.vehicle, stops, done: route.done };
}

/** The plan without the request's pending stops. */
export function withoutRequest(route: Route, request: number): Route {
  const stops: Stop[] = [];
  for (let k = 0; k < route.stops.length; k++) {
    const stop = route.stops[k];
    if (k < route.done || stop.request !== request) stops.push(stop);
  }
  return { vehicle: route.vehicle, stops, done: route.done };
}

let seqNode = new Int32Array(0);
let seqEarly = new Float64Array(0);
let seqLate = new Float64Array(0);
let seqService = new Float64Array(0);
let seqLeave = new Float64Array(0);
let seqLatest = new Float64Array(0);
let seqLoad = new Int32Array(0);
let seqChairs = new Int32Array(0);

/**
 * Reads a route into arrays: per pending stop (index 0 the start, m + 1 the end if any) its node, window, service,
 * earliest departure, latest begin that keeps every later window, and the load after it. Windows alone are then
 * checked exactly for any insertion in constant time; ride limits and the duration are left to schedule.ts.
 */
function prepare(problem: Problem, route: Route): number {
  const { requests, travel } = problem;
  const m = route.stops.length - route.done;
  if (seqNode.length < m + 2) {
    const n = Math.max(m + 2, seqNode.length * 2, 64);
    seqNode = new Int32Array(n);
    seqEarly = new Float64Array(n);
    seqLate = new Float64Array(n);
    seqService = new Float64Array(n);
    seqLeave = new Float64Array(n);
    seqLatest = new Float64Array(n);
    seqLoad = new Int32Array(n);
    seqChairs = new Int32Array(n);
  }
  const v = route.vehicle;
  let seats = 0;
  let chairs = 0;
  for (let k = 0; k < route.done; k++) {
    const stop = route.stops[k];
    const r = requests[stop.request];
    const sign = stop.kind === "pickup" ? 1 : -1;
    seats += sign * r.seats;
    chairs += sign * r.wheelchairs;
  }
  seqNode[0] = v.start.node;
  seqEarly[0] = v.start.earliest;
  seqLate[0] = v.start.latest;
  seqService[0] = v.start.service;
  seqLeave[0] = v.start.earliest + v.start.service;
  seqLoad[0] = seats;
  seqChairs[0] = chairs;
  for (let i = 1; i <= m; i++) {
    const stop = route.stops[route.done + i - 1];
    const r = requests[stop.request];
    const place = stop.kind === "pickup" ? r.pickup : r.dropoff;
    const sign = stop.kind === "pickup" ? 1 : -1;
    seqNode[i] = place.node;
    seqEarly[i] = place.earliest;
    seqLate[i] = place.latest;
    seqService[i] = place.service;
    const arrive = seqLeave[i - 1] + travel(seqNode[i - 1], place.node);
    seqLeave[i] = Math.max(arrive, place.earliest) + place.service;
    seats += sign * r.seats;
    chairs += sign * r.wheelchairs;
    seqLoad[i] = seats;
    seqChairs[i] = chairs;
  }
  if (v.end) {
    seqNode[m + 1] = v.end.node;
    seqLatest[m + 1] = v.end.latest;
  }
  let after = v.end ? v.end.latest : Infinity;
  for (let i = m; i >= 1; i--) {
    const next = i < m ? seqNode[i + 1] : v.end ? v.end.node : -1;
    const bound = next >= 0 ? after - seqService[i] - travel(seqNode[i], next) : Infinity;
    seqLatest[i] = Math.min(seqLate[i], bound);
    after = seqLatest[i];
  }
  return m;
}

/** Whether leaving the stop before gap `h` at `leave` and going on still meets every later window. */
function restOnTime(
  travel: Problem["travel"],
  from: number,
  leave: number,
  h: number,
  m: number,
  end: number,
): boolean {
  if (h < m) return leave + travel(from, seqNode[h + 1]) <= seqLatest[h + 1] + 1e-9;
  if (end >= 0) return leave + travel(from, end) <= seqLatest[m + 1] + 1e-9;
  return true;
}

/**
 * The cheapest feasible place for `request` in one route, if one costs less than `bound`.
 */
export function bestInRoute(
  problem: Problem,
  route: Route,
  request: number,
  bound: number,
  options: InsertionOptions = {},
): { pickupAt: number; dropoffAt: number; cost: number } | null {
  const { travel } = problem;
  const r = problem.requests[request];
  const v = route.vehicle;
  if (r.seats > v.seats || r.wheelchairs > v.wheelchairSpaces) return null;
  const weight = options.delayWeight ?? 0;
  let before: Schedule | null | undefined = undefined;
  const m = prepare(problem, route);
  const end = v.end ? v.end.node : -1;
  const p = r.pickup.node;
  const d = r.dropoff.node;
  const pd = travel(p, d);
  let best: { pickupAt: number; dropoffAt: number; cost: number } | null = null;
  let limit = bound;
  const seatRoom = v.seats - r.seats;
  const chairRoom = v.wheelchairSpaces - r.wheelchairs;
  const pickupLeavesBy = r.pickup.latest + r.pickup.service;
  for (let g = 0; g <= m; g++) {
    if (seqLoad[g] > seatRoom || seqChairs[g] > chairRoom) continue;
    const prev = seqNode[g];
    const next = g < m ? seqNode[g + 1] : end;
    const toP = travel(prev, p);
    const arriveP = seqLeave[g] + toP;
    if (arriveP > r.pickup.latest + 1e-9) {
      // Later gaps leave no earlier, so the pickup's window is gone for all of them.
      if (seqLeave[g] > r.pickup.latest) break;
      continue;
    }
    const leaveP = Math.max(arriveP, r.pickup.earliest) + r.pickup.service;
    const pickupCost = next >= 0 ? toP + travel(p, next) - travel(prev, next) : toP;
    // The departure from the stop before gap h once the pickup is in (pushed later by it).
    let leave = leaveP;
    let from = p;
    for (let h = g; h <= m; h++) {
      if (h > g) {
        if (seqLoad[h] > seatRoom || seqChairs[h] > chairRoom) break;
        const begin = Math.max(seqEarly[h], leave + travel(from, seqNode[h]));
        if (begin > seqLate[h] + 1e-9) break;
        leave = begin + seqService[h];
        from = seqNode[h];
        if (leave > r.dropoff.latest || leave - pickupLeavesBy > r.maxRide) break;
      }
      const toD = h === g ? pd : travel(from, d);
      const beginD = Math.max(r.dropoff.earliest, leave + toD);
      if (beginD > r.dropoff.latest + 1e-9) continue;
      if (!restOnTime(travel, d, beginD + r.dropoff.service, h, m, end)) continue;
      let cost: number;
      if (h === g) {
        cost = next >= 0 ? toP + pd + travel(d, next) - travel(prev, next) : toP + pd;
      } else {
        const at = seqNode[h];
        const after = h < m ? seqNode[h + 1] : end;
        cost = pickupCost + (after >= 0 ? toD + travel(d, after) - travel(at, after) : toD);
      }
      if (cost >= limit) continue;
      const pickupAt = route.done + g;
      const dropoffAt = route.done + h + 1;
      const candidate = withRequest(route, request, pickupAt, dropoffAt);
      const schedule = scheduleStops(problem, v, candidate.stops, candidate.done);
      if (!schedule) continue;
      if (weight > 0) {
        // Read the plan's times before only once a place passes every check.
        if (before === undefined) before = scheduleRoute(problem, route);
        if (!before) continue;
        let delay = 0;
        for (let k = route.done; k < route.stops.length; k++) {
          const moved = k >= dropoffAt - 1 ? k + 2 : k >= pickupAt ? k + 1 : k;
          const later = schedule.begins[moved] - before.begins[k];
          if (later > 0) delay += later;
        }
        cost += weight * delay;
        if (cost >= limit) continue;
      }
      limit = cost;
      best = { pickupAt, dropoffAt, cost };
    }
  }
  return best;
}

/** The cheapest feasible insertion of `request` over all routes, or null when no vehicle can take it. */
export function cheapestInsertion(
  problem: Problem,
  routes: readonly Route[],
  request: number,
  options: InsertionOptions = {},
): Insertion | null {
  // Vehicles whose plans pass near the pickup go first: a cheap place found early prunes most of the others'.
  const pickup = problem.requests[request].pickup.node;
  const near = routes.map((route, i) => {
    let closest = problem.travel(route.vehicle.start.node, pickup);
    for (let k = route.done; k < route.stops.length; k++) {
      const t = problem.travel(stopNode(problem, route.stops[k]), pickup);
      if (t < closest) closest = t;
    }
    return { i, closest };
  }).sort((a, b) => a.closest - b.closest || a.i - b.i);
  let best: Insertion | null = null;
  for (const { i } of near) {
    const found = bestInRoute(problem, routes[i], request, best ? best.cost : Infinity, options);
    if (found && (!best || found.cost < best.cost || (found.cost === best.cost && i < best.route))) {
      best = { route: i, ...found };
    }
  }
  return best;
}

/** The node sequence of a route from its start through its pending stops to its end. */
export function routeNodes(problem: Problem, route: Route): number[] {
  const nodes = [route.vehicle.start.node];
  for (let k = route.done; k < route.stops.length; k++) nodes.push(stopNode(problem, route.stops[k]));
  if (route.vehicle.end) nodes.push(route.vehicle.end.node);
  return nodes;
}
