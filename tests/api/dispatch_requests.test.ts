/**
 * Automatic dispatch of ride requests (POST /{t}/api/rides with dispatchMode "automatic"): a ride for now is planned
 * at once into an online vehicle's plan and answered accepted with its driver, vehicle and planned times, or refused
 * with 409 and nothing stored; riders going the same way share a van, a wheelchair user rides only where there is a
 * wheelchair space, pooling off keeps one ride at a time, and the plan calls answer the plans.
 *
 * The tenant's area is widened to 20 km round downtown Greer so the vehicles can be kilometres apart.
 */
import { afterEach, describe, expect, it } from "vitest";
import { setDriverState } from "../../kv/drivers.ts";
import { keys } from "../../kv/keys.ts";
import { DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import { getPlan, readFleetOf, type VehiclePlan } from "../../kv/plans.ts";
import { writePlan } from "../../kv/rides.ts";
import { timedPlan } from "../../domain/dispatch/place.ts";
import { createVehicle } from "../../kv/vehicles.ts";
import type { Ride } from "../../lib/rides.ts";
import { bearer, makeApp, signIn } from "../helpers/app.ts";
import { startFakeOsrm } from "../helpers/fake_osrm.ts";
import { LiveClient, serve, waitFor } from "../helpers/live.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { CENTRE, move, post, put, rideWorld, type TestApp } from "../helpers/rides.ts";

const MIN = 60_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A point `north` km north and `east` km east of downtown Greer. */
function at(north: number, east: number) {
  return {
    lat: CENTRE.lat + north / 111.2,
    lng: CENTRE.lng + east / (111.2 * Math.cos((CENTRE.lat * Math.PI) / 180)),
  };
}

async function automatic(t: TestApp, token: string, settings: Record<string, unknown> = {}) {
  const res = await t.request(
    "/greer/api/admin/settings",
    put(token, {
      dispatchMode: "automatic",
      serviceArea: { ...CENTRE, radiusMeters: 20_000, label: "Greer" },
      ...settings,
    }),
  );
  if (res.status !== 200) throw new Error(`settings answered ${res.status}: ${await res.text()}`);
}

async function vehicle(t: TestApp, name: string, seats = 12, wheelchairSpaces = 0): Promise<string> {
  const made = await createVehicle(t.kv, "greer", { name, seats, wheelchairSpaces }, "test", t.clock.now());
  if (!made.ok) throw new Error(made.reason);
  return made.vehicle.id;
}

async function drive(t: TestApp, token: string, vehicleId: string | null, location: { lat: number; lng: number }) {
  const res = await t.request(
    "/greer/api/drivers/availability",
    put(token, { isAvailable: true, location, vehicleId }),
  );
  if (res.status !== 200) throw new Error(`availability answered ${res.status}: ${await res.text()}`);
}

function ask(t: TestApp, token: string, body: Record<string, unknown>, lang = "en") {
  const init = post(token, { passengerCt: 1, ...body });
  const headers = new Headers(init.headers);
  headers.set("accept-language", lang);
  return t.request("/greer/api/rides", { ...init, headers });
}

async function asked(t: TestApp, token: string, body: Record<string, unknown>): Promise<Ride> {
  const res = await ask(t, token, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).ride;
}

const planOf = async (t: TestApp, vehicleId: string): Promise<VehiclePlan | null> =>
  (await getPlan(t.kv, "greer", vehicleId)).value;
const order = (plan: VehiclePlan | null) => plan?.stops.map((s) => `${s.rideId.slice(-4)}:${s.kind}`) ?? [];
const tag = (ride: Ride, kind: string) => `${ride.id.slice(-4)}:${kind}`;

/** Two vans (A on the west edge of downtown, B 3 km west), each with a driver online, in automatic mode. */
async function twoVans(t: TestApp, settings: Record<string, unknown> = {}) {
  const world = await rideWorld(t);
  await automatic(t, world.admin.token, settings);
  const a = await vehicle(t, "Van A");
  const b = await vehicle(t, "Van B");
  await drive(t, world.driver.token, a, at(0, -0.5));
  await drive(t, world.driver2.token, b, at(0, -3));
  return { ...world, a, b };
}

describe("automatic dispatch: a ride for now", () => {
  it("is planned into the nearest vehicle and answered 201 accepted, with its driver, vehicle and planned times", async () => {
    using t = await makeApp();
    const { rider, driver, a } = await twoVans(t);
    const now = t.clock.now();
    const res = await ask(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 3), destination: "Mill" });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const { ride } = await res.json();
    expect(ride).toMatchObject({
      status: "accepted",
      assignedDriverId: driver.user.id,
      vehicleId: a,
      acceptedAt: now,
      requestedAt: now,
    });
    // 0.5 km at 25 km/h × 1.4: about 1.7 minutes away; then 3 km, with a minute at the pickup.
    expect(ride.pickupAt).toBeGreaterThan(now + MIN);
    expect(ride.pickupAt).toBeLessThan(now + 2 * MIN);
    expect(ride.dropoffAt - ride.pickupAt).toBeGreaterThan(11 * MIN);
    expect(ride.dropoffAt - ride.pickupAt).toBeLessThan(12 * MIN);

    // Stored: the ride, the vehicle's plan, and the rider's and driver's views of them.
    expect((await t.kv.get<Ride>(keys.ride("greer", ride.id))).value).toEqual(ride);
    const plan = await planOf(t, a);
    expect(plan).toMatchObject({ vehicleId: a, driverId: driver.user.id });
    expect(order(plan)).toEqual([tag(ride, "pickup"), tag(ride, "dropoff")]);
    const mine = await (await t.request("/greer/api/rides/my", bearer(rider.token))).json();
    expect(mine).toMatchObject({ id: ride.id, status: "accepted", vehicleId: a, pickupAt: ride.pickupAt });
    const driverPlan = await t.request("/greer/api/drivers/plan", bearer(driver.token));
    expect(driverPlan.status).toBe(200);
    expect(await driverPlan.json()).toEqual({
      vehicle: { id: a, name: "Van A", seats: 12, wheelchairSpaces: 0 },
      stops: [
        {
          rideId: ride.id,
          kind: "pickup",
          point: at(0, 0),
          name: null,
          passengerCt: 1,
          needs: [],
          plannedAt: ride.pickupAt,
        },
        {
          rideId: ride.id,
          kind: "dropoff",
          point: at(0, 3),
          name: "Mill",
          passengerCt: 1,
          needs: [],
          plannedAt: ride.dropoffAt,
        },
      ],
    });
    // The rider is texted which shuttle comes and when, as when a driver accepts.
    await new Promise((r) => setTimeout(r, 20));
    expect(t.sms.sent.some((m) => m.to === "8645550142" && /your shuttle \(Van A\) will pick you up/.test(m.body)))
      .toBe(true);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("puts two riders going the same way into one van, the first rider's times moved for the second", async () => {
    using t = await makeApp();
    const { rider, rider2, a } = await twoVans(t);
    const first = await asked(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 4) });
    const second = await asked(t, rider2.token, { pickup: at(0.2, 0.3), dropoff: at(0.2, 4.2) });
    expect([first.vehicleId, second.vehicleId]).toEqual([a, a]);
    expect(second.assignedDriverId).toBe(first.assignedDriverId);
    const plan = await planOf(t, a);
    expect(order(plan)).toEqual([
      tag(first, "pickup"),
      tag(second, "pickup"),
      tag(first, "dropoff"),
      tag(second, "dropoff"),
    ]);
    // The first rider's drop-off is later now, and their ride record says so (their screen follows it).
    const firstNow = (await t.kv.get<Ride>(keys.ride("greer", first.id))).value!;
    expect(firstNow.dropoffAt).toBe(plan!.stops[2].plannedAt);
    expect(firstNow.dropoffAt! - first.dropoffAt!).toBeGreaterThanOrEqual(MIN);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("sends a rider going the opposite way to the other vehicle when sharing would break the ride limit, and refuses them when there is none", async () => {
    using t = await makeApp();
    const { rider, rider2, driver2, a, b } = await twoVans(t, { maxRideFactor: 1, maxRideExtraMinutes: 0 });
    const east = await asked(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 4) });
    expect(east.vehicleId).toBe(a);
    const west = await asked(t, rider2.token, { pickup: at(0, 0.1), dropoff: at(0, -4) });
    expect(west.vehicleId).toBe(b);
    expect(order(await planOf(t, a))).toEqual([tag(east, "pickup"), tag(east, "dropoff")]);

    // Van B's driver goes offline: the rider going west cannot ride with the one going east.
    using t2 = await makeApp();
    const two = await twoVans(t2, { maxRideFactor: 1, maxRideExtraMinutes: 0 });
    await t2.request("/greer/api/drivers/availability", put(two.driver2.token, { isAvailable: false }));
    await asked(t2, two.rider.token, { pickup: at(0, 0), dropoff: at(0, 4) });
    const refused = await ask(t2, two.rider2.token, { pickup: at(0, 0.1), dropoff: at(0, -4) });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "No shuttle can pick you up within 15 minutes. Try again soon or book for later.",
    });
    void driver2;
  });

  it("takes its times from ROUTING_URL's /table when set, in one call", async () => {
    const osrm = startFakeOsrm();
    cleanups.push(() => osrm.stop());
    osrm.state.seconds = 240;
    using t = await makeApp({ ROUTING_URL: osrm.url });
    const { rider } = await twoVans(t);
    osrm.state.requests.length = 0;
    const now = t.clock.now();
    const ride = await asked(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 3) });
    // Every leg is 4 minutes on this service; a stop takes a minute.
    expect([ride.pickupAt, ride.dropoffAt]).toEqual([now + 4 * MIN, now + 9 * MIN]);
    expect(osrm.state.requests.filter((r) => r.startsWith("/table/"))).toHaveLength(1);
  });

  it("answers 409 in the rider's language with the tenant's longest wait when no vehicle can come in time, and stores nothing", async () => {
    using t = await makeApp();
    const { rider, admin, driver } = await rideWorld(t);
    await automatic(t, admin.token, { maxWaitMinutes: 10 });
    const van = await vehicle(t, "Van A");
    // 8 km away: about 27 minutes at 25 km/h × 1.4.
    await drive(t, driver.token, van, at(8, 0));
    const head = (await t.kv.get(keys.feedHead("greer"))).value;
    const res = await ask(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 2) }, "es");
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({
      error: "Ningún vehículo puede recogerle en menos de 10 minutos. Inténtelo pronto o reserve para más tarde.",
    });
    const english = await ask(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 2) });
    expect((await english.json()).error).toBe(
      "No shuttle can pick you up within 10 minutes. Try again soon or book for later.",
    );
    // Nothing stored: no ride, no plan, no feed entry, no active ride for the rider.
    const rides = await Array.fromAsync(t.kv.list({ prefix: keys.rides("greer") }));
    expect(rides).toEqual([]);
    expect(await planOf(t, van)).toBeNull();
    expect((await t.kv.get(keys.feedHead("greer"))).value).toEqual(head);
    expect(await (await t.request("/greer/api/rides/my", bearer(rider.token))).json()).toBeNull();
  });

  it("refuses 409 when no driver with a vehicle is online", async () => {
    using t = await makeApp();
    const { rider, admin } = await rideWorld(t);
    await automatic(t, admin.token);
    // Both drivers are online, but neither drives a vehicle.
    const res = await ask(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 2) });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: "No shuttle can pick you up within 15 minutes. Try again soon or book for later.",
    });
  });

  it("places a wheelchair user only in a vehicle with a wheelchair space", async () => {
    using t = await makeApp();
    const { rider, rider2, admin, driver, driver2 } = await rideWorld(t);
    await automatic(t, admin.token);
    const car = await vehicle(t, "Car", 6, 0);
    const van = await vehicle(t, "Van", 12, 2);
    await drive(t, driver.token, car, at(0, 0.2));
    await drive(t, driver2.token, van, at(0, -3));
    const chair = await asked(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 2), needs: ["wheelchair"] });
    expect(chair.vehicleId).toBe(van);
    // Without the van, a wheelchair user is refused, while another rider still rides in the car.
    await t.request("/greer/api/drivers/availability", put(driver2.token, { isAvailable: false }));
    const rider3 = await signIn(t, "8645550144", "greer");
    const refused = await ask(t, rider3.token, { pickup: at(0, 0), dropoff: at(0, 2), needs: ["wheelchair"] });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: "No wheelchair-accessible shuttle is available right now." });
    expect((await asked(t, rider2.token, { pickup: at(0, 0), dropoff: at(0, 2) })).vehicleId).toBe(car);
  });

  it("with pooling off, puts a second ride after the first one's drop-off, the first one's times unchanged", async () => {
    using t = await makeApp();
    const { rider, rider2, admin, driver } = await rideWorld(t);
    await automatic(t, admin.token, { pooling: false, maxWaitMinutes: 30 });
    const van = await vehicle(t, "Van A");
    await drive(t, driver.token, van, at(0, -0.5));
    const first = await asked(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 2) });
    const second = await asked(t, rider2.token, { pickup: at(0.1, 0.1), dropoff: at(0.1, 2) });
    expect(order(await planOf(t, van))).toEqual([
      tag(first, "pickup"),
      tag(first, "dropoff"),
      tag(second, "pickup"),
      tag(second, "dropoff"),
    ]);
    expect(second.pickupAt).toBeGreaterThan(first.dropoffAt!);
    const firstNow = (await t.kv.get<Ride>(keys.ride("greer", first.id))).value!;
    expect([firstNow.pickupAt, firstNow.dropoffAt]).toEqual([first.pickupAt, first.dropoffAt]);
  });

  it("plans two requests made at once into the one van: the one that lost the plan's commit plans again", async () => {
    using t = await makeApp();
    const { rider, rider2, admin, driver } = await rideWorld(t);
    await automatic(t, admin.token);
    const van = await vehicle(t, "Van A");
    await drive(t, driver.token, van, at(0, -0.5));
    const answers = await Promise.all([
      ask(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 3) }),
      ask(t, rider2.token, { pickup: at(0.1, 0.2), dropoff: at(0.1, 3) }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const plan = await planOf(t, van);
    expect(plan!.stops).toHaveLength(4);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("needs a drop-off point: a typed destination alone is 400 in the rider's language, and fine in drivers mode", async () => {
    using t = await makeApp();
    const { rider, admin, driver } = await rideWorld(t);
    const body = { pickup: CENTRE, destination: "City Hall" };
    // Drivers mode (the default): as always.
    const before = await ask(t, rider.token, body);
    expect(before.status).toBe(201);
    expect((await before.json()).ride).toMatchObject({ status: "pending", dropoff: null });
    await move(
      t,
      rider.token,
      (await (await t.request("/greer/api/rides/my", bearer(rider.token))).json()).id,
      "canceled",
    );
    await automatic(t, admin.token);
    await drive(t, driver.token, await vehicle(t, "Van A"), at(0, -0.5));
    const en = await ask(t, rider.token, body);
    expect([en.status, await en.json()]).toEqual([400, {
      error: "Please select a destination on the map or choose a place.",
    }]);
    const es = await ask(t, rider.token, body, "es");
    expect([es.status, await es.json()]).toEqual([400, {
      error: "Seleccione un destino en el mapa o elija un lugar.",
    }]);
    // A booking ahead needs one too: it is planned at its hand-over.
    const booked = await ask(t, rider.token, { ...body, scheduledFor: t.clock.now() + 60 * MIN });
    expect(booked.status).toBe(400);
    // The screen's usual request, a point on the map, is planned.
    expect((await ask(t, rider.token, { pickup: CENTRE, dropoff: at(0, 1) })).status).toBe(201);
  });
});

describe("automatic dispatch: live", () => {
  it("brings the assignment to the driver's and the rider's sockets, and a pooled rider's new time to the first rider's", async () => {
    using t = await makeApp();
    const { rider, rider2, driver } = await twoVans(t);
    const server = serve(t.app);
    const sockets = [
      new LiveClient(server.ws(`/greer/ws/drivers?token=${encodeURIComponent(driver.token)}`)),
      new LiveClient(server.ws(`/greer/ws/riders?token=${encodeURIComponent(rider.token)}`)),
    ];
    cleanups.push(async () => {
      await Promise.all(sockets.map((c) => c.close()));
      await server.stop();
    });
    const [driverSocket, riderSocket] = sockets;
    expect(await Promise.all(sockets.map((c) => c.opened))).toEqual([true, true]);
    const first = await asked(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 4) });
    const assigned = (c: LiveClient) =>
      c.rideMessages().some((m) => m.ride.id === first.id && m.ride.status === "accepted" && m.ride.vehicleId);
    await waitFor(() => assigned(driverSocket) && assigned(riderSocket), "the planned ride on both sockets", 2000);

    const second = await asked(t, rider2.token, { pickup: at(0.2, 0.3), dropoff: at(0.2, 4.2) });
    expect(second.vehicleId).toBe(first.vehicleId);
    const retimed = (await t.kv.get<Ride>(keys.ride("greer", first.id))).value!;
    expect(retimed.dropoffAt).not.toBe(first.dropoffAt);
    await waitFor(
      () => riderSocket.rideMessages().some((m) => m.ride.id === first.id && m.ride.dropoffAt === retimed.dropoffAt),
      "the first rider's new drop-off time on their socket",
      2000,
    );
    await waitFor(
      () => driverSocket.rideMessages().some((m) => m.ride.id === second.id),
      "the second ride on the driver's socket",
      2000,
    );
  });
});

