/**
 * The dispatcher's calls (/{t}/api/dispatch/): the fleet's state, and the rides a person places by hand.
 * The demo tenant in automatic dispatch with a van and a car, each with a driver online.
 */
import { describe, expect, it } from "vitest";
import { changeRole } from "../../kv/members.ts";
import type { Ride } from "../../lib/rides.ts";
import { bearer, makeApp, signIn } from "../helpers/app.ts";
import { drive, plannedRide } from "../helpers/plans.ts";
import { CENTRE, put, requestRide, rideWorld, type TestApp } from "../helpers/rides.ts";
import { createVehicle } from "../../kv/vehicles.ts";

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
