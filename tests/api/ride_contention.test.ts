/**
 * One driver, one ride in progress, held by the driver's own slot in the same
 * commit (kv/rides.ts); and a write that keeps losing commit races answers a
 * clear 503, never a 500 (kv/retry.ts, server/app.tsx).
 */
import { describe, expect, it } from "vitest";
import { openStore } from "../../kv/open.ts";
import { keys } from "../../kv/keys.ts";
import { createRide, deleteRide, type MoveFacts, updateRideStatus } from "../../kv/rides.ts";
import { ANOTHER_IN_PROGRESS, checkMove } from "../../lib/ride_moves.ts";
import type { Ride, RideStatus } from "../../lib/rides.ts";
import { createApp } from "../../server/app.tsx";
import { makeApp, signIn } from "../helpers/app.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { CENTRE as AT, newRide, put } from "../helpers/rides.ts";

/** The route's rule (routes/api/rides.ts): the move table, refusing a start while the driver is busy. */
const asDriver = (to: RideStatus) => (ride: Ride, { busy }: MoveFacts) =>
  Promise.resolve(checkMove(ride, to, { userId: "d1", drives: true }, busy));

describe("the driver's in-progress slot", () => {
  it("tells decide the driver is busy, so a second ride on the way is refused; empties on delete", async () => {
    using kv = await openStore(":memory:");
    const move = (id: string, to: "accepted" | "on-the-way") =>
      updateRideStatus(kv, { tenant: "greer", id, to, actorId: "d1", now: 2, decide: asDriver(to) });
    const a = await createRide(kv, newRide("r1"), 1);
    const b = await createRide(kv, newRide("r2"), 1);
    if (!a.ok || !b.ok) throw new Error("setup");
    for (const id of [a.ride.id, b.ride.id]) expect((await move(id, "accepted")).ok).toBe(true);
    expect((await move(a.ride.id, "on-the-way")).ok).toBe(true);
    expect((await kv.get(keys.driverInProgress("greer", "d1"))).value).toBe(a.ride.id);
    expect(await move(b.ride.id, "on-the-way")).toEqual({
      ok: false,
      reason: "refused",
      status: 409,
      error: ANOTHER_IN_PROGRESS,
    });
    await deleteRide(kv, "greer", a.ride.id, 3);
    expect((await kv.get(keys.driverInProgress("greer", "d1"))).versionstamp).toBeNull();
    expect((await move(b.ride.id, "on-the-way")).ok).toBe(true);
    expect(await rideIndexProblems(kv)).toEqual([]);
  });
});

describe("a write that keeps losing commit races", () => {
  it("answers 503 with a JSON error", async () => {
    using t = await makeApp();
    const driver = await signIn(t, "8645550101", "greer");
    // The same store, but every commit loses its race.
    const losing = new Proxy(t.kv, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop !== "atomic") return typeof value === "function" ? value.bind(target) : value;
        return () => {
          const op = target.atomic();
          op.commit = () => Promise.resolve({ ok: false } as const);
          return op;
        };
      },
    });
    const app = createApp({ kv: losing, sms: t.sms, clock: t.clock, config: t.config, log: t.log });
    const res = await app.request(
      "/greer/api/drivers/availability",
      put(driver.token, { isAvailable: true, location: AT }),
      { remoteAddr: { hostname: "203.0.113.7" } },
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: "The service is busy right now. Please try again." });
  });
});
