/**
 * A checker of dispatch plans written apart from the engine: it reads a route as a sequence of stops and asks
 * whether ANY times exist that meet every rule, by Bellman-Ford on the difference constraints (each stop begins in
 * its window, after the previous stop's service and the travel; each ride within its limit; the trip within the
 * duration). A negative cycle means no times exist. Capacity and order are counted stop by stop.
 */
import type { Problem, Route } from "../../domain/dispatch/plan.ts";

/** What is wrong with a route, in words (empty when it can be driven). */
export function planProblems(problem: Problem, route: Route): string[] {
  const wrong: string[] = [];
  const { vehicle, stops, done } = route;
  const aboard = new Map<number, number>();
  const finished = new Set<number>();
  let seats = 0;
  let chairs = 0;
  stops.forEach((stop, k) => {
    const r = problem.requests[stop.request];
    if (stop.kind === "pickup") {
      if (aboard.has(stop.request) || finished.has(stop.request)) wrong.push(`request ${stop.request} picked up twice`);
      aboard.set(stop.request, k);
      seats += r.seats;
      chairs += r.wheelchairs;
    } else {
      if (!aboard.has(stop.request)) wrong.push(`request ${stop.request} dropped off before its pickup`);
      aboard.delete(stop.request);
      finished.add(stop.request);
      seats -= r.seats;
      chairs -= r.wheelchairs;
    }
    if (seats > vehicle.seats) wrong.push(`${seats} riders in ${vehicle.seats} seats after stop ${k}`);
    if (chairs > vehicle.wheelchairSpaces) {
      wrong.push(`${chairs} wheelchairs in ${vehicle.wheelchairSpaces} spaces after stop ${k}`);
    }
  });
  if (aboard.size > 0) wrong.push(`requests ${[...aboard.keys()].join(", ")} never dropped off`);
  if (wrong.length > 0) return wrong;

  // Variables: 0 the zero time, 1 the start, then each pending stop, then the end.
  const pending = stops.slice(done);
  const places = [
    vehicle.start,
    ...pending.map((s) =>
      s.kind === "pickup" ? problem.requests[s.request].pickup : problem.requests[s.request].dropoff
    ),
    ...(vehicle.end ? [vehicle.end] : []),
  ];
  const n = places.length + 1;
  // An edge (u, v, w) says time[v] - time[u] <= w.
  const edges: [number, number, number][] = [];
  const before = (u: number, v: number, gap: number) => edges.push([v, u, -gap]); // time[v] >= time[u] + gap
  places.forEach((p, i) => {
    edges.push([0, i + 1, p.latest]);
    edges.push([i + 1, 0, -p.earliest]);
    if (i > 0) before(i, i + 1, places[i - 1].service + problem.travel(places[i - 1].node, p.node));
  });
  const pickupVar = new Map<number, number>();
  pending.forEach((s, i) => {
    const r = problem.requests[s.request];
    if (s.kind === "pickup") pickupVar.set(s.request, i + 2);
    else {
      const from = pickupVar.get(s.request);
      if (from !== undefined) edges.push([from, i + 2, r.pickup.service + r.maxRide]);
      else {
        const doneStop = stops.slice(0, done).find((d) => d.request === s.request && d.kind === "pickup");
        edges.push([0, i + 2, (doneStop?.at ?? 0) + r.pickup.service + r.maxRide]);
      }
    }
  });
  const last = places.length;
  const lastService = vehicle.end ? 0 : places[last - 1].service;
  if (Number.isFinite(vehicle.maxDuration)) {
    edges.push([1, last, vehicle.maxDuration - lastService + vehicle.start.service]);
  }
  const dist = new Array(n).fill(0);
  for (let round = 0; round < n; round++) {
    let changed = false;
    for (const [u, v, w] of edges) {
      if (dist[u] + w < dist[v] - 1e-7) {
        dist[v] = dist[u] + w;
        changed = true;
      }
    }
    if (!changed) return [];
  }
  return ["no times meet every window, ride limit and the duration"];
}

/** What is wrong with a route whose stops begin at `begins` (the engine's schedule), checked time by time. */
export function scheduleProblems(problem: Problem, route: Route, begins: number[], departure: number): string[] {
  const wrong: string[] = [];
  const { vehicle, stops, done } = route;
  let at = vehicle.start.node;
  let free = departure;
  const leftPickup = new Map<number, number>();
  stops.forEach((s, k) => {
    const r = problem.requests[s.request];
    const place = s.kind === "pickup" ? r.pickup : r.dropoff;
    if (s.kind === "pickup") leftPickup.set(s.request, begins[k] + place.service);
    if (k < done) return;
    if (begins[k] < place.earliest - 1e-7 || begins[k] > place.latest + 1e-7) wrong.push(`stop ${k} out of window`);
    if (begins[k] < free + problem.travel(at, place.node) - 1e-7) wrong.push(`stop ${k} begins before arrival`);
    if (s.kind === "dropoff") {
      const ride = begins[k] - (leftPickup.get(s.request) ?? -Infinity);
      if (ride > r.maxRide + 1e-7) wrong.push(`request ${s.request} rides ${ride} > ${r.maxRide}`);
    }
    at = place.node;
    free = begins[k] + place.service;
  });
  return wrong;
}
