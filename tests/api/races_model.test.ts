/**
 * Model-based run of random ride operations: requests,
 * every status move (accept, on-the-way, arrived, picked-up, completed,
 * no-show, cancel by rider, driver or admin), deletes and availability
 * toggles by three riders, three drivers and the admin, and drivers reaching
 * the pickup (a step with one ends with the clock past the wait before a
 * no-show), some sent one at a time and some as a batch sent at once. Each answer must be what the model
 * (tests/helpers/ride_model.ts) says, in some order of the batch; after each
 * step the stored rides equal the model's; after each run every feed step is
 * one the transition table allows and every index agrees with the rides.
 * Replay a failure with RACES_SEED=<seed>.
 */
import { describe, expect, it } from "vitest";
import type { Store } from "../../kv/store.ts";
import fc from "fast-check";
import { type FeedEntry } from "../../kv/feed.ts";
import type { DriverState } from "../../kv/drivers.ts";
import { keys } from "../../kv/keys.ts";
import type { Ride } from "../../lib/rides.ts";
import { RIDE_STATUSES } from "../../lib/rides.ts";
import { bearer, makeApp } from "../helpers/app.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { drivers, type Person, riders } from "../helpers/race_world.ts";
import {
  allowedStep,
  type BoundOp,
  cloneModel,
  DRIVERS,
  EVERYONE,
  expectOp,
  type Key,
  type Model,
  type Op,
  permutations,
  RIDERS,
} from "../helpers/ride_model.ts";
import { CENTRE, INSIDE, move, put, requestRide, type TestApp, WAIT_MS } from "../helpers/rides.ts";

const SEED = Number(Deno.env.get("RACES_SEED") ?? Date.now() % 2 ** 31);
const RUNS = 100;

interface Real {
  t: TestApp;
  people: Record<Key, Person>;
  sent: number;
}

async function send(real: Real, op: BoundOp): Promise<{ status: number; body: unknown }> {
  const { t, people } = real;
  const token = people[op.who].token;
  real.sent++;
  const res = op.kind === "request"
    ? await requestRide(t, token)
    : op.kind === "move"
    ? await move(t, token, op.rideId ?? "01ARZ3NDEKTSV4RRFFQ69G5FAV", op.to)
    : op.kind === "arrive"
    ? await t.request("/greer/api/users/location", put(token, { location: INSIDE }))
    : op.kind === "delete"
    ? await t.request(
      `/greer/api/rides/${op.rideId ?? "01ARZ3NDEKTSV4RRFFQ69G5FAV"}`,
      bearer(token, { method: "DELETE" }),
    )
    : await t.request(
      "/greer/api/drivers/availability",
      put(token, op.on ? { isAvailable: true, location: CENTRE } : { isAvailable: false }),
    );
  return { status: res.status, body: await res.json() };
}

/** The stored rides (id → "status driver") and the drivers online with a location, as the model names them. */
async function storedState(real: Real): Promise<{ rides: Record<string, string>; online: Key[] }> {
  const keyOf = (id: string | null) =>
    id ? (Object.keys(real.people) as Key[]).find((k) => real.people[k].id === id) : null;
  const rides: Record<string, string> = {};
  for await (const e of real.t.kv.list<Ride>({ prefix: keys.rides("greer") })) {
    const there = e.value.reachedPickupAt === undefined ? "" : " there";
    rides[e.value.id] = `${e.value.status} ${keyOf(e.value.assignedDriverId)}${there}`;
  }
  const online: Key[] = [];
  for await (const e of real.t.kv.list<DriverState>({ prefix: keys.drivers("greer") })) {
    if (e.value.isAvailable && e.value.location !== null) online.push(keyOf(e.value.userId)!);
  }
  return { rides, online: online.sort() };
}

function modelledState(m: Model): { rides: Record<string, string>; online: Key[] } {
  return {
    rides: Object.fromEntries(
      m.rides.map((r) => [r.id, `${r.status} ${r.driver}${r.reachedStep === null ? "" : " there"}`]),
    ),
    online: [...m.online].sort(),
  };
}

function sameState(a: { rides: Record<string, string>; online: Key[] }, b: typeof a): boolean {
  const text = ({ rides, online }: typeof a) => JSON.stringify([Object.entries(rides).sort(), online]);
  return text(a) === text(b);
}

/** The stored rides must be the model's: same ids, statuses and drivers. */
async function expectAgreement(real: Real, m: Model, what: string) {
  expect((await storedState(real)).rides, what).toEqual(modelledState(m).rides);
}

