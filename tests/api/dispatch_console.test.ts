/**
 * The dispatcher's calls (/{t}/api/dispatch/): the fleet's state, and the rides a person places by hand.
 * The demo tenant in automatic dispatch with a van and a car, each with a driver online.
 */
import { describe, expect, it } from "vitest";
import { changeRole } from "../../kv/members.ts";
import type { Ride } from "../../lib/rides.ts";
import { bearer, makeApp, signIn } from "../helpers/app.ts";
import { listAudit } from "../../kv/audit.ts";
import { activityWords } from "../../components/activity/audit_words.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import { drive, plannedRide, planOf, rideOf } from "../helpers/plans.ts";
import { CENTRE, post, put, requestRide, rideWorld, type TestApp } from "../helpers/rides.ts";
import { createVehicle } from "../../kv/vehicles.ts";
import { updateUser } from "../../kv/users.ts";

async function vehicle(t: TestApp, name: string, seats: number, wheelchairSpaces: number): Promise<string> {
  const made = await createVehicle(t.kv, "greer", { name, seats, wheelchairSpaces }, "test", t.clock.now());
  if (!made.ok) throw new Error(made.reason);
  return made.vehicle.id;
}

/**
 * A ride asked for while the tenant still dispatched by drivers (waiting, no driver: the queue), then automatic
 * dispatch with the van and the car online, and a dispatcher (a rider granted the role).
 */
async function console_(t: TestApp) {
  const world = await rideWorld(t);
  const asked = await requestRide(t, world.rider.token);
  if (asked.status !== 201) throw new Error(`request answered ${asked.status}`);
  const queued: Ride = (await asked.json()).ride;
  const set = await t.request("/greer/api/admin/settings", put(world.admin.token, { dispatchMode: "automatic" }));
  if (set.status !== 200) throw new Error(`settings answered ${set.status}`);
  const van = await vehicle(t, "Van", 12, 2);
  const car = await vehicle(t, "Car", 6, 0);
  await drive(t, world.driver.token, van, CENTRE);
  await drive(t, world.driver2.token, car, { lat: CENTRE.lat + 0.003, lng: CENTRE.lng });
  const dispatcher = await signIn(t, "8645550170", "greer");
  await changeRole(t.kv, { tenant: "greer", userId: dispatcher.user.id, role: "dispatcher", add: true, now: 0 });
  return { ...world, queued, van, car, dispatcher };
}

describe("GET /{t}/api/dispatch/state", () => {
  it("answers every online vehicle with its driver, position, seats in use and stops, and the queue oldest first", async () => {
    using t = await makeApp();
    const w = await console_(t);
    t.clock.advance(60_000);
    const later = await requestRide(t, w.rider2.token, { passengerCt: 2 });
    expect(later.status).toBe(201);
    const planned: Ride = (await later.json()).ride;
    expect(planned.vehicleId).toBeTruthy();

    const res = await t.request("/greer/api/dispatch/state", bearer(w.dispatcher.token));
    expect(res.status).toBe(200);
    const state = await res.json();
    expect(state.vehicles.map((v: { vehicle: { name: string } }) => v.vehicle.name)).toEqual(["Car", "Van"]);
    const van = state.vehicles.find((v: { vehicle: { id: string } }) => v.vehicle.id === w.van);
    expect(van).toMatchObject({
      driver: { id: w.driver.user.id },
      position: CENTRE,
      seatsInUse: 0,
      wheelchairsInUse: 0,
    });
    const holder = state.vehicles.find((v: { vehicle: { id: string } }) => v.vehicle.id === planned.vehicleId);
    expect(holder.stops.map((s: { rideId: string; kind: string }) => [s.rideId, s.kind])).toEqual([
      [planned.id, "pickup"],
      [planned.id, "dropoff"],
    ]);
    expect(state.queue.map((r: Ride) => r.id)).toEqual([w.queued.id]);

    // The driver arrives and the rider gets on (the pickup is done): the holder's seats in use follow.
    const driverToken = planned.assignedDriverId === w.driver.user.id ? w.driver.token : w.driver2.token;
    for (const status of ["on-the-way", "arrived"]) {
      const moved = await t.request(`/greer/api/rides/${planned.id}`, put(driverToken, { status }));
      expect(moved.status, `${status}: ${await moved.clone().text()}`).toBe(200);
    }
    const after = await (await t.request("/greer/api/dispatch/state", bearer(w.dispatcher.token))).json();
    const aboard = after.vehicles.find((v: { vehicle: { id: string } }) => v.vehicle.id === planned.vehicleId);
    expect(aboard.seatsInUse).toBe(2);
    expect(aboard.stops.map((s: { kind: string }) => s.kind)).toEqual(["dropoff"]);
  });

  it("answers admins, and refuses riders and drivers with 403", async () => {
    using t = await makeApp();
    const w = await console_(t);
    expect((await t.request("/greer/api/dispatch/state", bearer(w.admin.token))).status).toBe(200);
    for (const who of [w.rider, w.driver]) {
      const res = await t.request("/greer/api/dispatch/state", bearer(who.token));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Access denied - dispatcher privileges required" });
    }
  });
});