describe("automatic dispatch: a driver accepting a waiting ride by hand", () => {
  it("puts it into their vehicle's plan", async () => {
    using t = await makeApp();
    const { rider, admin, driver } = await rideWorld(t);
    // Asked while drivers chose their rides; the tenant then turns automatic dispatch on.
    const pending = await asked(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 0.5) });
    expect(pending.status).toBe("pending");
    await automatic(t, admin.token);
    const van = await vehicle(t, "Van A");
    await drive(t, driver.token, van, at(0, -0.3));
    const res = await move(t, driver.token, pending.id, "accepted");
    expect(res.status).toBe(200);
    const ride = (await t.kv.get<Ride>(keys.ride("greer", pending.id))).value!;
    expect(ride).toMatchObject({ status: "accepted", assignedDriverId: driver.user.id, vehicleId: van });
    expect(order(await planOf(t, van))).toEqual([tag(ride, "pickup"), tag(ride, "dropoff")]);
    expect(ride.pickupAt).toBe((await planOf(t, van))!.stops[0].plannedAt);
  });

  it("takes a wheelchair user's ride only into a vehicle with a wheelchair space, whatever the driver last said", async () => {
    using t = await makeApp();
    const { rider, admin, driver, driver2 } = await rideWorld(t);
    // The first driver says their vehicle takes a wheelchair (drivers mode asks them); the second never did.
    await t.request(
      "/greer/api/drivers/availability",
      put(driver.token, { isAvailable: true, wheelchairAccessible: true }),
    );
    const pending = await asked(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 0.5), needs: ["wheelchair"] });
    await automatic(t, admin.token);
    const car = await vehicle(t, "Car", 4, 0);
    const van = await vehicle(t, "Van", 8, 1);
    await drive(t, driver.token, car, at(0, -0.3));
    await drive(t, driver2.token, van, at(0, -0.3));
    const refused = await move(t, driver.token, pending.id, "accepted");
    expect([refused.status, await refused.json()]).toEqual([409, {
      error: "This ride needs a vehicle that takes a wheelchair.",
    }]);
    expect(await planOf(t, car)).toBeNull();
    expect((await move(t, driver2.token, pending.id, "accepted")).status).toBe(200);
    expect((await t.kv.get<Ride>(keys.ride("greer", pending.id))).value).toMatchObject({
      status: "accepted",
      vehicleId: van,
    });
  });
});

