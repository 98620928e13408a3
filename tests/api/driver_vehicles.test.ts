/**
 * The tenant's vehicles as a driver chooses among them going online
 * (GET /{t}/api/drivers/vehicles), and the rule that a driver with a vehicle
 * takes a wheelchair when the vehicle has a wheelchair space, whatever the
 * driver said before: in the ride request, the driver's list, the accept and
 * the live drivers socket.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DRIVER_STALE_MS } from "../../kv/drivers.ts";
import { addCampus, bearer, makeApp, signIn } from "../helpers/app.ts";
import { LiveClient, serve, waitFor } from "../helpers/live.ts";
import { CENTRE, move, post, put, requestRide, rideWorld, type TestApp } from "../helpers/rides.ts";

const NO_ACCESSIBLE = "No wheelchair-accessible shuttle is available right now.";
const NEEDS_VEHICLE = "This ride needs a vehicle that takes a wheelchair.";

async function addVehicle(t: TestApp, admin: string, name: string, seats: number, wheelchairSpaces: number) {
  const res = await t.request("/greer/api/admin/vehicles", post(admin, { name, seats, wheelchairSpaces }));
  expect(res.status).toBe(201);
  return (await res.json()).vehicle.id as string;
}

async function online(t: TestApp, token: string, body: Record<string, unknown>) {
  const res = await t.request(
    "/greer/api/drivers/availability",
    put(token, { isAvailable: true, location: CENTRE, ...body }),
  );
  expect(res.status).toBe(200);
  return await res.json();
}

async function choice(t: TestApp, token: string, tenant = "greer") {
  const res = await t.request(`/${tenant}/api/drivers/vehicles`, bearer(token));
  return { status: res.status, type: res.headers.get("content-type"), body: await res.json() };
}

const ids = async (t: TestApp, token: string) =>
  ((await (await t.request("/greer/api/driver/rides", bearer(token))).json()) as { id: string }[]).map((r) => r.id);

describe("GET /{t}/api/drivers/vehicles", () => {
  it("answers no vehicles and no last one for a tenant without vehicles", async () => {
    using t = await makeApp();
    const { driver } = await rideWorld(t);
    expect(await choice(t, driver.token)).toEqual({
      status: 200,
      type: "application/json",
      body: { vehicles: [], lastVehicleId: null },
    });
  });

  it("lists the tenant's vehicles by name, marks one another online driver holds, and names the driver's last", async () => {
    using t = await makeApp();
    const { driver, driver2, admin } = await rideWorld(t);
    const van = await addVehicle(t, admin.token, "Van 1", 12, 2);
    const car = await addVehicle(t, admin.token, "Car", 6, 0);
    await addCampus(t);

    expect((await choice(t, driver.token)).body).toEqual({
      vehicles: [
        { id: car, name: "Car", seats: 6, wheelchairSpaces: 0, held: false },
        { id: van, name: "Van 1", seats: 12, wheelchairSpaces: 2, held: false },
      ],
      lastVehicleId: null,
    });

    await online(t, driver2.token, { vehicleId: van });
    await online(t, driver.token, { vehicleId: car });
    // The other driver's van is held; my own car is mine to keep, not held against me.
    expect((await choice(t, driver.token)).body).toEqual({
      vehicles: [
        { id: car, name: "Car", seats: 6, wheelchairSpaces: 0, held: false },
        { id: van, name: "Van 1", seats: 12, wheelchairSpaces: 2, held: true },
      ],
      lastVehicleId: car,
    });
    // Offline, the car stays the driver's last; the other driver sees it free again.
    await t.request("/greer/api/drivers/availability", put(driver.token, { isAvailable: false }));
    expect((await choice(t, driver.token)).body.lastVehicleId).toBe(car);
    expect((await choice(t, driver2.token)).body).toEqual({
      vehicles: [
        { id: car, name: "Car", seats: 6, wheelchairSpaces: 0, held: false },
        { id: van, name: "Van 1", seats: 12, wheelchairSpaces: 2, held: false },
      ],
      lastVehicleId: van,
    });
  });

  it("frees a vehicle whose driver went silent past the online window, and forgets a removed last vehicle", async () => {
    using t = await makeApp();
    const { driver, driver2, admin } = await rideWorld(t);
    const van = await addVehicle(t, admin.token, "Van 1", 12, 2);
    await online(t, driver2.token, { vehicleId: van });
    expect((await choice(t, driver.token)).body.vehicles[0].held).toBe(true);
    t.clock.advance(DRIVER_STALE_MS + 1000);
    expect((await choice(t, driver.token)).body.vehicles[0].held).toBe(false);

    const removed = await t.request(`/greer/api/admin/vehicles/${van}`, bearer(admin.token, { method: "DELETE" }));
    expect(removed.status).toBe(204);
    expect((await choice(t, driver2.token)).body).toEqual({ vehicles: [], lastVehicleId: null });
  });

  it("answers drivers and admins, refuses a rider with 403 and a stranger with 401", async () => {
    using t = await makeApp();
    const { rider, admin } = await rideWorld(t);
    const van = await addVehicle(t, admin.token, "Van 1", 12, 2);
    const asAdmin = await choice(t, admin.token);
    expect([asAdmin.status, asAdmin.body.vehicles.map((v: { id: string }) => v.id)]).toEqual([200, [van]]);
    expect(await choice(t, rider.token)).toMatchObject({ status: 403, body: { error: expect.any(String) } });
    const anonymous = await t.request("/greer/api/drivers/vehicles");
    expect(anonymous.status).toBe(401);
  });
});

describe("a driver's vehicle answers whether they take a wheelchair", () => {
  it("a van with wheelchair spaces takes wheelchair rides though the driver never said so", async () => {
    using t = await makeApp();
    const { rider, driver, driver2, admin } = await rideWorld(t);
    const van = await addVehicle(t, admin.token, "Van 1", 12, 2);
    // Nobody online takes a wheelchair yet.
    expect((await requestRide(t, rider.token, { needs: ["wheelchair"] })).status).toBe(409);

    const answer = await online(t, driver.token, { vehicleId: van, wheelchairAccessible: false });
    expect(answer).toMatchObject({ isAvailable: true, vehicleId: van, wheelchairAccessible: true });
    const read = await t.request("/greer/api/drivers/availability", bearer(driver.token));
    expect(await read.json()).toEqual({ isAvailable: true, wheelchairAccessible: true, vehicleId: van });

    const asked = await requestRide(t, rider.token, { needs: ["wheelchair"] });
    expect(asked.status).toBe(201);
    const ride = (await asked.json()).ride;
    expect(await ids(t, driver.token)).toEqual([ride.id]);
    expect(await ids(t, driver2.token)).toEqual([]);
    expect((await move(t, driver.token, ride.id, "accepted")).status).toBe(200);
  });

  it("a car without one does not, though the driver once said theirs took a wheelchair", async () => {
    using t = await makeApp();
    const { rider, driver, driver2, admin } = await rideWorld(t);
    await t.request("/greer/api/drivers/availability", put(driver2.token, { isAvailable: false }));
    const car = await addVehicle(t, admin.token, "Car", 6, 0);
    expect(await online(t, driver.token, { wheelchairAccessible: true })).toMatchObject({ wheelchairAccessible: true });

    expect(await online(t, driver.token, { vehicleId: car })).toMatchObject({ wheelchairAccessible: false });
    const refused = await requestRide(t, rider.token, { needs: ["wheelchair"] });
    expect([refused.status, await refused.json()]).toEqual([409, { error: NO_ACCESSIBLE }]);

    // Driving no vehicle, the driver's own word counts again: the ride is asked for and offered.
    expect(await online(t, driver.token, { vehicleId: null })).toMatchObject({ wheelchairAccessible: true });
    const asked = await requestRide(t, rider.token, { needs: ["wheelchair"] });
    expect(asked.status).toBe(201);
    const ride = (await asked.json()).ride;
    // Back in the car, the ride is neither listed for the driver nor theirs to accept.
    await online(t, driver.token, { vehicleId: car });
    expect(await ids(t, driver.token)).toEqual([]);
    const accept = await move(t, driver.token, ride.id, "accepted");
    expect([accept.status, await accept.json()]).toEqual([409, { error: NEEDS_VEHICLE }]);
  });

  it("follows an admin's change of the vehicle's wheelchair spaces, and its removal", async () => {
    using t = await makeApp();
    const { rider, driver, driver2, admin } = await rideWorld(t);
    await t.request("/greer/api/drivers/availability", put(driver2.token, { isAvailable: false }));
    const car = await addVehicle(t, admin.token, "Car", 6, 0);
    await online(t, driver.token, { vehicleId: car });
    expect((await requestRide(t, rider.token, { needs: ["wheelchair"] })).status).toBe(409);

    const change = (spaces: number) =>
      t.request(
        `/greer/api/admin/vehicles/${car}`,
        put(admin.token, { name: "Car", seats: 6, wheelchairSpaces: spaces }),
      );
    expect((await change(1)).status).toBe(200);
    const read = await t.request("/greer/api/drivers/availability", bearer(driver.token));
    expect((await read.json()).wheelchairAccessible).toBe(true);
    expect((await requestRide(t, rider.token, { needs: ["wheelchair"] })).status).toBe(201);

    // Removed, the car answers no more: the driver never said theirs took a wheelchair.
    expect((await t.request(`/greer/api/admin/vehicles/${car}`, bearer(admin.token, { method: "DELETE" }))).status)
      .toBe(204);
    const after = await t.request("/greer/api/drivers/availability", bearer(driver.token));
    expect((await after.json()).wheelchairAccessible).toBe(false);
  });
});

let stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.reverse()) await stop();
  stops = [];
});

describe("a vehicle's wheelchair spaces on the live drivers socket", () => {
  it("tells a driver about wheelchair rides once an admin gives their vehicle a wheelchair space", async () => {
    const t = await makeApp();
    const server = serve(t.app);
    const clients: LiveClient[] = [];
    stops.push(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await server.stop();
      t.kv.close();
    });
    const { rider, rider2, driver, driver2, admin } = await rideWorld(t);
    const van = await addVehicle(t, admin.token, "Van 1", 12, 2);
    const car = await addVehicle(t, admin.token, "Car", 6, 0);
    await online(t, driver.token, { vehicleId: van });
    await online(t, driver2.token, { vehicleId: car, wheelchairAccessible: true });
    const open = async (token: string) => {
      const client = new LiveClient(server.ws(`/greer/ws/drivers?token=${encodeURIComponent(token)}`));
      clients.push(client);
      expect(await client.opened).toBe(true);
      return client;
    };
    const inVan = await open(driver.token);
    const inCar = await open(driver2.token);

    const first = (await (await requestRide(t, rider.token, { needs: ["wheelchair"] })).json()).ride;
    await waitFor(() => inVan.rideMessages().some((m) => m.ride.id === first.id), "the van's driver");
    // A plain ride after it reaches the car's driver: by then the wheelchair ride would have arrived.
    const plain = (await (await requestRide(t, rider2.token)).json()).ride;
    await waitFor(() => inCar.rideMessages().some((m) => m.ride.id === plain.id), "the plain ride");
    expect(inCar.rideMessages().map((m) => m.ride.id)).toEqual([plain.id]);

    const changed = await t.request(
      `/greer/api/admin/vehicles/${car}`,
      put(admin.token, { name: "Car", seats: 6, wheelchairSpaces: 1 }),
    );
    expect(changed.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rider3 = await signIn(t, "8645550147", "greer");
    const second = (await (await requestRide(t, rider3.token, { needs: ["wheelchair"] })).json()).ride;
    await waitFor(() => inCar.rideMessages().some((m) => m.ride.id === second.id), "the car's driver, now accessible");
  });
});
