/**
 * Races on the real app and a real in-memory KV: many
 * drivers accepting one ride at once, one rider requesting many rides at
 * once. Every round checks the answers, the ride as stored, and afterwards
 * every index against the rides (tests/helpers/ride_indexes.ts). The
 * model-based run of random ride operations is in races_model.test.ts.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { keys } from "../../kv/keys.ts";
import { slotRideId } from "../helpers/kv_reads.ts";
import type { Ride } from "../../lib/rides.ts";
import { ALREADY_TAKEN } from "../../lib/ride_moves.ts";
import { makeApp } from "../helpers/app.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { drivers, riders } from "../helpers/race_world.ts";
import { move, requestRide } from "../helpers/rides.ts";

const ROUNDS = 1000;
const SEED = Number(Deno.env.get("RACES_SEED") ?? Date.now() % 2 ** 31);

describe("races", { timeout: 120_000 }, () => {
  it(`lets exactly one of 2-50 drivers accepting one ride at once win, ${ROUNDS} rounds`, async () => {
    using t = await makeApp();
    const { drivers: crew } = await drivers(t, 50);
    const [rider] = await riders(t, 1);
    // Sizes of each round from the seed, so a failing round can be replayed with RACES_SEED.
    const sizes = fc.sample(fc.integer({ min: 2, max: 50 }), { numRuns: ROUNDS, seed: SEED });
    let accepts = 0;
    for (const [round, size] of sizes.entries()) {
      const asked = await requestRide(t, rider.token);
      expect(asked.status, `round ${round}`).toBe(201);
      const { ride } = await asked.json() as { ride: Ride };
      const racers = crew.slice(0, size);
      const answers = await Promise.all(racers.map((d) => move(t, d.token, ride.id, "accepted")));
      accepts += size;
      const statuses = answers.map((r) => r.status);
      const what = `round ${round} (seed ${SEED}), ${size} drivers: ${statuses.join(" ")}`;
      expect(statuses.filter((s) => s === 200), what).toHaveLength(1);
      expect(statuses.filter((s) => s === 409), what).toHaveLength(size - 1);
      const winner = racers[statuses.indexOf(200)];
      for (const res of answers) {
        const body = await res.json();
        if (res.status === 409) expect(body, what).toEqual({ error: ALREADY_TAKEN });
        else expect(body.ride.assignedDriverId, what).toBe(winner.id);
      }
      const stored = (await t.kv.get<Ride>(keys.ride("greer", ride.id))).value;
      expect(stored?.status, what).toBe("accepted");
      expect(stored?.assignedDriverId, what).toBe(winner.id);
      // The rider frees the slot for the next round.
      expect((await move(t, rider.token, ride.id, "canceled")).status, what).toBe(200);
    }
    expect(accepts).toBeGreaterThanOrEqual(ROUNDS * 2);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("lets a driver start only one of two rides at once (on-the-way), 50 rounds", async () => {
    using t = await makeApp();
    const { drivers: [driver] } = await drivers(t, 1);
    const pair = await riders(t, 2);
    for (let round = 0; round < 50; round++) {
      const ids: string[] = [];
      for (const rider of pair) {
        const { ride } = await (await requestRide(t, rider.token)).json() as { ride: Ride };
        expect((await move(t, driver.token, ride.id, "accepted")).status).toBe(200);
        ids.push(ride.id);
      }
      const answers = await Promise.all(ids.map((id) => move(t, driver.token, id, "on-the-way")));
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      for (const [i, rider] of pair.entries()) {
        expect((await move(t, rider.token, ids[i], "canceled")).status).toBe(200);
      }
    }
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("gives one rider requesting many rides at once exactly one active ride, with no stray index", async () => {
    using t = await makeApp();
    await drivers(t, 1);
    const crowd = await riders(t, 3);
    for (let round = 0; round < 30; round++) {
      const rider = crowd[round % crowd.length];
      const answers = await Promise.all(Array.from({ length: 20 }, () => requestRide(t, rider.token)));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201), `round ${round}: ${statuses.join(" ")}`).toHaveLength(1);
      expect(statuses.filter((s) => s === 409), `round ${round}`).toHaveLength(19);
      const active: string[] = [];
      for await (const e of t.kv.list<string>({ prefix: keys.activeRides("greer") })) active.push(String(e.key[2]));
      const mine = slotRideId((await t.kv.get<Ride | string>(keys.riderActive("greer", rider.id))).value);
      expect(active, `round ${round}`).toEqual([mine]);
      expect(await rideIndexProblems(t.kv), `round ${round}`).toEqual([]);
      expect((await move(t, rider.token, mine!, "canceled")).status).toBe(200);
    }
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });
});