const assign = (t: TestApp, token: string, rideId: string, body: unknown, lang = "en") => {
  const init = post(token, body);
  const headers = new Headers(init.headers);
  headers.set("accept-language", lang);
  return t.request(`/greer/api/dispatch/rides/${rideId}/assign`, { ...init, headers });
};
const driverRideIds = async (t: TestApp, token: string) =>
  ((await (await t.request("/greer/api/driver/rides", bearer(token))).json()) as Ride[])
    .filter((r) => r.assignedDriverId)
    .map((r) => r.id);
const assignedAudits = async (t: TestApp) =>
  (await listAudit(t.kv, "greer")).filter((a) => a.action === "ride.assigned");

describe("POST /{t}/api/dispatch/rides/{id}/assign", () => {
  it("assigns a ride from the queue to a vehicle: its driver, vehicle and times, the plan, the driver's list, audited", async () => {
    using t = await makeApp();
    const w = await console_(t);
    const res = await assign(t, w.dispatcher.token, w.queued.id, { vehicleId: w.van });
    expect(res.status, await res.clone().text()).toBe(200);
    const { ride } = await res.json();
    expect(ride).toMatchObject({
      id: w.queued.id,
      status: "accepted",
      assignedDriverId: w.driver.user.id,
      vehicleId: w.van,
      acceptedAt: t.clock.now(),
    });
    expect(ride.pickupAt).toBeGreaterThanOrEqual(t.clock.now());
    expect(ride.dropoffAt).toBeGreaterThan(ride.pickupAt);
    expect(await rideOf(t, w.queued.id)).toEqual(ride);
    expect((await planOf(t, w.van))!.stops.map((s) => [s.rideId, s.kind])).toEqual([
      [ride.id, "pickup"],
      [ride.id, "dropoff"],
    ]);
    expect(await driverRideIds(t, w.driver.token)).toEqual([ride.id]);
    const state = await (await t.request("/greer/api/dispatch/state", bearer(w.dispatcher.token))).json();
    expect(state.queue).toEqual([]);
    expect((await assignedAudits(t)).map((a) => [a.by, a.target, a.details])).toEqual([
      [w.dispatcher.user.id, ride.id, { vehicleId: w.van, fromVehicleId: null, overrode: null }],
    ]);
  });

  it("moves a planned ride to another vehicle: the old plan loses its stops and both drivers' lists change", async () => {
    using t = await makeApp();
    const w = await console_(t);
    const planned = await plannedRide(t, w.rider2.token);
    const [fromVan, toVan] = planned.vehicleId === w.van ? [w.van, w.car] : [w.car, w.van];
    const [oldDriver, newDriver] = planned.vehicleId === w.van ? [w.driver, w.driver2] : [w.driver2, w.driver];
    expect(await driverRideIds(t, oldDriver.token)).toEqual([planned.id]);
    expect(await driverRideIds(t, newDriver.token)).toEqual([]);

    const res = await assign(t, w.admin.token, planned.id, { vehicleId: toVan });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).ride).toMatchObject({ vehicleId: toVan, assignedDriverId: newDriver.user.id });
    expect(await planOf(t, fromVan)).toBeNull();
    expect((await planOf(t, toVan))!.stops.map((s) => s.rideId)).toEqual([planned.id, planned.id]);
    expect(await driverRideIds(t, oldDriver.token)).toEqual([]);
    expect(await driverRideIds(t, newDriver.token)).toEqual([planned.id]);
    expect((await assignedAudits(t)).map((a) => a.details)).toEqual([
      { vehicleId: toVan, fromVehicleId: fromVan, overrode: null },
    ]);
  });

  it("answers 409 naming the broken limit in the reader's language, and places it anyway on override, audited", async () => {
    using t = await makeApp();
    const w = await console_(t);
    // The car's driver is 25 km away: over an hour to the pickup, the tenant's wait is 15 minutes.
    await drive(t, w.driver2.token, w.car, { lat: CENTRE.lat + 0.225, lng: CENTRE.lng });
    const refused = await assign(t, w.dispatcher.token, w.queued.id, { vehicleId: w.car });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "This vehicle cannot take the ride within the limits",
      limit: "The rider would wait more than 15 minutes",
      limitCode: "wait",
    });
    const spanish = await assign(t, w.dispatcher.token, w.queued.id, { vehicleId: w.car }, "es");
    expect(await spanish.json()).toEqual({
      error: "Este vehículo no puede llevar el viaje dentro de los límites",
      limit: "El pasajero esperaría más de 15 minutos",
      limitCode: "wait",
    });
    // Nothing moved, nothing audited.
    expect((await rideOf(t, w.queued.id)).status).toBe("pending");
    expect(await planOf(t, w.car)).toBeNull();
    expect(await assignedAudits(t)).toEqual([]);

    const forced = await assign(t, w.dispatcher.token, w.queued.id, { vehicleId: w.car, override: true });
    expect(forced.status, await forced.clone().text()).toBe(200);
    expect((await forced.json()).ride).toMatchObject({ vehicleId: w.car, assignedDriverId: w.driver2.user.id });
    expect((await planOf(t, w.car))!.stops.map((s) => s.rideId)).toEqual([w.queued.id, w.queued.id]);
    const audits = await assignedAudits(t);
    expect(audits.map((a) => [a.by, a.details])).toEqual([
      [w.dispatcher.user.id, { vehicleId: w.car, fromVehicleId: null, overrode: "wait" }],
    ]);
    // The Activity page's words for it, in both languages.
    const entry = { ...audits[0], byName: null, targetName: null, tenant: "greer" };
    expect(activityWords(translator("en"), entry).text).toBe("Trip assigned to a vehicle over a limit");
    expect(activityWords(translator("es"), entry).text).toBe("Viaje asignado a un vehículo por encima de un límite");
  });

  it("refuses a wheelchair ride in a vehicle with no space, even on override", async () => {
    using t = await makeApp();
    const w = await console_(t);
    await t.request("/greer/api/admin/settings", put(w.admin.token, { dispatchMode: "drivers" }));
    const asked = await requestRide(t, w.rider2.token, { needs: ["wheelchair"] });
    expect(asked.status).toBe(201);
    const { ride } = await asked.json();
    for (const override of [false, true]) {
      const res = await assign(t, w.dispatcher.token, ride.id, { vehicleId: w.car, override });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        limit: "The vehicle has no wheelchair space",
        limitCode: "wheelchairSpaces",
      });
    }
    expect(await planOf(t, w.car)).toBeNull();
  });

  it("refuses riders and drivers (403), bad bodies (400), unknown rides (404) and offline vehicles (409)", async () => {
    using t = await makeApp();
    const w = await console_(t);
    for (const who of [w.rider, w.driver]) {
      const res = await assign(t, who.token, w.queued.id, { vehicleId: w.van });
      expect(res.status).toBe(403);
    }
    for (const body of [{}, { vehicleId: 7 }, { vehicleId: "van" }]) {
      const res = await assign(t, w.dispatcher.token, w.queued.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: "Unknown vehicle", field: "vehicleId" });
    }
    const badOverride = await assign(t, w.dispatcher.token, w.queued.id, { vehicleId: w.van, override: "yes" });
    expect(badOverride.status).toBe(400);
    const unknown = await assign(t, w.dispatcher.token, "01ARZ3NDEKTSV4RRFFQ69G5FAV", { vehicleId: w.van });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Ride not found" });
    const noVehicle = await assign(t, w.dispatcher.token, w.queued.id, { vehicleId: "01ARZ3NDEKTSV4RRFFQ69G5FAV" });
    expect(noVehicle.status).toBe(404);
    await t.request("/greer/api/drivers/availability", put(w.driver.token, { isAvailable: false }));
    const offline = await assign(t, w.dispatcher.token, w.queued.id, { vehicleId: w.van });
    expect(offline.status).toBe(409);
    expect(await offline.json()).toEqual({ error: "This vehicle is not online" });
    expect((await rideOf(t, w.queued.id)).status).toBe("pending");
  });
});

