/**
 * A driver going offline in automatic dispatch (PUT /{t}/api/drivers/availability {isAvailable: false}) hands the
 * rides planned but not picked up to other vehicles where they fit, with their new driver, vehicle and times, and the
 * rider told the new pickup time; a ride no vehicle can take goes back to pending with no driver and its rider is
 * told. With riders aboard the driver is refused (409). In drivers mode nothing of this happens.
 */
import { describe, expect, it } from "vitest";
import { DRIVER_STALE_MS, getDriverState } from "../../kv/drivers.ts";
import { startHandOvers } from "../../server/hand_over.ts";
import { noticeDeps } from "../../server/rider_updates.ts";
import { keys } from "../../kv/keys.ts";
import { bearer, makeApp } from "../helpers/app.ts";
import { waitFor } from "../helpers/live.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { automaticWorld, availability, drive, plannedRide, planOf, rideOf, stopsOf } from "../helpers/plans.ts";
import { CENTRE, INSIDE, move, put, requestRide, rideWorld, type TestApp } from "../helpers/rides.ts";

const B_PICKUP = { lat: 34.9395, lng: -82.2265 };
const B_DROPOFF = { lat: 34.9340, lng: -82.2310 };
/** About 2 km south of the centre: a car there is several minutes further from the pickups than the van. */
const SOUTH = { lat: 34.9207, lng: -82.2271 };

/** A signed-in person's phone number as stored. */
const phoneOf = (user: { id: string }) => (user as { id: string; phoneNumber: string }).phoneNumber;

/** The ride texts sent to `phone`, in order. */
const textsTo = (t: TestApp, phone: string) =>
  t.sms.sent.filter((m) => m.to === phone && m.body.startsWith("City of Greer: ")).map((m) => m.body);

async function vanWithTwo(t: TestApp, { wheelchair = false } = {}) {
  const w = await automaticWorld(t);
  await availability(t, w.driver.token, {
    isAvailable: true,
    location: CENTRE,
    vehicleId: w.van,
    wheelchairAccessible: true,
  });
  const a = await plannedRide(t, w.rider.token, { pickup: INSIDE, ...(wheelchair && { needs: ["wheelchair"] }) });
  const b = await plannedRide(t, w.rider2.token, { pickup: B_PICKUP, dropoff: B_DROPOFF });
  expect([a.vehicleId, b.vehicleId]).toEqual([w.van, w.van]);
  return { ...w, a, b };
}

const offline = (t: TestApp, token: string, lang = "en") =>
  t.request("/greer/api/drivers/availability", {
    ...put(token, { isAvailable: false }),
    headers: { ...put(token, {}).headers as Record<string, string>, "accept-language": lang },
  });

