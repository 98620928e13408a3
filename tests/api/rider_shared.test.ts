/**
 * The rider's ride in automatic dispatch (GET /{t}/api/rides/my and the ride texts): the vehicle's name, whether the
 * ride is shared, the pickup window and the planned times, and nothing of any other rider; the arrival time and the
 * near/here texts follow the plan, not a straight line from the driver.
 */
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { getPlan } from "../../kv/plans.ts";
import { createVehicle } from "../../kv/vehicles.ts";
import type { Ride } from "../../lib/rides.ts";
import { bearer, makeApp } from "../helpers/app.ts";
import { CENTRE, move, post, put, rideWorld, type TestApp } from "../helpers/rides.ts";

const MIN = 60_000;

/** A point `north` km north and `east` km east of downtown Greer. */
function at(north: number, east: number) {
  return {
    lat: CENTRE.lat + north / 111.2,
    lng: CENTRE.lng + east / (111.2 * Math.cos((CENTRE.lat * Math.PI) / 180)),
  };
}

async function ok(res: Response | Promise<Response>, status = 200) {
  const answer = await res;
  if (answer.status !== status) throw new Error(`answered ${answer.status}: ${await answer.text()}`);
  return answer;
}

/** Automatic mode over 20 km with Van A (its driver online 0.5 km west of downtown); the second driver offline. */
async function oneVan(t: TestApp, settings: Record<string, unknown> = {}) {
  const world = await rideWorld(t);
  await ok(t.request(
    "/greer/api/admin/settings",
    put(world.admin.token, {
      dispatchMode: "automatic",
      serviceArea: { ...CENTRE, radiusMeters: 20_000, label: "Greer" },
      ...settings,
    }),
  ));
  const made = await createVehicle(t.kv, "greer", { name: "Van A", seats: 12, wheelchairSpaces: 0 }, "test", 0);
  if (!made.ok) throw new Error(made.reason);
  const van = made.vehicle.id;
  await ok(t.request(
    "/greer/api/drivers/availability",
    put(world.driver.token, { isAvailable: true, location: at(0, -0.5), vehicleId: van }),
  ));
  await ok(t.request("/greer/api/drivers/availability", put(world.driver2.token, { isAvailable: false })));
  // Names the other rider could leak by.
  await ok(t.request("/api/users/profile", put(world.rider.token, { name: "Ana Ruiz" })));
  await ok(t.request("/api/users/profile", put(world.rider2.token, { name: "Ben Ortiz" })));
  return { ...world, van };
}

async function ask(t: TestApp, token: string, body: Record<string, unknown>): Promise<Ride> {
  const res = await ok(t.request("/greer/api/rides", post(token, { passengerCt: 1, ...body })), 201);
  return (await res.json()).ride;
}

async function mine(t: TestApp, token: string) {
  const res = await ok(t.request("/greer/api/rides/my", bearer(token)));
  return { json: await res.clone().text(), ride: await res.json() };
}

const settle = () => new Promise((r) => setTimeout(r, 30));

