/**
 * Ride writes of one tenant run one at a time within a process (kv/rides.ts
 * rideWriteLane), so a busy tenant never runs out of commit retries. (Races
 * between writers: tests/api/races.test.ts; across processes the commit
 * checks still decide, tests/e2e/crash.test.ts.)
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "../../kv/store.ts";
import { openStore } from "../../kv/open.ts";
import { createRide, updateRideStatus } from "../../kv/rides.ts";
import type { Ride } from "../../lib/rides.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { newRide } from "../helpers/rides.ts";

let dir: string;

beforeEach(async () => {
  dir = await Deno.makeTempDir({ prefix: "hopper-ride-writes-" });
});
afterEach(async () => {
  await Deno.remove(dir, { recursive: true });
});

const accept = (kv: Store, ride: Ride, driver: string) =>
  updateRideStatus(kv, {
    tenant: "greer",
    id: ride.id,
    to: "accepted",
    actorId: driver,
    driver: { name: driver, phoneNumber: "8645550101" },
    now: 2,
    // Deciding reads KV in the app (the driver's other rides): a few ms in which other writes commit.
    decide: async (current) => {
      await new Promise((r) => setTimeout(r, 2));
      return current.status === "pending" ? { ok: true } : { ok: false, status: 409, error: "Already accepted" };
    },
  });

describe("ride writes", () => {
  it("runs many concurrent writes of one tenant in one process with no commit lost to another", async () => {
    using store = await openStore(`${dir}/kv`);
    // Counts the commits KV refused: each is a write that raced another and must retry (20 tries at most).
    let refused = 0;
    const kv = new Proxy(store, {
      get(target, prop) {
        if (prop !== "atomic") {
          const value = Reflect.get(target, prop, target);
          return typeof value === "function" ? value.bind(target) : value;
        }
        return () => {
          const op = target.atomic();
          const commit = op.commit.bind(op);
          op.commit = async () => {
            const res = await commit();
            if (!res.ok) refused++;
            return res;
          };
          return op;
        };
      },
    });
    const created = await Promise.all(Array.from({ length: 60 }, (_, i) => createRide(kv, newRide(`r${i}`), 1)));
    expect(created.every((c) => c.ok)).toBe(true);
    const moved = await Promise.all(created.map((c, i) => c.ok ? accept(kv, c.ride, `d${i}`) : null));
    expect(moved.every((m) => m?.ok && m.changed)).toBe(true);
    expect(refused).toBe(0);
    expect(await rideIndexProblems(store)).toEqual([]);
  });
});
