/**
 * The dispatch engine against the literature: every "a" instance of Cordeau (2006) in tests/fixtures/cordeau/,
 * solved on one core within a time budget and checked by tests/helpers/plan_check.ts (not by the engine), beside the
 * optimal costs published by Ropke, Cordeau & Laporte (2007); and the time one insertion takes into 100 vehicles
 * with 20 planned stops each. `deno task bench` adds this section to docs/benchmarks.md;
 * `deno run -A tests/bench/dispatch.ts [--write]` runs it alone (--write replaces only this section there).
 */
import { parseCordeau, solveCordeau } from "../../domain/dispatch/cordeau.ts";
import { cheapestInsertion, withRequest } from "../../domain/dispatch/insertion.ts";
import type { Problem, Request, Route, Vehicle } from "../../domain/dispatch/plan.ts";
import { planProblems } from "../helpers/plan_check.ts";
import { writeSection } from "./section.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const FIXTURES = `${ROOT}tests/fixtures/cordeau/`;
const HEADING = "## Dispatch engine";

/** Optimal costs from Ropke, Cordeau & Laporte (2007), Networks 49(4), table of the "a" instances. */
export const BEST_KNOWN: Record<string, number> = {
  "a2-16": 294.25,
  "a2-20": 344.83,
  "a2-24": 431.12,
  "a3-18": 300.48,
  "a3-24": 344.83,
  "a3-30": 494.85,
  "a3-36": 583.19,
  "a4-16": 282.68,
  "a4-24": 375.02,
  "a4-32": 485.5,
  "a4-40": 557.69,
  "a4-48": 668.82,
  "a5-40": 498.41,
  "a5-50": 686.62,
  "a5-60": 808.42,
  "a6-48": 604.12,
  "a6-60": 819.25,
  "a6-72": 916.05,
  "a7-56": 724.04,
  "a7-70": 889.12,
  "a7-84": 1033.37,
  "a8-64": 747.46,
  "a8-80": 945.73,
  "a8-96": 1229.66,
};

/** Improvement budget per instance (ms); the first plan and the answer take the rest of the 5 s allowed. */
const BUDGET_MS = 4000;

interface InstanceRow {
  name: string;
  requests: number;
  served: number;
  cost: number;
  best: number;
  gap: number;
  seconds: number;
  sound: boolean;
}

function solveAll(): InstanceRow[] {
  const names = [...Deno.readDirSync(FIXTURES)].map((e) => e.name).filter((n) => /^a\d+-\d+\.txt$/.test(n))
    .map((n) => n.slice(0, -4))
    .sort((a, b) => {
      const [va, ra] = a.slice(1).split("-").map(Number);
      const [vb, rb] = b.slice(1).split("-").map(Number);
      return va - vb || ra - rb;
    });
  return names.map((name) => {
    const instance = parseCordeau(Deno.readTextFileSync(`${FIXTURES}${name}.txt`));
    const started = performance.now();
    const answer = solveCordeau(instance, () => performance.now(), BUDGET_MS);
    const seconds = (performance.now() - started) / 1000;
    const half = instance.requestCount;
    const sound = answer.routes.every((nodes, v) =>
      planProblems(instance.problem, {
        vehicle: instance.vehicles[v],
        done: 0,
        stops: nodes.slice(1, -1).map((n) =>
          n <= half ? { request: n - 1, kind: "pickup" as const } : { request: n - half - 1, kind: "dropoff" as const }
        ),
      }).length === 0
    );
    const best = BEST_KNOWN[name];
    // The literature writes costs to the cent.
    const cost = Math.round(answer.cost * 100) / 100;
    const row = {
      name,
      requests: half,
      served: answer.served,
      cost,
      best,
      gap: 100 * (cost - best) / best,
      seconds,
      sound,
    };
    console.error(`${name}: ${row.served}/${half} served, ${row.cost.toFixed(2)} (${row.gap.toFixed(1)}%)`);
    return row;
  });
}

/** A seeded generator, so the town is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One insertion into 100 vehicles with 20 planned stops each: a town 20 minutes across (points in minutes, straight
 * line), 12-seat vans with 2 wheelchair spaces, a wait of 15 minutes, ride limits of 1.5 × direct + 10 minutes.
 */
