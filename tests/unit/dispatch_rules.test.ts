import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Problem, Request, Route, Stop, Vehicle } from "../../domain/dispatch/plan.ts";
import { scheduleRoute, scheduleStops } from "../../domain/dispatch/schedule.ts";
import { cheapestInsertion, withRequest } from "../../domain/dispatch/insertion.ts";
import { routeTravel } from "../../domain/dispatch/schedule.ts";
import { solve } from "../../domain/dispatch/solve.ts";
import { planProblems, scheduleProblems } from "../helpers/plan_check.ts";

// A street: node n is n minutes from node 0.
const street = (a: number, b: number) => Math.abs(a - b);

function trip(from: number, to: number, extra: Partial<Request> = {}, wait = 60): Request {
  return {
    pickup: { node: from, earliest: 0, latest: wait, service: 0 },
    dropoff: { node: to, earliest: 0, latest: 1000, service: 0 },
    seats: 1,
    wheelchairs: 0,
    maxRide: 100,
    ...extra,
  };
}

function van(extra: Partial<Vehicle> = {}): Vehicle {
  return {
    seats: 4,
    wheelchairSpaces: 0,
    start: { node: 0, earliest: 0, latest: 0, service: 0 },
    end: null,
    maxDuration: Infinity,
    ...extra,
  };
}

const p = (request: number): Stop => ({ request, kind: "pickup" });
const d = (request: number): Stop => ({ request, kind: "dropoff" });

describe("dispatch feasibility, rule by rule", () => {
  it("counts seats: two parties of two fit a 4-seat van together, not a 3-seat one", () => {
    const problem: Problem = { requests: [trip(1, 5, { seats: 2 }), trip(2, 6, { seats: 2 })], travel: street };
    const together = [p(0), p(1), d(0), d(1)];
    expect(scheduleStops(problem, van({ seats: 4 }), together, 0)).not.toBeNull();
    expect(scheduleStops(problem, van({ seats: 3 }), together, 0)).toBeNull();
    expect(scheduleStops(problem, van({ seats: 3 }), [p(0), d(0), p(1), d(1)], 0)).not.toBeNull();
  });

  it("counts wheelchair spaces apart from seats, and never places a wheelchair user where there is none", () => {
    const problem: Problem = {
      requests: [trip(1, 5, { wheelchairs: 1 }), trip(2, 6, { wheelchairs: 1 })],
      travel: street,
    };
    const one = van({ wheelchairSpaces: 1 });
    expect(scheduleStops(problem, one, [p(0), p(1), d(0), d(1)], 0)).toBeNull();
    expect(scheduleStops(problem, one, [p(0), d(0), p(1), d(1)], 0)).not.toBeNull();
    const routes: Route[] = [{ vehicle: van({ seats: 12 }), stops: [], done: 0 }, {
      vehicle: one,
      stops: [],
      done: 0,
    }];
    expect(cheapestInsertion(problem, routes, 0)?.route).toBe(1);
    expect(cheapestInsertion(problem, [routes[0]], 0)).toBeNull();
  });

  it("picks up within the wait: a pickup 30 minutes away misses a 15-minute window", () => {
    const problem: Problem = { requests: [trip(30, 40, {}, 15), trip(10, 20, {}, 15)], travel: street };
    expect(scheduleStops(problem, van(), [p(0), d(0)], 0)).toBeNull();
    expect(scheduleStops(problem, van(), [p(1), d(1)], 0)?.begins).toEqual([10, 20]);
    // A second rider may not push the first one's pickup past their wait either.
    const near: Problem = { requests: [trip(10, 20, {}, 12), trip(5, 0, {}, 60)], travel: street };
    expect(scheduleStops(near, van(), [p(1), d(1), p(0), d(0)], 0)).toBeNull();
    expect(scheduleStops(near, van(), [p(0), d(0), p(1), d(1)], 0)).not.toBeNull();
  });

  it("keeps each ride within its limit: a detour that makes a 10-minute ride 30 is refused at a limit of 15", () => {
    const problem: Problem = {
      requests: [trip(10, 20, { maxRide: 15 }), trip(30, 25, { maxRide: 100 })],
      travel: street,
    };
    expect(scheduleStops(problem, van(), [p(0), d(0), p(1), d(1)], 0)).not.toBeNull();
    expect(scheduleStops(problem, van(), [p(0), p(1), d(0), d(1)], 0)).toBeNull();
  });

  it("delays a pickup rather than let a rider wait aboard for a later window", () => {
    // The drop-off opens at 50; leaving the pickup at 10 would mean 40 minutes aboard, over the limit of 20.
    const problem: Problem = {
      requests: [{ ...trip(10, 20, { maxRide: 20 }), dropoff: { node: 20, earliest: 50, latest: 60, service: 0 } }],
      travel: street,
    };
    const schedule = scheduleStops(problem, van(), [p(0), d(0)], 0);
    expect(schedule).not.toBeNull();
    expect(schedule!.begins[1] - schedule!.begins[0]).toBeLessThanOrEqual(20);
  });

  it("keeps order: a drop-off before its pickup, or a pickup never dropped off, is no plan", () => {
    const problem: Problem = { requests: [trip(1, 5)], travel: street };
    expect(scheduleStops(problem, van(), [d(0), p(0)], 0)).toBeNull();
    expect(scheduleStops(problem, van(), [p(0)], 0)).toBeNull();
    expect(scheduleStops(problem, van(), [p(0), d(0)], 0)).not.toBeNull();
  });

  it("keeps the route within its duration", () => {
    const problem: Problem = { requests: [trip(10, 20)], travel: street };
    const back = { node: 0, earliest: 0, latest: 1000, service: 0 };
    expect(scheduleStops(problem, van({ end: back, maxDuration: 40 }), [p(0), d(0)], 0)).not.toBeNull();
    expect(scheduleStops(problem, van({ end: back, maxDuration: 39 }), [p(0), d(0)], 0)).toBeNull();
  });

  it("never touches stops already done, and counts a rider aboard against seats and their ride limit", () => {
    const problem: Problem = {
      requests: [trip(0, 20, { seats: 3, maxRide: 25 }), trip(1, 2), trip(6, 8, { seats: 2 })],
      travel: street,
    };
    const done: Stop = { request: 0, kind: "pickup", at: 0 };
    const route: Route = {
      vehicle: van({ start: { node: 4, earliest: 4, latest: 4, service: 0 } }),
      stops: [done, d(0)],
      done: 1,
    };
    expect(scheduleRoute(problem, route)).not.toBeNull();
    const insertion = cheapestInsertion(problem, [route], 1)!;
    expect(insertion.pickupAt).toBeGreaterThanOrEqual(1);
    const after = withRequest(route, 1, insertion.pickupAt, insertion.dropoffAt);
    expect(after.stops[0]).toBe(done);
    // Three aboard in four seats: a party of two cannot join before the drop-off.
    expect(cheapestInsertion(problem, [route], 2)).toMatchObject({ pickupAt: 2 });
    // Aboard since 0 with a limit of 25: a detour that lands them at 20 after 25 is refused.
    expect(scheduleStops(problem, route.vehicle, [done, p(1), d(1), d(0)], 1)).toBeNull();
  });
});