describe("automatic dispatch: rides that ended", () => {
  it("keep their record when a new ride moves the times of the plan they are still in", async () => {
    using t = await makeApp();
    const { rider, rider2, a } = await twoVans(t);
    const first = await asked(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 4) });
    expect((await move(t, rider.token, first.id, "canceled")).status).toBe(200);
    const canceled = (await t.kv.get<Ride>(keys.ride("greer", first.id))).value!;
    // The same rider asks again, and another rider joins: the van's plan is re-timed each time.
    const again = await asked(t, rider.token, { pickup: at(0, 0.1), dropoff: at(0, 4) });
    await asked(t, rider2.token, { pickup: at(0.2, 0.3), dropoff: at(0.2, 4.2) });
    expect(again.vehicleId).toBe(a);
    expect((await t.kv.get<Ride>(keys.ride("greer", first.id))).value).toEqual(canceled);
    expect(await (await t.request("/greer/api/rides/my", bearer(rider.token))).json()).toMatchObject({
      id: again.id,
      status: "accepted",
    });
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });
});

describe("the plan store", () => {
  it("times a plan again from where its driver now is and writes it with the rides whose times moved, checked as read", async () => {
    using t = await makeApp();
    const { rider, driver, a } = await twoVans(t);
    const ride = await asked(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 4) });
    // The driver went the wrong way: 2 km further from the pickup. The position goes straight to the store, so the
    // plan is re-timed here by the calls under test, not by the location route's own re-timing.
    t.clock.advance(MIN);
    const now = t.clock.now();
    await setDriverState(t.kv, {
      tenant: "greer",
      timeZone: "America/New_York",
      userId: driver.user.id,
      location: at(0, -2.5),
      now,
    });
    const fleet = (await readFleetOf(t.kv, "greer", driver.user.id, now))!;
    const settings = { maxWaitMinutes: 15, maxRideFactor: 1.5, maxRideExtraMinutes: 10, pooling: true };
    const timed = await timedPlan("greer", fleet, settings, now);
    const write = { entry: fleet.entry, ...timed, driver: { name: null, phoneNumber: DEMO_DRIVER_PHONE } };
    const head = (await t.kv.get<number>(keys.feedHead("greer"))).value!;
    expect(await writePlan(t.kv, write, now)).toBe(true);
    const later = (await t.kv.get<Ride>(keys.ride("greer", ride.id))).value!;
    expect(later.pickupAt! - ride.pickupAt!).toBeGreaterThan(4 * MIN);
    expect(later.pickupAt).toBe(timed.times.get(ride.id)!.pickupAt);
    expect(later.updatedAt).toBe(now);
    expect((await planOf(t, a))!.stops.map((s) => s.plannedAt)).toEqual([later.pickupAt, later.dropoffAt]);
    expect((await t.kv.get<number>(keys.feedHead("greer"))).value).toBe(head + 1);
    // The same write again was made against a plan that has moved since: refused, nothing written.
    expect(await writePlan(t.kv, write, now)).toBe(false);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });
});

