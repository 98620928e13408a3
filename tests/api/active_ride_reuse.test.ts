/**
 * GET rides/my reuses the rider's active ride for a moment (kv/rides.ts
 * `recentActiveRideOf`). Every ride change made through the app must show on
 * the rider's very next call; a change written by another process shows within
 * ACTIVE_RIDE_REUSE_MS.
 */
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { ACTIVE_RIDE_REUSE_MS } from "../../kv/rides.ts";
import type { Ride } from "../../lib/rides.ts";
import { bearer, makeApp } from "../helpers/app.ts";
import { move, requestRide, rideWorld, type TestApp } from "../helpers/rides.ts";

async function myRide(t: TestApp, token: string): Promise<Ride | null> {
  const res = await t.request("/greer/api/rides/my", bearer(token));
  expect(res.status).toBe(200);
  return await res.json();
}

describe("reuse of the rider's active ride", () => {
  it("shows every move made through the app on the rider's next call", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    expect(await myRide(t, w.rider.token)).toBeNull();
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    expect((await myRide(t, w.rider.token))?.status).toBe("pending");
    for (const step of ["accepted", "on-the-way", "arrived"]) {
      expect((await move(t, w.driver.token, ride.id, step)).status).toBe(200);
      expect((await myRide(t, w.rider.token))?.status).toBe(step);
    }
    expect((await move(t, w.driver.token, ride.id, "completed")).status).toBe(200);
    expect(await myRide(t, w.rider.token)).toBeNull();
  });

  it("shows an admin's delete on the rider's next call", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    expect((await myRide(t, w.rider.token))?.id).toBe(ride.id);
    const res = await t.request(`/greer/api/rides/${ride.id}`, bearer(w.admin.token, { method: "DELETE" }));
    expect(res.status).toBe(200);
    expect(await myRide(t, w.rider.token)).toBeNull();
  });

  it("sees a ride emptied straight in KV (another process) within the reuse window", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    await requestRide(t, w.rider.token);
    expect(await myRide(t, w.rider.token)).not.toBeNull();
    await t.kv.delete(keys.riderActive("greer", w.rider.user.id));
    const written = performance.now();
    let ride = await myRide(t, w.rider.token);
    while (ride !== null && performance.now() - written < ACTIVE_RIDE_REUSE_MS + 1000) {
      await new Promise((r) => setTimeout(r, 100));
      ride = await myRide(t, w.rider.token);
    }
    expect(ride).toBeNull();
  }, 10_000);
});