/** A random town: requests and vehicles on a 20 × 20 grid, walking distance as travel time. */
const grid = (a: number, b: number) =>
  Math.abs((a % 20) - (b % 20)) + Math.abs(Math.floor(a / 20) - Math.floor(b / 20));
const place = fc.record({ node: fc.integer({ min: 0, max: 399 }), at: fc.integer({ min: 0, max: 60 }) });
const requestArb = fc.record({
  from: place,
  to: fc.integer({ min: 0, max: 399 }),
  seats: fc.integer({ min: 1, max: 3 }),
  wheelchairs: fc.integer({ min: 0, max: 1 }),
  wait: fc.integer({ min: 5, max: 30 }),
  factor: fc.double({ min: 1, max: 3, noNaN: true }),
  extra: fc.integer({ min: 0, max: 20 }),
}).map(({ from, to, seats, wheelchairs, wait, factor, extra }): Request => {
  const direct = grid(from.node, to);
  const maxRide = factor * direct + extra;
  return {
    pickup: { node: from.node, earliest: from.at, latest: from.at + wait, service: 1 },
    dropoff: { node: to, earliest: from.at, latest: from.at + wait + 1 + maxRide, service: 1 },
    seats,
    wheelchairs,
    maxRide,
  };
});
const vehicleArb = fc.record({
  seats: fc.integer({ min: 1, max: 8 }),
  wheelchairSpaces: fc.integer({ min: 0, max: 2 }),
  node: fc.integer({ min: 0, max: 399 }),
}).map(({ seats, wheelchairSpaces, node }): Vehicle => ({
  seats,
  wheelchairSpaces,
  start: { node, earliest: 0, latest: 0, service: 0 },
  end: null,
  maxDuration: Infinity,
}));

function expectSound(problem: Problem, route: Route) {
  expect(planProblems(problem, route)).toEqual([]);
  const schedule = scheduleRoute(problem, route);
  expect(schedule).not.toBeNull();
  expect(scheduleProblems(problem, route, schedule!.begins, schedule!.departure)).toEqual([]);
}

