/**
 * Whether a plan can be driven within every limit, and when each stop then begins. Capacity (seats and wheelchair
 * spaces) and order are checked stop by stop; times by the scheduling procedure of Cordeau & Laporte (2003): begin
 * every stop as early as possible, then delay the departure and each pickup by as much of the later waiting as the
 * forward time slack allows, which shortens ride times without breaking a window, a ride limit or the duration.
 */
import type { Problem, Route, Schedule, Stop, Vehicle } from "./plan.ts";

let size = 0;
let node = new Int32Array(0);
let early = new Float64Array(0);
let late = new Float64Array(0);
let service = new Float64Array(0);
let maxRide = new Float64Array(0);
/** For a pickup: the index of its drop-off; for a drop-off: its pickup's index, or -1 when the pickup is done. */
let partner = new Int32Array(0);
/** For a drop-off whose pickup is done: when the rider left the pickup. */
let leftAt = new Float64Array(0);
let isDrop = new Uint8Array(0);
let arrive = new Float64Array(0);
let begin = new Float64Array(0);
let wait = new Float64Array(0);
let leave = new Float64Array(0);

let stampOf = new Int32Array(0);
let whereOf = new Int32Array(0);
let pickedAt = new Float64Array(0);
let stamp = 0;

function grow(n: number, requests: number) {
  if (n > size) {
    size = Math.max(n, size * 2, 64);
    node = new Int32Array(size);
    early = new Float64Array(size);
    late = new Float64Array(size);
    service = new Float64Array(size);
    maxRide = new Float64Array(size);
    partner = new Int32Array(size);
    leftAt = new Float64Array(size);
    isDrop = new Uint8Array(size);
    arrive = new Float64Array(size);
    begin = new Float64Array(size);
    wait = new Float64Array(size);
    leave = new Float64Array(size);
  }
  if (requests > stampOf.length) {
    const n2 = Math.max(requests, stampOf.length * 2, 64);
    stampOf = new Int32Array(n2);
    whereOf = new Int32Array(n2);
    pickedAt = new Float64Array(n2);
    stamp = 0;
  }
  stamp++;
}

const WHERE_DONE_ABOARD = -2;
const WHERE_DONE_OFF = -3;

/** Fills the arrays for the vehicle's start, the plan's pending stops and its end; false when order or load fail. */
function load(problem: Problem, vehicle: Vehicle, stops: readonly Stop[], done: number, n: number): boolean {
  const { requests } = problem;
  let seats = 0;
  let chairs = 0;
  for (let k = 0; k < done; k++) {
    const stop = stops[k];
    const r = requests[stop.request];
    if (stop.kind === "pickup") {
      stampOf[stop.request] = stamp;
      whereOf[stop.request] = WHERE_DONE_ABOARD;
      pickedAt[stop.request] = (stop.at ?? 0) + r.pickup.service;
      seats += r.seats;
      chairs += r.wheelchairs;
    } else {
      if (stampOf[stop.request] !== stamp || whereOf[stop.request] !== WHERE_DONE_ABOARD) return false;
      whereOf[stop.request] = WHERE_DONE_OFF;
      seats -= r.seats;
      chairs -= r.wheelchairs;
    }
  }
  const start = vehicle.start;
  node[0] = start.node;
  early[0] = start.earliest;
  late[0] = start.latest;
  service[0] = start.service;
  partner[0] = -1;
  isDrop[0] = 0;
  maxRide[0] = Infinity;
  for (let k = done; k < stops.length; k++) {
    const i = k - done + 1;
    const stop = stops[k];
    const r = requests[stop.request];
    const seen = stampOf[stop.request] === stamp;
    if (stop.kind === "pickup") {
      if (seen) return false;
      stampOf[stop.request] = stamp;
      whereOf[stop.request] = i;
      const p = r.pickup;
      node[i] = p.node;
      early[i] = p.earliest;
      late[i] = p.latest;
      service[i] = p.service;
      isDrop[i] = 0;
      partner[i] = -1;
      maxRide[i] = r.maxRide;
      seats += r.seats;
      chairs += r.wheelchairs;
      if (seats > vehicle.seats || chairs > vehicle.wheelchairSpaces) return false;
    } else {
      if (!seen) return false;
      const from = whereOf[stop.request];
      if (from === WHERE_DONE_OFF) return false;
      const d = r.dropoff;
      node[i] = d.node;
      early[i] = d.earliest;
      late[i] = d.latest;
      service[i] = d.service;
      isDrop[i] = 1;
      maxRide[i] = r.maxRide;
      if (from === WHERE_DONE_ABOARD) {
        partner[i] = -1;
        leftAt[i] = pickedAt[stop.request];
      } else {
        partner[i] = from;
        partner[from] = i;
      }
      whereOf[stop.request] = WHERE_DONE_OFF;
      seats -= r.seats;
      chairs -= r.wheelchairs;
    }
  }
  // A pickup with no drop-off after it leaves a rider aboard for ever: not a plan.
  for (let i = 1; i <= stops.length - done; i++) if (!isDrop[i] && partner[i] === -1) return false;
  const end = vehicle.end;
  if (end) {
    node[n - 1] = end.node;
    early[n - 1] = end.earliest;
    late[n - 1] = end.latest;
    service[n - 1] = end.service;
    isDrop[n - 1] = 0;
    partner[n - 1] = -1;
    maxRide[n - 1] = Infinity;
  }
  return true;
}