describe("the rider's ride in automatic dispatch", () => {
  it("carries the vehicle's name, shared, the window and the planned times, and nothing of the other rider", async () => {
    using t = await makeApp();
    const { rider, rider2 } = await oneVan(t);
    // Points whose latitudes are not the driver's (the payload carries where the driver is).
    const first = await ask(t, rider.token, { pickup: at(0.05, 0), dropoff: at(0.05, 4), destination: "Mill" });
    const second = await ask(t, rider2.token, { pickup: at(0.2, 0.3), dropoff: at(0.2, 4.2), destination: "Depot" });
    expect(second.vehicleId).toBe(first.vehicleId);

    const a = await mine(t, rider.token);
    const b = await mine(t, rider2.token);
    for (const [view, own] of [[a, first], [b, second]] as const) {
      expect(view.ride).toMatchObject({ id: own.id, vehicleName: "Van A", shared: true });
      const { pickupAt, window } = view.ride as { pickupAt: number; window: { from: number; to: number } };
      // From 2 minutes before the planned pickup, on the minute, to no later than the tenant's wait of 15 minutes.
      expect(window.from).toBe(Math.floor((pickupAt - 2 * MIN) / MIN) * MIN);
      expect(window.to).toBeGreaterThanOrEqual(pickupAt);
      expect(window.to).toBeLessThanOrEqual(Math.ceil((pickupAt + 15 * MIN) / MIN) * MIN);
      expect(view.ride.dropoffAt).toBeGreaterThan(pickupAt);
    }
    // Each payload holds nothing of the other rider: no name, phone, ride, pickup or drop-off point, destination.
    const leaks = (json: string, other: Ride, name: string, phone: string) =>
      [other.id, name, phone, String(other.pickup.lat), String(other.dropoff!.lat), other.destination ?? other.id]
        .filter((s) => json.includes(s));
    expect(leaks(a.json, second, "Ben Ortiz", "8645550143")).toEqual([]);
    expect(leaks(b.json, first, "Ana Ruiz", "8645550142")).toEqual([]);
    // Its own facts are there, so the check above could find the other's.
    expect(leaks(a.json, first, "Ana Ruiz", "8645550142").length).toBeGreaterThanOrEqual(4);
  });

  it("still says shared once the other rider is dropped off, and keeps it on the ride", async () => {
    using t = await makeApp();
    const { rider, rider2, driver, van } = await oneVan(t);
    const first = await ask(t, rider.token, { pickup: at(0.05, 0), dropoff: at(0.05, 4), destination: "Mill" });
    const second = await ask(t, rider2.token, { pickup: at(0.2, 0.3), dropoff: at(0.2, 4.2), destination: "Depot" });
    const token = { [first.id]: rider.token, [second.id]: rider2.token };
    // The driver follows the plan: every pickup before the first drop-off, then that drop-off.
    const stops = (await getPlan(t.kv, "greer", van)).value!.stops;
    const off = stops.find((s) => s.kind === "dropoff")!;
    for (const s of stops.slice(0, stops.indexOf(off))) {
      await ok(move(t, driver.token, s.rideId, "on-the-way"));
      await ok(move(t, driver.token, s.rideId, "arrived"));
    }
    await ok(move(t, driver.token, off.rideId, "completed"));
    const staying = off.rideId === first.id ? second.id : first.id;

    // The plan now holds the staying ride alone: it no longer says shared; the ride does.
    expect(new Set((await getPlan(t.kv, "greer", van)).value!.stops.map((s) => s.rideId))).toEqual(new Set([staying]));
    const view = (await mine(t, token[staying])).ride;
    expect(view).toMatchObject({ id: staying, status: "arrived", shared: true });
    // The ride as stored carries it, so a live update of the ride (the socket's) says it too.
    expect((await t.kv.get<Ride>(keys.ride("greer", staying))).value).toMatchObject({ shared: true });
  });

  it("says a ride alone is not shared, and a ride in drivers mode carries none of it", async () => {
    using t = await makeApp();
    const { rider } = await oneVan(t);
    await ask(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 4), destination: "Mill" });
    expect((await mine(t, rider.token)).ride).toMatchObject({ vehicleName: "Van A", shared: false });

    using t2 = await makeApp();
    const world = await rideWorld(t2);
    await ask(t2, world.rider.token, { pickup: CENTRE, destination: "Mill" });
    const plain = (await mine(t2, world.rider.token)).ride;
    expect(plain.status).toBe("pending");
    expect("vehicleName" in plain || "shared" in plain || "window" in plain).toBe(false);
  });

  it("texts the vehicle, the planned time and the window when the ride is accepted, in the rider's language", async () => {
    using t = await makeApp();
    const { rider } = await oneVan(t);
    await ok(t.request("/api/users/profile", put(rider.token, { language: "es" })));
    await ask(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 4), destination: "Mill" });
    await settle();
    const texts = t.sms.sent.filter((m) => m.to === "8645550142").map((m) => m.body);
    const accepted = /^City of Greer: su vehículo \(Van A\) lo recogerá hacia las .+ \(entre .+ y .+\)\. STOP/;
    expect(texts.filter((b) => accepted.test(b)), texts.join("\n")).toHaveLength(1);
  });

  it("times the wait by the plan: a driver dropping someone off first is not near, nor here", async () => {
    using t = await makeApp();
    // No detour for a rider aboard: the second rider is picked up only after the first is dropped off.
    const { rider, rider2, driver } = await oneVan(t, { maxRideFactor: 1, maxRideExtraMinutes: 0 });
    const first = await ask(t, rider.token, { pickup: at(0, -0.5), dropoff: at(0, 1.5), destination: "Mill" });
    await ok(move(t, driver.token, first.id, "on-the-way"));
    await ok(move(t, driver.token, first.id, "arrived"));
    const second = await ask(t, rider2.token, { pickup: at(0, -0.45), dropoff: at(0, -3), destination: "Depot" });
    expect(second.vehicleId).toBe(first.vehicleId);
    await settle();

    // The driver reports a position 50 m from the second rider's pickup, on the way east to drop the first.
    t.clock.advance(10_000);
    await ok(t.request("/greer/api/users/location", put(driver.token, { location: at(0, -0.5) })));
    await settle();
    const view = (await mine(t, rider2.token)).ride;
    expect(view.etaMinutes).toBeGreaterThan(2);
    expect(view.etaMinutes).toBe(Math.ceil((view.pickupAt - t.clock.now()) / MIN));
    const toRider2 = t.sms.sent.filter((m) => m.to === "8645550143" && m.body.startsWith("City")).map((m) => m.body);
    expect(toRider2.filter((b) => /min away|is here/.test(b))).toEqual([]);
    // What they were told: the vehicle and the plan's time.
    expect(toRider2).toEqual([
      expect.stringMatching(/^City of Greer: your shuttle \(Van A\) will pick you up at about/),
    ]);
  });
});