describe("dispatch plans, property-based", () => {
  it("every plan built by insertion meets every rule, by an independent checker", () => {
    fc.assert(
      fc.property(
        fc.array(requestArb, { minLength: 1, maxLength: 25 }),
        fc.array(vehicleArb, { minLength: 1, maxLength: 4 }),
        (requests, vehicles) => {
          const problem: Problem = { requests, travel: grid };
          const routes: Route[] = vehicles.map((vehicle) => ({ vehicle, stops: [], done: 0 }));
          requests.forEach((r, i) => {
            const found = cheapestInsertion(problem, routes, i);
            if (!found) {
              // Refused only when no vehicle could even take the rider alone.
              const alone = vehicles.some((v) =>
                scheduleStops({ requests: [r], travel: grid }, v, [p(0), d(0)], 0) !== null &&
                routes.every((route) => route.stops.length === 0)
              );
              expect(alone).toBe(false);
              return;
            }
            routes[found.route] = withRequest(routes[found.route], i, found.pickupAt, found.dropoffAt);
            if (vehicles[found.route].wheelchairSpaces === 0) expect(r.wheelchairs).toBe(0);
          });
          for (const route of routes) expectSound(problem, route);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("finds the cheapest feasible place: no place tried one by one is cheaper", () => {
    fc.assert(
      fc.property(
        fc.array(requestArb, { minLength: 2, maxLength: 12 }),
        fc.array(vehicleArb, { minLength: 1, maxLength: 3 }),
        (requests, vehicles) => {
          const problem: Problem = { requests, travel: grid };
          const routes: Route[] = vehicles.map((vehicle) => ({ vehicle, stops: [], done: 0 }));
          requests.forEach((_, i) => {
            let cheapest = Infinity;
            routes.forEach((route) => {
              const n = route.stops.length;
              for (let a = 0; a <= n; a++) {
                for (let b = a + 1; b <= n + 1; b++) {
                  const tried = withRequest(route, i, a, b);
                  // The engine's own check: this is about the places it skips, not about the rules.
                  if (!scheduleRoute(problem, tried)) continue;
                  cheapest = Math.min(cheapest, routeTravel(problem, tried) - routeTravel(problem, route));
                }
              }
            });
            const found = cheapestInsertion(problem, routes, i);
            if (cheapest === Infinity) {
              expect(found).toBeNull();
              return;
            }
            expect(found).not.toBeNull();
            expect(found!.cost).toBeCloseTo(cheapest, 6);
            routes[found!.route] = withRequest(routes[found!.route], i, found!.pickupAt, found!.dropoffAt);
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it("every plan the solver answers meets every rule, and it serves each request one vehicle can take alone", () => {
    fc.assert(
      fc.property(
        fc.array(requestArb, { minLength: 1, maxLength: 15 }),
        fc.array(vehicleArb, { minLength: 1, maxLength: 3 }),
        (requests, vehicles) => {
          const problem: Problem = { requests, travel: grid };
          let tick = 0;
          const all = requests.map((_, i) => i);
          const solution = solve(problem, vehicles, all, { now: () => tick++, budgetMs: 40, seed: 7 });
          const placed = solution.routes.flatMap((r) =>
            r.stops.filter((s) => s.kind === "pickup").map((s) => s.request)
          );
          expect([...placed, ...solution.unserved].sort((a, b) => a - b)).toEqual(all);
          for (const route of solution.routes) expectSound(problem, route);
          if (requests.length === 1 && solution.unserved.length === 1) {
            for (const v of vehicles) expect(scheduleStops(problem, v, [p(0), d(0)], 0)).toBeNull();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("an insertion into a plan with done stops keeps them as they were", () => {
    fc.assert(
      fc.property(
        fc.array(requestArb, { minLength: 2, maxLength: 10 }),
        vehicleArb,
        fc.integer({ min: 0, max: 6 }),
        (requests, vehicle, cut) => {
          const problem: Problem = { requests, travel: grid };
          let route: Route = { vehicle, stops: [], done: 0 };
          for (let i = 0; i < requests.length - 1; i++) {
            const found = cheapestInsertion(problem, [route], i);
            if (found) route = withRequest(route, i, found.pickupAt, found.dropoffAt);
          }
          const schedule = scheduleRoute(problem, route)!;
          const done = Math.min(cut, route.stops.length);
          const stops = route.stops.map((s, k) => k < done ? { ...s, at: schedule.begins[k] } : s);
          const last = done > 0 ? stops[done - 1] : null;
          const lastPlace = last
            ? (last.kind === "pickup" ? requests[last.request].pickup : requests[last.request].dropoff)
            : null;
          const now: Route = {
            vehicle: lastPlace
              ? {
                ...vehicle,
                start: {
                  node: lastPlace.node,
                  earliest: last!.at! + lastPlace.service,
                  latest: last!.at! + lastPlace.service,
                  service: 0,
                },
              }
              : vehicle,
            stops,
            done,
          };
          const found = cheapestInsertion(problem, [now], requests.length - 1);
          if (!found) return;
          const after = withRequest(now, requests.length - 1, found.pickupAt, found.dropoffAt);
          expect(after.stops.slice(0, done)).toEqual(stops.slice(0, done));
          expect(planProblems(problem, after)).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });
});