describe("a driver going offline in automatic dispatch", () => {
  it("hands the rides not yet picked up to another vehicle, with its driver and times, and tells each rider the new pickup time", async () => {
    using t = await makeApp();
    const w = await vanWithTwo(t);
    await t.request("/api/users/profile", put(w.rider2.token, { language: "es" }));
    expect((await move(t, w.driver.token, w.a.id, "on-the-way")).status).toBe(200);
    // The ride's texts go after each answer, in the background (the van is close: "about 2 min away"); a driver going
    // offline comes after they are sent, and the text saying the ride moved must be the last.
    await waitFor(() => textsTo(t, phoneOf(w.rider.user)).some((m) => m.includes("2 min away")), "the near text");
    await drive(t, w.driver2.token, w.car, SOUTH);

    const res = await offline(t, w.driver.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ isAvailable: false });
    expect(await planOf(t, w.van)).toBeNull();
    const car = await planOf(t, w.car);
    expect(stopsOf(car, { [w.a.id]: "a", [w.b.id]: "b" }).sort()).toEqual(
      ["a dropoff", "a pickup", "b dropoff", "b pickup"],
    );
    for (const before of [w.a, w.b]) {
      const ride = await rideOf(t, before.id);
      const pickup = car!.stops.find((s) => s.rideId === ride.id && s.kind === "pickup")!;
      expect(ride).toMatchObject({
        status: "accepted",
        assignedDriverId: w.driver2.user.id,
        driverPhone: phoneOf(w.driver2.user),
        vehicleId: w.car,
        pickupAt: pickup.plannedAt,
        onTheWayAt: null,
      });
      // Further away: later than the van would have come.
      expect(ride.pickupAt!).toBeGreaterThan(before.pickupAt! + 60_000);
    }
    // The first driver no longer holds the rides, nor the one they were on the way to.
    expect((await t.kv.get(keys.driverInProgress("greer", w.driver.user.id))).value).toBeNull();
    const held = [];
    for await (const e of t.kv.list({ prefix: keys.driverActives("greer", w.driver.user.id) })) held.push(e.key);
    expect(held).toEqual([]);
    const mine = await (await t.request("/greer/api/rides/my", bearer(w.rider.token))).json();
    expect(mine).toMatchObject({ id: w.a.id, status: "accepted", vehicleId: w.car });
    expect(await rideIndexProblems(t.kv)).toEqual([]);

    expect(textsTo(t, phoneOf(w.rider.user)).at(-1)).toMatch(
      /^City of Greer: your ride moved to another shuttle\. .+ will pick you up at about \d{1,2}:\d\d [AP]M\.$/,
    );
    expect(textsTo(t, phoneOf(w.rider2.user)).at(-1)).toMatch(
      /^City of Greer: su viaje pasó a otro vehículo\. Hacia las \d{1,2}:\d\d [ap]\. ?m\. lo recogerá .+\.$/,
    );
  });

  it("puts a ride no vehicle can take back to pending with no driver and tells its rider; the other goes on", async () => {
    using t = await makeApp();
    // Rider 1 uses a wheelchair: the van has spaces, the car none.
    const w = await vanWithTwo(t, { wheelchair: true });
    // Planned together in the van, neither aboard yet.
    expect([(await rideOf(t, w.a.id)).shared, (await rideOf(t, w.b.id)).shared]).toEqual([true, true]);
    await drive(t, w.driver2.token, w.car, SOUTH);
    expect((await offline(t, w.driver.token)).status).toBe(200);

    const a = await rideOf(t, w.a.id);
    expect(a).toMatchObject({ status: "pending", assignedDriverId: null, driverName: null, driverPhone: null });
    expect(a.vehicleId).toBeUndefined();
    expect(a.pickupAt).toBeUndefined();
    expect(await rideOf(t, w.b.id)).toMatchObject({ status: "accepted", vehicleId: w.car });
    // Neither rode beside the other: a ride handed back is shared only as its new plan says (b rides alone now).
    expect([a.shared, (await rideOf(t, w.b.id)).shared]).toEqual([undefined, undefined]);
    expect(stopsOf(await planOf(t, w.car), { [w.b.id]: "b" })).toEqual(["b pickup", "b dropoff"]);
    const mine = await (await t.request("/greer/api/rides/my", bearer(w.rider.token))).json();
    expect(mine).toMatchObject({ id: w.a.id, status: "pending", assignedDriverId: null });
    expect(await rideIndexProblems(t.kv)).toEqual([]);
    expect(textsTo(t, phoneOf(w.rider.user)).at(-1)).toBe(
      "City of Greer: your driver went offline and no other shuttle can pick you up now. Your ride waits for a driver; you may cancel it.",
    );
  });

  it("with no other vehicle online, leaves every ride unassigned and tells each rider", async () => {
    using t = await makeApp();
    const w = await vanWithTwo(t);
    await t.request("/api/users/profile", put(w.rider2.token, { language: "es" }));
    expect((await offline(t, w.driver.token)).status).toBe(200);
    for (const id of [w.a.id, w.b.id]) {
      expect(await rideOf(t, id)).toMatchObject({ status: "pending", assignedDriverId: null });
    }
    expect(await planOf(t, w.van)).toBeNull();
    expect(textsTo(t, phoneOf(w.rider2.user)).at(-1)).toBe(
      "City of Greer: su conductor se desconectó y no hay otro vehículo para recogerlo ahora. Su viaje espera conductor o cancélelo.",
    );
  });

  it("is refused with 409 while a rider is aboard, in the driver's language, and changes nothing", async () => {
    using t = await makeApp();
    const w = await vanWithTwo(t);
    expect((await move(t, w.driver.token, w.a.id, "on-the-way")).status).toBe(200);
    expect((await move(t, w.driver.token, w.a.id, "arrived")).status).toBe(200);
    const plan = await planOf(t, w.van);
    const res = await offline(t, w.driver.token);
    expect([res.status, await res.json()]).toEqual([409, { error: "Drop off your riders before going offline" }]);
    expect((await (await offline(t, w.driver.token, "es")).json()).error).toBe(
      "Deje a sus pasajeros antes de desconectarse",
    );
    expect((await getDriverState(t.kv, "greer", w.driver.user.id))?.isAvailable).toBe(true);
    expect(await planOf(t, w.van)).toEqual(plan);
    expect(await rideOf(t, w.b.id)).toMatchObject({ status: "accepted", assignedDriverId: w.driver.user.id });
    // Once the rider is dropped off, the driver may go, and the ride still waiting is handed back.
    expect((await move(t, w.driver.token, w.a.id, "completed")).status).toBe(200);
    expect((await offline(t, w.driver.token)).status).toBe(200);
    expect(await rideOf(t, w.b.id)).toMatchObject({ status: "pending", assignedDriverId: null });
  });
});