describe("PUT /{t}/api/dispatch/rides/{id}/pin", () => {
  const pin = (t: TestApp, token: string, rideId: string, body: unknown) =>
    t.request(`/greer/api/dispatch/rides/${rideId}/pin`, put(token, body));

  it("pins a planned ride, audited; when its driver goes offline it waits unassigned while an unpinned one moves", async () => {
    using t = await makeApp();
    const w = await console_(t);
    const third = await signIn(t, "8645550172", "greer");
    t.clock.advance(1000);
    const kept = await plannedRide(t, w.rider2.token);
    // Both in the same vehicle: the other ride is assigned there by hand.
    const other = await plannedRide(t, third.token);
    const vehicleId = kept.vehicleId!;
    if (other.vehicleId !== vehicleId) {
      expect((await assign(t, w.dispatcher.token, other.id, { vehicleId, override: true })).status).toBe(200);
    }
    const res = await pin(t, w.dispatcher.token, kept.id, { pinned: true });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).ride).toMatchObject({ id: kept.id, pinned: true, vehicleId });
    expect((await rideOf(t, kept.id)).pinned).toBe(true);
    expect((await listAudit(t.kv, "greer")).filter((a) => a.action === "ride.pinned").map((a) => [a.by, a.target]))
      .toEqual([[w.dispatcher.user.id, kept.id]]);

    const driverToken = kept.assignedDriverId === w.driver.user.id ? w.driver.token : w.driver2.token;
    const offline = await t.request("/greer/api/drivers/availability", put(driverToken, { isAvailable: false }));
    expect(offline.status, await offline.clone().text()).toBe(200);
    const left = await rideOf(t, kept.id);
    expect(left).toMatchObject({ status: "pending", assignedDriverId: null });
    expect(left.vehicleId).toBeUndefined();
    expect(left.pinned).toBeUndefined();
    const moved = await rideOf(t, other.id);
    expect(moved.status).toBe("accepted");
    expect(moved.vehicleId).toBe(vehicleId === w.van ? w.car : w.van);
    const state = await (await t.request("/greer/api/dispatch/state", bearer(w.dispatcher.token))).json();
    expect(state.queue.map((r: Ride) => r.id)).toEqual([w.queued.id, kept.id]);
  });

  it("unpins, refuses a ride in no vehicle (409), bad bodies (400), drivers (403)", async () => {
    using t = await makeApp();
    const w = await console_(t);
    const planned = await plannedRide(t, w.rider2.token);
    expect((await pin(t, w.dispatcher.token, planned.id, { pinned: true })).status).toBe(200);
    const unpinned = await pin(t, w.admin.token, planned.id, { pinned: false });
    expect(unpinned.status).toBe(200);
    expect((await rideOf(t, planned.id)).pinned).toBeUndefined();
    const queued = await pin(t, w.dispatcher.token, w.queued.id, { pinned: true });
    expect(queued.status).toBe(409);
    expect(await queued.json()).toEqual({ error: "Only a ride planned into a vehicle can be pinned" });
    for (const body of [{}, { pinned: "yes" }, { pinned: 1 }]) {
      const bad = await pin(t, w.dispatcher.token, planned.id, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(await bad.json()).toEqual({ error: "pinned must be true or false" });
    }
    expect((await pin(t, w.driver.token, planned.id, { pinned: true })).status).toBe(403);
    expect((await rideOf(t, planned.id)).pinned).toBeUndefined();
  });
});

