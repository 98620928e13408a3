/**
 * A driver going online says which vehicle they drive
 * (PUT /{t}/api/drivers/availability {isAvailable, location, vehicleId}): the
 * vehicle is held while they are online, one another online driver holds is
 * 409 naming it, going offline frees it, and the choice is remembered.
 */
import { describe, expect, it } from "vitest";
import { DRIVER_STALE_MS, getDriverState } from "../../kv/drivers.ts";
import { keys } from "../../kv/keys.ts";
import { createVehicle } from "../../kv/vehicles.ts";
import { addCampus, bearer, makeApp } from "../helpers/app.ts";
import { CENTRE, put, rideWorld, type TestApp } from "../helpers/rides.ts";

async function vehicle(t: TestApp, name: string, tenant = "greer"): Promise<string> {
  const made = await createVehicle(t.kv, tenant, { name, seats: 12, wheelchairSpaces: 2 }, "test", t.clock.now());
  if (!made.ok) throw new Error(made.reason);
  return made.vehicle.id;
}

function online(t: TestApp, token: string, body: Record<string, unknown>, lang = "en") {
  const init = put(token, { isAvailable: true, location: CENTRE, ...body });
  init.headers = { ...(init.headers as Record<string, string>), "accept-language": lang };
  return t.request("/greer/api/drivers/availability", init);
}

const holder = async (t: TestApp, id: string) => (await t.kv.get(keys.vehicleDriver("greer", id))).value;

describe("a driver's vehicle", () => {
  it("is held while its driver is online; another online driver asking for it hears 409 naming it", async () => {
    using t = await makeApp();
    const { driver, driver2 } = await rideWorld(t);
    const van = await vehicle(t, "Van 1");
    const first = await online(t, driver.token, { vehicleId: van });
    expect([first.status, await first.json()]).toEqual([200, {
      isAvailable: true,
      location: CENTRE,
      // The van's two wheelchair spaces answer for the driver.
      wheelchairAccessible: true,
      vehicleId: van,
    }]);
    expect(await holder(t, van)).toBe(driver.user.id);

    const before = await getDriverState(t.kv, "greer", driver2.user.id);
    const second = await online(t, driver2.token, { vehicleId: van });
    expect([second.status, await second.json()]).toEqual([409, {
      error: "Van 1 is already driven by another driver who is online",
      field: "vehicleId",
    }]);
    expect(await getDriverState(t.kv, "greer", driver2.user.id)).toEqual(before);
    expect(await holder(t, van)).toBe(driver.user.id);
    const spanish = await online(t, driver2.token, { vehicleId: van }, "es");
    expect((await spanish.json()).error).toBe("Otro conductor en línea ya maneja Van 1");

    // Going offline frees it for the other driver.
    const off = await t.request("/greer/api/drivers/availability", put(driver.token, { isAvailable: false }));
    expect(off.status).toBe(200);
    expect(await holder(t, van)).toBeNull();
    expect((await online(t, driver2.token, { vehicleId: van })).status).toBe(200);
    expect(await holder(t, van)).toBe(driver2.user.id);
  });

  it("gives one of two drivers asking for the same vehicle at once the vehicle, the other 409", async () => {
    using t = await makeApp();
    const { driver, driver2 } = await rideWorld(t);
    const van = await vehicle(t, "Van 1");
    const answers = await Promise.all([driver, driver2].map((d) => online(t, d.token, { vehicleId: van })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? driver : driver2;
    expect(await holder(t, van)).toBe(winner.user.id);
  });

  it("is taken over from a driver who went silent for longer than the online window", async () => {
    using t = await makeApp();
    const { driver, driver2 } = await rideWorld(t);
    const van = await vehicle(t, "Van 1");
    expect((await online(t, driver.token, { vehicleId: van })).status).toBe(200);
    t.clock.advance(DRIVER_STALE_MS + 1000);
    expect((await online(t, driver2.token, { vehicleId: van })).status).toBe(200);
    expect(await holder(t, van)).toBe(driver2.user.id);
  });

  it("is remembered: going online again without vehicleId holds it again; null drives none; a switch frees the old", async () => {
    using t = await makeApp();
    const { driver } = await rideWorld(t);
    const van = await vehicle(t, "Van 1");
    const car = await vehicle(t, "Car");
    await online(t, driver.token, { vehicleId: van });
    await t.request("/greer/api/drivers/availability", put(driver.token, { isAvailable: false }));
    const read = await t.request("/greer/api/drivers/availability", bearer(driver.token));
    expect(await read.json()).toEqual({ isAvailable: false, wheelchairAccessible: true, vehicleId: van });
    expect((await (await online(t, driver.token, {})).json()).vehicleId).toBe(van);
    expect(await holder(t, van)).toBe(driver.user.id);

    expect((await (await online(t, driver.token, { vehicleId: car })).json()).vehicleId).toBe(car);
    expect([await holder(t, van), await holder(t, car)]).toEqual([null, driver.user.id]);

    const none = await online(t, driver.token, { vehicleId: null });
    expect(await none.json()).toEqual({ isAvailable: true, location: CENTRE, wheelchairAccessible: false });
    expect(await holder(t, car)).toBeNull();
  });

  it("refuses a vehicle that is not the tenant's with 400, and changes nothing", async () => {
    using t = await makeApp();
    const { driver } = await rideWorld(t);
    await addCampus(t);
    const theirs = await vehicle(t, "Campus van", "campus");
    const before = await getDriverState(t.kv, "greer", driver.user.id);
    for (const vehicleId of [theirs, "01ARZ3NDEKTSV4RRFFQ69G5FAV", "van", 7, { id: theirs }]) {
      const res = await online(t, driver.token, { vehicleId });
      expect([res.status, await res.json()]).toEqual([400, { error: "Unknown vehicle", field: "vehicleId" }]);
    }
    expect(await getDriverState(t.kv, "greer", driver.user.id)).toEqual(before);
    expect((await t.kv.get(keys.vehicleDriver("campus", theirs))).value).toBeNull();
  });

  it("is driven no more once removed: the hold ends and going online again drives none", async () => {
    using t = await makeApp();
    const { driver, admin } = await rideWorld(t);
    const van = await vehicle(t, "Van 1");
    await online(t, driver.token, { vehicleId: van });
    const removed = await t.request(`/greer/api/admin/vehicles/${van}`, bearer(admin.token, { method: "DELETE" }));
    expect(removed.status).toBe(204);
    expect(await holder(t, van)).toBeNull();
    const again = await online(t, driver.token, {});
    expect([again.status, (await again.json()).vehicleId]).toEqual([200, undefined]);
  });
});