describe("a driver going on in another vehicle in automatic dispatch", () => {
  it("takes the rides not yet picked up along where they fit, and is refused with 409 while a rider is aboard", async () => {
    using t = await makeApp();
    const w = await vanWithTwo(t);
    const change = (vehicleId: string, lang = "en") =>
      t.request("/greer/api/drivers/availability", {
        ...put(w.driver.token, { isAvailable: true, location: CENTRE, vehicleId }),
        headers: { ...put(w.driver.token, {}).headers as Record<string, string>, "accept-language": lang },
      });
    expect((await move(t, w.driver.token, w.a.id, "on-the-way")).status).toBe(200);
    expect((await move(t, w.driver.token, w.a.id, "arrived")).status).toBe(200);
    const res = await change(w.car);
    expect([res.status, await res.json()]).toEqual([409, { error: "Drop off your riders before changing vehicle" }]);
    expect((await (await change(w.car, "es")).json()).error).toBe("Deje a sus pasajeros antes de cambiar de vehículo");
    expect((await getDriverState(t.kv, "greer", w.driver.user.id))?.vehicleId).toBe(w.van);
    // Staying in the van is no change.
    expect((await change(w.van)).status).toBe(200);

    expect((await move(t, w.driver.token, w.a.id, "completed")).status).toBe(200);
    expect((await change(w.car)).status).toBe(200);
    expect(await planOf(t, w.van)).toBeNull();
    expect(stopsOf(await planOf(t, w.car), { [w.b.id]: "b" })).toEqual(["b pickup", "b dropoff"]);
    expect(await rideOf(t, w.b.id)).toMatchObject({
      status: "accepted",
      vehicleId: w.car,
      assignedDriverId: w.driver.user.id,
    });
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });
});

describe("a driver who went silent in automatic dispatch", () => {
  it("is noticed by the hand-over timer: the rides waiting go to another vehicle, a rider aboard stays", async () => {
    using t = await makeApp();
    const w = await vanWithTwo(t);
    expect((await move(t, w.driver.token, w.a.id, "on-the-way")).status).toBe(200);
    expect((await move(t, w.driver.token, w.a.id, "arrived")).status).toBe(200);
    // The van's driver stops reporting (a phone that died); the car's keeps on.
    t.clock.advance(DRIVER_STALE_MS - 60_000);
    // Near rider 2's pickup, which must still be reached within the wait promised when they asked.
    await drive(t, w.driver2.token, w.car, CENTRE);
    const stop = new AbortController();
    await startHandOvers(noticeDeps(t), stop.signal, 60_000);
    // Not silent for long enough yet.
    expect(await rideOf(t, w.b.id)).toMatchObject({ vehicleId: w.van, assignedDriverId: w.driver.user.id });
    t.clock.advance(2 * 60_000);
    await drive(t, w.driver2.token, w.car, CENTRE);
    await startHandOvers(noticeDeps(t), stop.signal, 60_000);
    stop.abort();
    expect(await rideOf(t, w.b.id)).toMatchObject({
      status: "accepted",
      vehicleId: w.car,
      assignedDriverId: w.driver2.user.id,
    });
    expect(stopsOf(await planOf(t, w.van), { [w.a.id]: "a" })).toEqual(["a pickup done", "a dropoff"]);
    expect(await rideOf(t, w.a.id)).toMatchObject({ status: "arrived", vehicleId: w.van });
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });
});

describe("a driver going offline in drivers mode", () => {
  it("keeps their accepted ride, as before", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    expect((await move(t, w.driver.token, ride.id, "accepted")).status).toBe(200);
    expect((await offline(t, w.driver.token)).status).toBe(200);
    expect(await rideOf(t, ride.id)).toMatchObject({ status: "accepted", assignedDriverId: w.driver.user.id });
    expect(textsTo(t, phoneOf(w.rider.user)).filter((m) => m.includes("offline"))).toEqual([]);
  });
});