describe("POST /{t}/api/dispatch/rides/{id}/cancel", () => {
  const cancel = (t: TestApp, token: string, rideId: string, body: unknown) =>
    t.request(`/greer/api/dispatch/rides/${rideId}/cancel`, post(token, body));

  it("cancels a planned ride: its plan loses its stops, audited with the reason, the rider texted it", async () => {
    using t = await makeApp();
    const w = await console_(t);
    const planned = await plannedRide(t, w.rider2.token);
    const told = () => t.sms.sent.filter((m) => m.to === "8645550143" && m.body.includes("dispatcher"));
    const res = await cancel(t, w.dispatcher.token, planned.id, { reason: "  The road to Main St is closed.  " });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).ride).toMatchObject({ id: planned.id, status: "canceled", canceledBy: "staff" });
    expect((await rideOf(t, planned.id)).status).toBe("canceled");
    expect(await planOf(t, planned.vehicleId!)).toBeNull();
    const audits = (await listAudit(t.kv, "greer")).filter((a) => a.action === "ride.canceled");
    expect(audits.map((a) => [a.by, a.target, a.details])).toEqual([
      [w.dispatcher.user.id, planned.id, { reason: "The road to Main St is closed." }],
    ]);
    const entry = { ...audits[0], byName: null, targetName: null, tenant: "greer" };
    expect(activityWords(translator("es"), entry).text).toBe("Viaje cancelado: The road to Main St is closed.");
    expect(told().map((m) => m.body)).toEqual([
      "City of Greer: your ride was canceled by the dispatcher: The road to Main St is closed.",
    ]);
    // Once: a second cancel is refused and texts nothing more.
    const again = await cancel(t, w.dispatcher.token, planned.id, { reason: "Again" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "This ride has already ended" });
    expect(told()).toHaveLength(1);
  });

  it("texts a Spanish rider in Spanish, and cancels a waiting ride", async () => {
    using t = await makeApp();
    const w = await console_(t);
    await updateUser(t.kv, w.rider.user.id, (u) => ({ ...u, language: "es" }));
    const res = await cancel(t, w.admin.token, w.queued.id, { reason: "No hay conductores hoy" });
    expect(res.status).toBe(200);
    expect(t.sms.sent.filter((m) => m.to === "8645550142").map((m) => m.body)).toContain(
      "City of Greer: el despachador canceló su viaje: No hay conductores hoy",
    );
  });

  it("refuses reasons empty, over 200 characters or with hidden characters (400), drivers (403), unknown rides (404)", async () => {
    using t = await makeApp();
    const w = await console_(t);
    for (const reason of [undefined, "", "   ", 7, "x".repeat(201)]) {
      const res = await cancel(t, w.dispatcher.token, w.queued.id, { reason });
      expect(res.status, String(reason)).toBe(400);
      expect(await res.json()).toEqual({ error: "Reason must be 1 to 200 characters", field: "reason" });
    }
    const hidden = await cancel(t, w.dispatcher.token, w.queued.id, { reason: "Closed\u202e" });
    expect(hidden.status).toBe(400);
    expect(await hidden.json()).toEqual({ error: "Reason contains characters that are not allowed", field: "reason" });
    expect((await cancel(t, w.driver.token, w.queued.id, { reason: "No" })).status).toBe(403);
    expect((await cancel(t, w.dispatcher.token, "01ARZ3NDEKTSV4RRFFQ69G5FAV", { reason: "No" })).status).toBe(404);
    expect((await rideOf(t, w.queued.id)).status).toBe("pending");
    const ok = await cancel(t, w.dispatcher.token, w.queued.id, { reason: "x".repeat(200) });
    expect(ok.status).toBe(200);
  });
});