describe("the plan calls", () => {
  it("answer a driver without a vehicle no vehicle and no stops, and admins every online vehicle's plan with its driver", async () => {
    using t = await makeApp();
    const { rider, admin, driver, driver2 } = await rideWorld(t);
    await automatic(t, admin.token);
    const none = await t.request("/greer/api/drivers/plan", bearer(driver2.token));
    expect([none.status, await none.json()]).toEqual([200, { vehicle: null, stops: [] }]);
    const van = await vehicle(t, "Van A", 8, 1);
    await drive(t, driver.token, van, at(0, -0.5));
    const ride = await asked(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 1) });
    const res = await t.request("/greer/api/admin/plans", bearer(admin.token));
    expect(res.status).toBe(200);
    const plans = await res.json();
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({
      vehicle: { id: van, name: "Van A", seats: 8, wheelchairSpaces: 1 },
      driver: { id: driver.user.id, phoneNumber: DEMO_DRIVER_PHONE },
      updatedAt: t.clock.now(),
    });
    expect(plans[0].stops.map((s: { rideId: string; kind: string }) => `${s.rideId}:${s.kind}`)).toEqual([
      `${ride.id}:pickup`,
      `${ride.id}:dropoff`,
    ]);
    expect((await t.request("/greer/api/admin/plans", bearer(rider.token))).status).toBe(403);
    expect((await t.request("/greer/api/drivers/plan", bearer(rider.token))).status).toBe(403);
  });
});