function insertionTimes(samples: number): number[] {
  const rand = random(37);
  const xs: number[] = [];
  const ys: number[] = [];
  const point = () => {
    xs.push(rand() * 20);
    ys.push(rand() * 20);
    return xs.length - 1;
  };
  const requests: Request[] = [];
  const problem: Problem = {
    requests,
    travel: (a, b) => {
      const dx = xs[a] - xs[b];
      const dy = ys[a] - ys[b];
      return Math.sqrt(dx * dx + dy * dy);
    },
  };
  const request = (at: number): number => {
    const from = point();
    const to = point();
    const direct = problem.travel(from, to);
    const maxRide = 1.5 * direct + 10;
    requests.push({
      pickup: { node: from, earliest: at, latest: at + 15, service: 1 },
      dropoff: { node: to, earliest: at, latest: at + 15 + 1 + maxRide, service: 1 },
      seats: 1 + Math.floor(rand() * 2),
      wheelchairs: rand() < 0.1 ? 1 : 0,
      maxRide,
    });
    return requests.length - 1;
  };
  const routes: Route[] = [];
  for (let v = 0; v < 100; v++) {
    const vehicle: Vehicle = {
      seats: 12,
      wheelchairSpaces: 2,
      start: { node: point(), earliest: 0, latest: 0, service: 0 },
      end: null,
      maxDuration: Infinity,
    };
    let route: Route = { vehicle, stops: [], done: 0 };
    for (let tries = 0; route.stops.length < 20 && tries < 100000; tries++) {
      const r = request(rand() * 240);
      const found = cheapestInsertion(problem, [route], r);
      if (found) route = withRequest(route, r, found.pickupAt, found.dropoffAt);
    }
    if (route.stops.length < 20) throw new Error(`could not fill vehicle ${v} with 20 stops (${route.stops.length})`);
    routes.push(route);
  }
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const r = request(rand() * 240);
    const started = performance.now();
    cheapestInsertion(problem, routes, r, { delayWeight: 0.5 });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const f = (n: number, digits = 2) => n.toFixed(digits);

function machine(): string {
  const cpu = Deno.readTextFileSync("/proc/cpuinfo").match(/model name\s*:\s*(.+)/)?.[1] ?? "unknown CPU";
  return `${navigator.hardwareConcurrency} cores (${cpu}), Deno ${Deno.version.deno}, ${
    new Date().toISOString().slice(0, 10)
  }`;
}

/** The section of docs/benchmarks.md this benchmark writes. */
export function benchDispatch(): string {
  const rows = solveAll();
  const times = insertionTimes(2000);
  const p99 = times[Math.floor(0.99 * (times.length - 1))];
  const p50 = times[Math.floor(0.5 * (times.length - 1))];
  const average = rows.reduce((s, r) => s + r.gap, 0) / rows.length;
  const worst = Math.max(...rows.map((r) => r.gap));
  const allServed = rows.every((r) => r.served === r.requests && r.sound);
  const slowest = Math.max(...rows.map((r) => r.seconds));
  const mark = (ok: boolean) => ok ? "✓" : "✗";
  const lines = rows.map((r) =>
    `| ${r.name} | ${r.served}/${r.requests}${r.sound ? "" : " (a rule broken)"} | ${f(r.cost)} | ${f(r.best)} | ${
      f(r.gap, 1)
    } % ${mark(r.gap <= 20)} | ${f(r.seconds)} s ${mark(r.seconds <= 5)} |`
  );
  const exact = rows.filter((r) => r.cost === r.best).length;
  const below = rows.filter((r) => r.cost < r.best).length;
  return `${HEADING}

Machine: ${machine()}.
Command: \`deno run -A tests/bench/dispatch.ts --write\` (also part of \`deno task bench\`), one core. Each "a" instance
of Cordeau (2006) in \`tests/fixtures/cordeau/\` is planned with ${
    BUDGET_MS / 1000
  } s of improvement after the first plan, and
its routes are checked by \`tests/helpers/plan_check.ts\` (time windows, ride times, route duration, capacity, order),
not by the engine. Best known: the optimal costs of Ropke, Cordeau & Laporte (2007), "Models and branch-and-cut
algorithms for pickup and delivery problems with time windows", Networks 49(4), 258–272. a3-18, a4-16 and a4-24 are
not in the published copy the fixtures come from (see its README). The engine reaches ${exact} of these costs to the
cent and ${below === 0 ? "none" : below} below (a cost below an optimum would mean a misread instance or a broken
rule).

| instance | served | cost | best known | gap (target ≤ 20 %) | time (target ≤ 5 s) |
| --- | --- | --- | --- | --- | --- |
${lines.join("\n")}

| what | measured | target |
| --- | --- | --- |
| every request of every "a" instance served, every constraint met | ${allServed ? "yes" : "no"} | yes ${
    mark(allServed)
  } |
| average gap over the ${rows.length} "a" instances | ${f(average, 1)} % | ≤ 10 % ${mark(average <= 10)} |
| worst gap | ${f(worst, 1)} % | ≤ 20 % ${mark(worst <= 20)} |
| slowest instance | ${f(slowest)} s | ≤ 5 s ${mark(slowest <= 5)} |
| one insertion into 100 vehicles with 20 planned stops each (2000 requests, delay weight 0.5): p50 / p99 | ${
    f(p50)
  } ms / ${f(p99)} ms | p99 ≤ 5 ms ${mark(p99 <= 5)} |`;
}

if (import.meta.main) {
  const section = benchDispatch();
  console.log(section);
  if (Deno.args.includes("--write")) await writeSection(HEADING, section);
}
