/**
 * Reads a dial-a-ride instance in the format of Cordeau & Laporte (2003) and Cordeau (2006): a first line
 * `vehicles nodes routeDuration capacity rideTime`, then one line per node `id x y service load earliest latest`,
 * node 0 the depot, 1..N the pickups, N+1..2N their drop-offs, and in most files a copy of the depot last (2N+1).
 * Travel time is the Euclidean distance.
 */
import type { Problem, Request, Vehicle } from "./plan.ts";
import { solve } from "./solve.ts";

export interface Instance {
  problem: Problem;
  vehicles: Vehicle[];
  /** Request i is nodes i+1 (pickup) and N+i+1 (drop-off). */
  requestCount: number;
  /** The node id each route ends at in the file (the depot's copy when there is one). */
  endNode: number;
}

/** Parses an instance; throws an Error naming the line when the text is not one. */
export function parseCordeau(text: string): Instance {
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const numbers = lines.map((line, i) => {
    const values = line.split(/\s+/).map(Number);
    if (values.some((v) => !Number.isFinite(v))) throw new Error(`line ${i + 1} is not numbers: ${line}`);
    return values;
  });
  const [head, ...rows] = numbers;
  if (!head || head.length < 5) throw new Error("the first line must be: vehicles nodes duration capacity rideTime");
  const [vehicleCount, nodeCount, duration, capacity, rideTime] = head;
  const half = nodeCount / 2;
  if (!Number.isInteger(half) || rows.length < nodeCount + 1) {
    throw new Error(`expected ${nodeCount + 1} node lines after the first, found ${rows.length}`);
  }
  for (const [i, row] of rows.entries()) {
    if (row.length < 7) throw new Error(`node line ${i + 2} needs 7 values: id x y service load earliest latest`);
  }
  const xs = rows.map((r) => r[1]);
  const ys = rows.map((r) => r[2]);
  const travel = (a: number, b: number) => {
    const dx = xs[a] - xs[b];
    const dy = ys[a] - ys[b];
    return Math.sqrt(dx * dx + dy * dy);
  };
  const place = (i: number) => ({ node: i, service: rows[i][3], earliest: rows[i][5], latest: rows[i][6] });
  const requests: Request[] = [];
  for (let i = 1; i <= half; i++) {
    requests.push({ pickup: place(i), dropoff: place(half + i), seats: rows[i][4], wheelchairs: 0, maxRide: rideTime });
  }
  const endNode = rows.length > nodeCount + 1 ? nodeCount + 1 : 0;
  const vehicles: Vehicle[] = Array.from({ length: vehicleCount }, () => ({
    seats: capacity,
    wheelchairSpaces: 0,
    start: place(0),
    end: place(endNode),
    maxDuration: duration,
  }));
  return { problem: { requests, travel }, vehicles, requestCount: half, endNode };
}

/** A solution as the literature writes it: each route's node ids from the depot back to the depot, and its cost. */
export interface InstanceAnswer {
  routes: number[][];
  cost: number;
  served: number;
}

/** Solves an instance within `budgetMs` of improvement after the first plan, on the caller's clock. */
export function solveCordeau(instance: Instance, now: () => number, budgetMs: number, seed = 1): InstanceAnswer {
  const all = Array.from({ length: instance.requestCount }, (_, i) => i);
  const solution = solve(instance.problem, instance.vehicles, all, { now, budgetMs, seed });
  const routes = solution.routes.map((route) => [
    0,
    ...route.stops.map((s) => s.kind === "pickup" ? s.request + 1 : instance.requestCount + s.request + 1),
    0,
  ]);
  return { routes, cost: solution.cost, served: instance.requestCount - solution.unserved.length };
}
