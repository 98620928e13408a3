import { describe, expect, it } from "vitest";
import type { Problem, Route, Vehicle } from "../../domain/dispatch/plan.ts";
import { parseCordeau, solveCordeau } from "../../domain/dispatch/cordeau.ts";
import { openStore } from "../../kv/open.ts";
import { runAdmin } from "../../scripts/admin.ts";
import { planProblems } from "../helpers/plan_check.ts";

const FIXTURES = new URL("../fixtures/cordeau/", import.meta.url);

/** The file read here on its own, not by the engine's reader, so a misreading there cannot hide. */
function readInstance(text: string) {
  const rows = text.trim().split("\n").map((l) => l.trim().split(/\s+/).map(Number));
  const [[vehicles, nodes, duration, capacity, rideTime], ...nodeRows] = rows;
  const half = nodes / 2;
  const xy = (i: number) => [nodeRows[i][1], nodeRows[i][2]];
  const dist = (a: number, b: number) => Math.hypot(xy(a)[0] - xy(b)[0], xy(a)[1] - xy(b)[1]);
  const at = (i: number) => ({ node: i, service: nodeRows[i][3], earliest: nodeRows[i][5], latest: nodeRows[i][6] });
  const last = nodeRows.length - 1;
  const problem: Problem = {
    requests: Array.from({ length: half }, (_, i) => ({
      pickup: at(i + 1),
      dropoff: at(half + i + 1),
      seats: nodeRows[i + 1][4],
      wheelchairs: 0,
      maxRide: rideTime,
    })),
    travel: dist,
  };
  const vehicle: Vehicle = {
    seats: capacity,
    wheelchairSpaces: 0,
    start: at(0),
    end: at(last),
    maxDuration: duration,
  };
  return { vehicles, half, problem, vehicle, dist };
}

async function solveFile(name: string, seconds: string) {
  using kv = await openStore(":memory:");
  const lines: string[] = [];
  const code = await runAdmin(
    ["dispatch:solve", "--in", new URL(name, FIXTURES).pathname, "--seconds", seconds],
    kv,
    (line) => lines.push(line),
  );
  return { code, out: lines.join("\n") };
}

describe("dispatch:solve on the Cordeau (2006) instances", () => {
  for (const name of ["a2-16.txt", "a3-24.txt"]) {
    it(`serves every request of ${name} with every constraint met, at the cost it reports`, async () => {
      const { code, out } = await solveFile(name, "0.5");
      expect(code).toBe(0);
      const answer = JSON.parse(out) as { routes: number[][]; cost: number; served: number; seconds: number };
      const instance = readInstance(await Deno.readTextFile(new URL(name, FIXTURES)));
      expect(answer.served).toBe(instance.half);
      expect(answer.routes).toHaveLength(instance.vehicles);
      expect(answer.seconds).toBeLessThan(2);
      const visited = answer.routes.flatMap((r) => r.slice(1, -1)).sort((a, b) => a - b);
      expect(visited).toEqual(Array.from({ length: 2 * instance.half }, (_, i) => i + 1));
      let cost = 0;
      for (const nodes of answer.routes) {
        expect(nodes[0]).toBe(0);
        expect(nodes.at(-1)).toBe(0);
        for (let i = 1; i < nodes.length; i++) cost += instance.dist(nodes[i - 1], nodes[i]);
        const route: Route = {
          vehicle: instance.vehicle,
          done: 0,
          stops: nodes.slice(1, -1).map((n) =>
            n <= instance.half
              ? { request: n - 1, kind: "pickup" as const }
              : { request: n - instance.half - 1, kind: "dropoff" as const }
          ),
        };
        expect(planProblems(instance.problem, route)).toEqual([]);
      }
      expect(answer.cost).toBeCloseTo(cost, 1);
    });
  }

  it("finds the optimum of a2-16 (294.25, Ropke, Cordeau & Laporte 2007) in 1000 rounds of improvement", async () => {
    const instance = parseCordeau(await Deno.readTextFile(new URL("a2-16.txt", FIXTURES)));
    // A clock that ticks once a round makes the run the same on any machine.
    let rounds = 0;
    const first = solveCordeau(instance, () => rounds++, 0);
    rounds = 0;
    const improved = solveCordeau(instance, () => rounds++, 1000);
    expect(first.cost).toBeGreaterThan(300);
    expect(improved.cost).toBeCloseTo(294.25, 2);
  });

  it("refuses a file that is not an instance, naming the line", async () => {
    const dir = await Deno.makeTempDir();
    await Deno.writeTextFile(`${dir}/bad.txt`, "2 4 480 3 30\n0 0 0 0 0 0 1440\n1 x 0 3 1 0 1440\n");
    using kv = await openStore(":memory:");
    const lines: string[] = [];
    const code = await runAdmin(["dispatch:solve", "--in", `${dir}/bad.txt`], kv, (l) => lines.push(l));
    expect(code).toBe(1);
    expect(lines.join("\n")).toMatch(/not a Cordeau-Laporte instance: line 3 is not numbers/);
    await Deno.remove(dir, { recursive: true });
  });
});
