/**
 * Plans a whole set of requests: cheapest insertion one request at a time, most urgent first, then, while time is
 * left, ruin and recreate (Shaw 1998; Ropke & Pisinger 2006): take a few requests out (related ones, or at random),
 * put them back by cheapest insertion in a shuffled order, and keep the result when it serves more requests or
 * costs less, or now and then when it costs a little more (simulated annealing), so the search leaves a local
 * optimum. Every plan it keeps has passed schedule.ts.
 */
import type { Problem, Route, Vehicle } from "./plan.ts";
import { bestInRoute, withoutRequest, withRequest } from "./insertion.ts";
import { routeTravel } from "./schedule.ts";

export interface SolveOptions {
  /** The caller's clock (ms); the engine has none of its own. */
  now: () => number;
  /** How long improving may go on after the first plan (ms). */
  budgetMs: number;
  /** Seed of the pseudo-random choices, so a run can be repeated. */
  seed?: number;
}

export interface Solution {
  routes: Route[];
  unserved: number[];
  cost: number;
}

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function totalCost(problem: Problem, routes: readonly Route[]): number {
  let sum = 0;
  for (const route of routes) sum += routeTravel(problem, route);
  return sum;
}

/** Puts each request where it costs least, in the order given; answers those no vehicle could take. */
function insertAll(problem: Problem, routes: Route[], order: readonly number[], costs: number[]): number[] {
  const left: number[] = [];
  for (const request of order) {
    let best = -1;
    let bestAt: { pickupAt: number; dropoffAt: number; cost: number } | null = null;
    for (let i = 0; i < routes.length; i++) {
      const found = bestInRoute(problem, routes[i], request, bestAt ? bestAt.cost : Infinity);
      if (found) {
        best = i;
        bestAt = found;
      }
    }
    if (!bestAt) {
      left.push(request);
      continue;
    }
    routes[best] = withRequest(routes[best], request, bestAt.pickupAt, bestAt.dropoffAt);
    costs[best] = routeTravel(problem, routes[best]);
  }
  return left;
}

/** How urgent a request is: the latest time it can begin its pickup and still make its drop-off window. */
function urgency(problem: Problem, request: number): number {
  const r = problem.requests[request];
  const direct = problem.travel(r.pickup.node, r.dropoff.node);
  return Math.min(r.pickup.latest, r.dropoff.latest - direct - r.pickup.service);
}

/** How alike two requests are: close pickups, close drop-offs, close windows (Shaw's relatedness). */
function relatedness(problem: Problem, urgencies: Map<number, number>, a: number, b: number): number {
  const ra = problem.requests[a];
  const rb = problem.requests[b];
  const t = problem.travel;
  return t(ra.pickup.node, rb.pickup.node) + t(ra.dropoff.node, rb.dropoff.node) +
    0.5 * Math.abs((urgencies.get(a) ?? 0) - (urgencies.get(b) ?? 0));
}

/**
 * Plans `requests` (indices into problem.requests) on empty plans of `vehicles`, improving while the budget lasts.
 * Requests no vehicle can take within the limits are answered in `unserved`.
 */
export function solve(
  problem: Problem,
  vehicles: readonly Vehicle[],
  requests: readonly number[],
  options: SolveOptions,
): Solution {
  const rand = random(options.seed ?? 1);
  const started = options.now();
  let routes: Route[] = vehicles.map((vehicle) => ({ vehicle, stops: [], done: 0 }));
  let costs = routes.map(() => 0);
  const order = [...requests].sort((a, b) => urgency(problem, a) - urgency(problem, b));
  let unserved = insertAll(problem, routes, order, costs);
  let cost = costs.reduce((a, b) => a + b, 0);
  let best: Solution = { routes: routes.slice(), unserved: unserved.slice(), cost };
  const n = requests.length;
  if (n < 2) return best;
  const urgencies = new Map(requests.map((r) => [r, urgency(problem, r)]));
  const budget = options.budgetMs;
  const temperature = 0.02 * (cost / Math.max(1, n));
  const finalTemperature = temperature / 100;
  let iteration = 0;
  while (true) {
    const elapsed = options.now() - started;
    if (elapsed >= budget) break;
    iteration++;
    const t = temperature * Math.pow(finalTemperature / temperature, elapsed / budget);
    // Take out between 2 and 30% of the requests (at most 30), related ones two times in three.
    const most = Math.max(2, Math.min(30, Math.floor(0.3 * n)));
    const count = 2 + Math.floor(rand() * (most - 1));
    const removed = new Set<number>();
    const served = requests.filter((r) => !unserved.includes(r));
    if (served.length === 0) break;
    if (rand() < 0.67) {
      const seed = served[Math.floor(rand() * served.length)];
      removed.add(seed);
      const ranked = served.filter((r) => r !== seed).map((r) => [r, relatedness(problem, urgencies, seed, r)] as const)
        .sort((a, b) => a[1] - b[1]);
      while (removed.size < count && ranked.length > 0) {
        const pick = Math.floor(Math.pow(rand(), 4) * ranked.length);
        removed.add(ranked[pick][0]);
        ranked.splice(pick, 1);
      }
    } else {
      while (removed.size < Math.min(count, served.length)) removed.add(served[Math.floor(rand() * served.length)]);
    }
    const nextRoutes = routes.map((route) => {
      let r = route;
      for (const stop of route.stops) if (removed.has(stop.request)) r = withoutRequest(r, stop.request);
      return r;
    });
    const nextCosts = nextRoutes.map((route) => routeTravel(problem, route));
    const again = [...removed, ...unserved];
    if (rand() < 0.5) {
      again.sort((a, b) => (urgencies.get(a) ?? 0) - (urgencies.get(b) ?? 0));
    } else {
      for (let i = again.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [again[i], again[j]] = [again[j], again[i]];
      }
    }
    const left = insertAll(problem, nextRoutes, again, nextCosts);
    const nextCost = nextCosts.reduce((a, b) => a + b, 0);
    const better = left.length < unserved.length ||
      (left.length === unserved.length &&
        (nextCost < cost - 1e-9 || rand() < Math.exp((cost - nextCost) / Math.max(t, 1e-9))));
    if (better) {
      routes = nextRoutes;
      costs = nextCosts;
      cost = nextCost;
      unserved = left;
      if (unserved.length < best.unserved.length || (unserved.length === best.unserved.length && cost < best.cost)) {
        best = { routes: routes.slice(), unserved: unserved.slice(), cost };
      }
    }
  }
  return { ...best, cost: totalCost(problem, best.routes) };
}