/** One step: one op alone, or a batch of ops sent at once. */
class Step implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ops: Op[]) {}
  check(): boolean {
    return true; // with no ride yet, an op on a ride names an unknown one (404)
  }
  async run(m: Model, real: Real): Promise<void> {
    const bound: BoundOp[] = this.ops.map((op) =>
      "slot" in op && m.rides.length ? { ...op, rideId: m.rides[op.slot % m.rides.length].id } : op
    );
    const answers = await Promise.all(bound.map((op) => send(real, op)));
    const what = `${this} → ${answers.map((a) => a.status).join(" ")} (seed ${SEED})`;
    // Some order of the batch must explain every answer and what was stored; adopt the model that order leads to.
    // Orders may give the same answers and different ends (a driver going offline and online at once: both 200),
    // so the one adopted must also end where the store did.
    const stored = await storedState(real);
    const order = permutations(bound.map((_, i) => i)).find((order) => {
      const trial = cloneModel(m);
      const explains = order.every((i) => {
        const want = expectOp(trial, bound[i]);
        if (want.status !== answers[i].status) return false;
        want.apply?.(answers[i].body);
        return true;
      });
      return explains && sameState(modelledState(trial), stored);
    });
    expect(order, `no order of the batch explains the answers and the stored state: ${what}`).toBeDefined();
    for (const i of order!) expectOp(m, bound[i]).apply?.(answers[i].body);
    await expectAgreement(real, m, what);
    m.step++;
    if (bound.some((op) => op.kind === "arrive")) {
      // Past the wait at the pickup; the drivers online say where they are again, so they stay counted online.
      real.t.clock.advance(WAIT_MS);
      for (const who of m.online) {
        await real.t.request("/greer/api/users/location", put(real.people[who].token, { location: CENTRE }));
      }
    }
  }
  toString(): string {
    return this.ops.map((op) => {
      const ride = "slot" in op ? ` #${op.slot}` : "";
      const extra = op.kind === "move" ? ` ${op.to}` : op.kind === "availability" ? ` ${op.on}` : "";
      if (op.kind === "arrive") return `${op.who} at the pickup`;
      return `${op.who} ${op.kind}${ride}${extra}`;
    }).join(" ‖ ");
  }
}

const slot = fc.nat({ max: 50 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...RIDERS).map((who): Op => ({ kind: "request", who })) },
  {
    weight: 8,
    arbitrary: fc.record({ who: fc.constantFrom(...EVERYONE), slot, to: fc.constantFrom(...RIDE_STATUSES) })
      .map((o): Op => ({ kind: "move", ...o })),
  },
  {
    weight: 5,
    arbitrary: fc.record({ who: fc.constantFrom(...DRIVERS), slot, to: fc.constantFrom("accepted", "on-the-way") })
      .map((o): Op => ({ kind: "move", ...o })),
  },
  {
    weight: 1,
    arbitrary: fc.record({ who: fc.constantFrom<Key>("admin", "admin", "d0", "r0"), slot })
      .map((o): Op => ({ kind: "delete", ...o })),
  },
  {
    weight: 1,
    arbitrary: fc.record({ who: fc.constantFrom(...DRIVERS), on: fc.boolean() })
      .map((o): Op => ({ kind: "availability", ...o })),
  },
  { weight: 3, arbitrary: fc.constantFrom(...DRIVERS).map((who): Op => ({ kind: "arrive", who })) },
  // A no-show needs the driver's own ride, on the way, reached a step before: asked often enough to happen.
  {
    weight: 3,
    arbitrary: fc.record({ who: fc.constantFrom(...DRIVERS), slot }).map((o): Op => ({
      kind: "move",
      ...o,
      to: "no-show",
    })),
  },
);
const steps = fc.commands([
  op.map((o) => new Step([o])),
  fc.array(op, { minLength: 2, maxLength: 4 }).map((ops) => new Step(ops)),
], { maxCommands: 50, size: "large" });

/** Every feed entry of the tenant moves its ride by a step the table allows, or records its driver's arrival. */
async function forbiddenSteps(kv: Store): Promise<string[]> {
  const out: string[] = [];
  for await (const e of kv.list<FeedEntry>({ prefix: keys.feedFrom("greer") })) {
    const { previous, ride, at } = e.value;
    if (previous === ride.status && ride.reachedPickupAt === at) continue; // the arrival: no move
    if (!allowedStep(previous, ride.status)) out.push(`${ride.id}: ${previous} → ${ride.status}`);
  }
  return out;
}

describe("ride operations against a model", { timeout: 120_000 }, () => {
  it(`never leave the transition table and keep every index true (${RUNS} runs)`, async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(steps, async (cmds) => {
        using t = await makeApp();
        const crew = await drivers(t, 3);
        const [r0, r1, r2] = await riders(t, 3);
        const [d0, d1, d2] = crew.drivers;
        const real: Real = { t, people: { r0, r1, r2, d0, d1, d2, admin: crew.admin }, sent: 0 };
        // drivers() put d0 online.
        await fc.asyncModelRun(() => ({ model: { rides: [], online: new Set<Key>(["d0"]), step: 0 }, real }), cmds);
        sent += real.sent;
        expect(await forbiddenSteps(t.kv), `seed ${SEED}`).toEqual([]);
        expect(await rideIndexProblems(t.kv), `seed ${SEED}`).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(`ride model: ${sent} calls in ${RUNS} runs, seed ${SEED}`);
    expect(sent).toBeGreaterThan(RUNS * 10);
  });
});