/** Recomputes arrivals, begins, waits and departures after index `from`; false when a window is missed. */
function forward(travel: Problem["travel"], from: number, n: number): boolean {
  let ok = true;
  for (let i = from + 1; i < n; i++) {
    arrive[i] = leave[i - 1] + travel(node[i - 1], node[i]);
    begin[i] = arrive[i] > early[i] ? arrive[i] : early[i];
    wait[i] = begin[i] - arrive[i];
    leave[i] = begin[i] + service[i];
    if (begin[i] > late[i] + 1e-9) ok = false;
  }
  return ok;
}

function rideOf(i: number): number {
  const p = partner[i];
  return begin[i] - (p === -1 ? leftAt[i] : leave[p]);
}

/**
 * How far the begin at index i may move later without breaking a later window, a ride limit of a rider picked up
 * before i, or the duration (Cordeau & Laporte's forward time slack).
 */
function slack(i: number, n: number, vehicle: Vehicle, hasEnd: boolean): number {
  let best = Infinity;
  let waits = 0;
  for (let j = i; j < n; j++) {
    if (j > i) waits += wait[j];
    let room = late[j] - begin[j];
    if (isDrop[j] && partner[j] < i) {
      const rideRoom = maxRide[j] - rideOf(j);
      if (rideRoom < room) room = rideRoom;
    }
    if (i > 0 && j === n - 1 && vehicle.maxDuration !== Infinity) {
      const finish = hasEnd ? begin[j] : leave[j];
      const durationRoom = vehicle.maxDuration - (finish - leave[0]);
      if (durationRoom < room) room = durationRoom;
    }
    const total = waits + (room > 0 ? room : 0);
    if (total < best) best = total;
  }
  return best;
}

function waitsAfter(i: number, n: number): number {
  let sum = 0;
  for (let j = i + 1; j < n; j++) sum += wait[j];
  return sum;
}

function limitsMet(n: number, vehicle: Vehicle, hasEnd: boolean): boolean {
  for (let i = 1; i < n; i++) {
    if (begin[i] > late[i] + 1e-9) return false;
    if (isDrop[i] && rideOf(i) > maxRide[i] + 1e-9) return false;
  }
  const finish = hasEnd ? begin[n - 1] : leave[n - 1];
  return finish - leave[0] <= vehicle.maxDuration + 1e-9;
}

/**
 * The schedule of `stops` (the first `done` of them done) driven by `vehicle`, or null when the plan breaks a rule:
 * a pickup missing its drop-off or after it, more riders than seats or wheelchair users than spaces at any point,
 * a stop begun outside its window, a rider aboard longer than their limit, or a trip longer than the vehicle's.
 */
export function scheduleStops(
  problem: Problem,
  vehicle: Vehicle,
  stops: readonly Stop[],
  done: number,
): Schedule | null {
  const hasEnd = vehicle.end !== null;
  const n = stops.length - done + 1 + (hasEnd ? 1 : 0);
  grow(n, problem.requests.length);
  if (!load(problem, vehicle, stops, done, n)) return null;
  const travel = problem.travel;
  begin[0] = early[0];
  wait[0] = 0;
  arrive[0] = early[0];
  leave[0] = begin[0] + service[0];
  if (!forward(travel, 0, n)) return null;
  // Leave as late as the slack allows, so no one waits aboard for nothing.
  const delay = Math.min(slack(0, n, vehicle, hasEnd), waitsAfter(0, n), late[0] - begin[0]);
  if (delay > 0) {
    begin[0] += delay;
    leave[0] = begin[0] + service[0];
    forward(travel, 0, n);
  }
  if (!limitsMet(n, vehicle, hasEnd)) {
    for (let j = 1; j < n; j++) {
      if (isDrop[j] || partner[j] === -1) continue;
      const shift = Math.min(slack(j, n, vehicle, hasEnd), waitsAfter(j, n));
      if (shift <= 0) continue;
      begin[j] += shift;
      wait[j] += shift;
      leave[j] = begin[j] + service[j];
      forward(travel, j, n);
    }
    if (!limitsMet(n, vehicle, hasEnd)) return null;
  }
  const begins: number[] = new Array(stops.length);
  for (let k = 0; k < done; k++) begins[k] = stops[k].at ?? 0;
  for (let k = done; k < stops.length; k++) begins[k] = begin[k - done + 1];
  return { departure: leave[0], begins, finish: hasEnd ? begin[n - 1] : leave[n - 1] };
}

/** The schedule of a route, or null when it breaks a rule (see scheduleStops). */
export function scheduleRoute(problem: Problem, route: Route): Schedule | null {
  return scheduleStops(problem, route.vehicle, route.stops, route.done);
}

/** The travel time a route's remaining trip takes: from the vehicle's start through its pending stops to its end. */
export function routeTravel(problem: Problem, route: Route): number {
  const { requests, travel } = problem;
  let at = route.vehicle.start.node;
  let total = 0;
  for (let k = route.done; k < route.stops.length; k++) {
    const stop = route.stops[k];
    const r = requests[stop.request];
    const next = stop.kind === "pickup" ? r.pickup.node : r.dropoff.node;
    total += travel(at, next);
    at = next;
  }
  if (route.vehicle.end) total += travel(at, route.vehicle.end.node);
  return total;
}

/** The node a stop happens at. */
export function stopNode(problem: Problem, stop: Stop): number {
  const r = problem.requests[stop.request];
  return stop.kind === "pickup" ? r.pickup.node : r.dropoff.node;
}
