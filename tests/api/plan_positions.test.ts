/**
 * In automatic dispatch a driver's reported positions (PUT /{t}/api/users/location, and the position sent with
 * PUT /{t}/api/drivers/availability) re-time their vehicle's plan from where they are, at most once every 30 s per
 * vehicle, counted on the plan in KV; rides whose times moved by a minute or more are rewritten. A report of a driver
 * with no vehicle costs no more KV reads than in drivers mode.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { RETIME_EVERY_MS } from "../../domain/dispatch/retime.ts";
import { bearer, makeApp } from "../helpers/app.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { automaticWorld, drive, plannedRide, planOf, rideOf } from "../helpers/plans.ts";
import { CENTRE, INSIDE, put, rideWorld, type TestApp } from "../helpers/rides.ts";

/** About 2 km south of the centre: several minutes further from every pickup. */
const SOUTH = { lat: 34.9207, lng: -82.2271 };
const B_PICKUP = { lat: 34.9395, lng: -82.2265 };
const B_DROPOFF = { lat: 34.9340, lng: -82.2310 };

const report = (t: TestApp, token: string, location: unknown) =>
  t.request("/greer/api/users/location", put(token, { location }));

async function vanWithTwo(t: TestApp) {
  const w = await automaticWorld(t);
  await drive(t, w.driver.token, w.van, CENTRE);
  const a = await plannedRide(t, w.rider.token, { pickup: INSIDE });
  const b = await plannedRide(t, w.rider2.token, { pickup: B_PICKUP, dropoff: B_DROPOFF });
  return { ...w, a: await rideOf(t, a.id), b: await rideOf(t, b.id) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a driver's positions in automatic dispatch", () => {
  it("re-time the plan from where the driver is, at most every 30 s, and rewrite the rides that moved", async () => {
    using t = await makeApp();
    const w = await vanWithTwo(t);
    const planned = (await planOf(t, w.van))!;

    // Within 30 s of the plan's last timing: nothing moves.
    t.clock.advance(RETIME_EVERY_MS - 1000);
    expect((await report(t, w.driver.token, SOUTH)).status).toBe(200);
    expect(await planOf(t, w.van)).toEqual(planned);
    expect((await rideOf(t, w.a.id)).pickupAt).toBe(w.a.pickupAt);

    t.clock.advance(1000);
    expect((await report(t, w.driver.token, SOUTH)).status).toBe(200);
    const retimed = (await planOf(t, w.van))!;
    expect(retimed.updatedAt).toBe(t.clock.now());
    const pickup = retimed.stops.find((s) => s.rideId === w.a.id && s.kind === "pickup")!;
    // From 2 km away the van comes minutes later than planned from the centre.
    expect(pickup.plannedAt).toBeGreaterThan(w.a.pickupAt! + 3 * 60_000);
    const a = await rideOf(t, w.a.id);
    expect(a).toMatchObject({ pickupAt: pickup.plannedAt, updatedAt: t.clock.now() });
    const mine = await (await t.request("/greer/api/rides/my", bearer(w.rider.token))).json();
    expect(mine.pickupAt).toBe(pickup.plannedAt);
    expect(await rideIndexProblems(t.kv)).toEqual([]);

    // Back at the centre 10 s later: too soon to re-time again.
    t.clock.advance(10_000);
    expect((await report(t, w.driver.token, CENTRE)).status).toBe(200);
    expect(await planOf(t, w.van)).toEqual(retimed);
  });

  it("leave a ride as it is when its time moved by less than a minute, while the plan takes the new times", async () => {
    using t = await makeApp();
    const w = await vanWithTwo(t);
    t.clock.advance(RETIME_EVERY_MS);
    // Where the van already was, 30 s on: every time slips 30 s at most.
    expect((await report(t, w.driver.token, CENTRE)).status).toBe(200);
    const plan = (await planOf(t, w.van))!;
    expect(plan.updatedAt).toBe(t.clock.now());
    for (const ride of [w.a, w.b]) expect(await rideOf(t, ride.id)).toEqual(ride);
  });

  it("re-time from the position sent with going online again", async () => {
    using t = await makeApp();
    const w = await vanWithTwo(t);
    t.clock.advance(RETIME_EVERY_MS);
    const res = await t.request(
      "/greer/api/drivers/availability",
      put(w.driver.token, { isAvailable: true, location: SOUTH, vehicleId: w.van }),
    );
    expect(res.status).toBe(200);
    expect((await rideOf(t, w.a.id)).pickupAt).toBeGreaterThan(w.a.pickupAt! + 3 * 60_000);
  });

  it("cost a driver with no vehicle no more KV reads than in drivers mode, and one with a vehicle but no plan one", async () => {
    const readsOf = async (t: TestApp, token: string) => {
      await report(t, token, INSIDE); // warms what is reused between reports
      const spies = [vi.spyOn(t.kv, "get"), vi.spyOn(t.kv, "getMany"), vi.spyOn(t.kv, "list")];
      expect((await report(t, token, CENTRE)).status).toBe(200);
      const n = spies.reduce((sum, s) => sum + s.mock.calls.length, 0);
      vi.restoreAllMocks();
      return n;
    };
    using drivers = await makeApp();
    const d = await rideWorld(drivers);
    const inDriversMode = await readsOf(drivers, d.driver.token);

    using automatic = await makeApp();
    const w = await automaticWorld(automatic);
    const put_ = (body: Record<string, unknown>) =>
      automatic.request("/greer/api/drivers/availability", put(w.driver.token, body));
    expect((await put_({ isAvailable: true, location: CENTRE })).status).toBe(200);
    expect(await readsOf(automatic, w.driver.token)).toBe(inDriversMode);
    expect((await put_({ isAvailable: true, location: CENTRE, vehicleId: w.van })).status).toBe(200);
    expect(await readsOf(automatic, w.driver.token)).toBe(inDriversMode + 1);
  });
});
