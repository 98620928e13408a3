/**
 * A tenant's vehicles: the API's rules, who may call it, tenants kept
 * apart, what lands in KV and in the audit trail.
 */
import { describe, expect, it } from "vitest";
import { listAudit } from "../../kv/audit.ts";
import { keys } from "../../kv/keys.ts";
import { listVehicles } from "../../kv/vehicles.ts";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import type { Vehicle } from "../../lib/vehicles.ts";
import { addCampus, bearer, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { post, put } from "../helpers/rides.ts";
import type { TestApp } from "../helpers/rides.ts";

const VAN = { name: "Van 1", seats: 12, wheelchairSpaces: 2 };

async function addVehicle(t: TestApp, token: string, body: unknown, tenant = "greer", lang = "en") {
  const init = post(token, body);
  init.headers = { ...(init.headers as Record<string, string>), "accept-language": lang };
  return await t.request(`/${tenant}/api/admin/vehicles`, init);
}

describe("vehicles", () => {
  it("lets an admin add, list, change and remove a vehicle, each write in KV and the audit trail", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const added = await addVehicle(t, admin.token, { ...VAN, name: "  Van   1 " });
    expect(added.status).toBe(201);
    const { vehicle } = await added.json() as { vehicle: Vehicle };
    expect(vehicle).toEqual({ id: expect.any(String), ...VAN });
    expect((await t.kv.get(keys.vehicle("greer", vehicle.id))).value).toMatchObject(VAN);
    expect((await addVehicle(t, admin.token, { name: "Car", seats: 6, wheelchairSpaces: 0 })).status).toBe(201);

    const list = await t.request("/greer/api/admin/vehicles", bearer(admin.token));
    expect(list.status).toBe(200);
    expect((await list.json() as Vehicle[]).map((v) => v.name)).toEqual(["Car", "Van 1"]);

    const changed = await t.request(
      `/greer/api/admin/vehicles/${vehicle.id}`,
      put(admin.token, { name: "Big van", seats: 14, wheelchairSpaces: 1 }),
    );
    expect(changed.status).toBe(200);
    expect((await changed.json()).vehicle).toEqual({ id: vehicle.id, name: "Big van", seats: 14, wheelchairSpaces: 1 });
    // The old name is free again.
    expect((await addVehicle(t, admin.token, VAN)).status).toBe(201);

    const removed = await t.request(
      `/greer/api/admin/vehicles/${vehicle.id}`,
      bearer(admin.token, { method: "DELETE" }),
    );
    expect(removed.status).toBe(204);
    expect((await t.kv.get(keys.vehicle("greer", vehicle.id))).value).toBeNull();
    expect((await listVehicles(t.kv, "greer")).map((v) => v.name)).toEqual(["Car", "Van 1"]);
    expect((await addVehicle(t, admin.token, { ...VAN, name: "big VAN" })).status).toBe(201);

    const audit = (await listAudit(t.kv, "greer")).filter((r) => r.action.startsWith("vehicle."));
    // The fake clock stands still, so records of one millisecond come in any order.
    expect(audit.map((r) => [r.action, r.by, r.details.name]).sort()).toEqual([
      ["vehicle.created", admin.user.id, "Van 1"],
      ["vehicle.created", admin.user.id, "Car"],
      ["vehicle.changed", admin.user.id, "Big van"],
      ["vehicle.created", admin.user.id, "Van 1"],
      ["vehicle.deleted", admin.user.id, "Big van"],
      ["vehicle.created", admin.user.id, "big VAN"],
    ].sort());
    expect(audit.find((r) => r.action === "vehicle.changed")!.details).toEqual({
      name: "Big van",
      seats: 14,
      wheelchairSpaces: 1,
    });
  });

  it("refuses a name taken in the tenant (case and spacing aside) with 409, and writes nothing", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    await addVehicle(t, admin.token, VAN);
    const { vehicle: car } = await (await addVehicle(t, admin.token, { ...VAN, name: "Car" })).json();
    const taken = await addVehicle(t, admin.token, { ...VAN, name: "VAN  1" });
    expect([taken.status, await taken.json()]).toEqual([409, {
      error: "A vehicle with this name already exists",
      field: "name",
    }]);
    const renamed = await t.request(`/greer/api/admin/vehicles/${car.id}`, put(admin.token, { ...VAN, name: "van 1" }));
    expect(renamed.status).toBe(409);
    expect((await listVehicles(t.kv, "greer")).map((v) => v.name)).toEqual(["Car", "Van 1"]);
    // Renaming to the same name in other case is the same vehicle, not a clash.
    const recased = await t.request(`/greer/api/admin/vehicles/${car.id}`, put(admin.token, { ...VAN, name: "CAR" }));
    expect(recased.status).toBe(200);
    // Another tenant may use the name.
    await addCampus(t);
    const boss = await superAdmin(t);
    expect((await addVehicle(t, boss.token, VAN, "campus")).status).toBe(201);
  });

  it("gives one of two admins adding the same name at once the vehicle and the other 409", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const answers = await Promise.all(Array.from({ length: 6 }, () => addVehicle(t, admin.token, VAN)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await listVehicles(t.kv, "greer")).toHaveLength(1);
  });

  it("answers 400 naming the field for each rule's edges, and writes nothing", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...VAN, name: "" }, "name", "Name must be 1-40 characters"],
      [{ ...VAN, name: "   " }, "name", "Name must be 1-40 characters"],
      [{ ...VAN, name: "x".repeat(41) }, "name", "Name must be 1-40 characters"],
      [{ ...VAN, name: 7 }, "name", "Name must be 1-40 characters"],
      [{ seats: 4, wheelchairSpaces: 0 }, "name", "Name must be 1-40 characters"],
      [{ ...VAN, name: "Van\u202E" }, "name", "Name contains characters that are not allowed"],
      [{ ...VAN, seats: 0 }, "seats", "Seats must be a whole number from 1 to 60"],
      [{ ...VAN, seats: 61 }, "seats", "Seats must be a whole number from 1 to 60"],
      [{ ...VAN, seats: 2.5 }, "seats", "Seats must be a whole number from 1 to 60"],
      [{ ...VAN, seats: "12" }, "seats", "Seats must be a whole number from 1 to 60"],
      [{ name: "Van" }, "seats", "Seats must be a whole number from 1 to 60"],
      [{ ...VAN, wheelchairSpaces: -1 }, "wheelchairSpaces", "Wheelchair spaces must be a whole number from 0 to 10"],
      [{ ...VAN, wheelchairSpaces: 11 }, "wheelchairSpaces", "Wheelchair spaces must be a whole number from 0 to 10"],
      [{ ...VAN, wheelchairSpaces: null }, "wheelchairSpaces", "Wheelchair spaces must be a whole number from 0 to 10"],
    ];
    for (const [body, field, error] of cases) {
      const res = await addVehicle(t, admin.token, body);
      expect([res.status, await res.json()], JSON.stringify(body)).toEqual([400, { error, field }]);
    }
    expect(await listVehicles(t.kv, "greer")).toEqual([]);
    // The edges themselves are fine.
    for (
      const body of [{ name: "x".repeat(40), seats: 1, wheelchairSpaces: 0 }, {
        name: "y",
        seats: 60,
        wheelchairSpaces: 10,
      }]
    ) {
      expect((await addVehicle(t, admin.token, body)).status).toBe(201);
    }
    const { id } = (await listVehicles(t.kv, "greer"))[0];
    const bad = await t.request(`/greer/api/admin/vehicles/${id}`, put(admin.token, { ...VAN, seats: 99 }));
    expect([bad.status, (await bad.json()).field]).toEqual([400, "seats"]);
    expect((await listVehicles(t.kv, "greer"))[0].seats).not.toBe(99);
  });

  it("answers in Spanish to a Spanish request", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    await addVehicle(t, admin.token, VAN);
    const taken = await addVehicle(t, admin.token, VAN, "greer", "es");
    expect(await taken.json()).toEqual({ error: "Ya existe un vehículo con este nombre", field: "name" });
    const seats = await addVehicle(t, admin.token, { ...VAN, seats: 0 }, "greer", "es");
    expect((await seats.json()).error).toBe("Los asientos deben ser un número entero de 1 a 60");
    const chairs = await addVehicle(t, admin.token, { ...VAN, wheelchairSpaces: 20 }, "greer", "es");
    expect((await chairs.json()).error).toBe("Los espacios para silla de ruedas deben ser un número entero de 0 a 10");
    const hidden = await addVehicle(t, admin.token, { ...VAN, name: "Van\u202E" }, "greer", "es");
    expect((await hidden.json()).error).toBe("Nombre: contiene caracteres que no se permiten");
  });

  it("is for admins only, and keeps tenants apart: another tenant's vehicle id is 404", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const rider = await signIn(t, "8645550142", "greer");
    for (const who of [driver, rider]) {
      expect((await t.request("/greer/api/admin/vehicles", bearer(who.token))).status).toBe(403);
      expect((await addVehicle(t, who.token, VAN)).status).toBe(403);
    }
    expect((await t.request("/greer/api/admin/vehicles")).status).toBe(401);
    expect(await listVehicles(t.kv, "greer")).toEqual([]);

    await addCampus(t);
    const boss = await superAdmin(t);
    const { vehicle } = await (await addVehicle(t, boss.token, VAN, "campus")).json();
    const foreign = `/greer/api/admin/vehicles/${vehicle.id}`;
    const changed = await t.request(foreign, put(admin.token, { ...VAN, seats: 3 }));
    expect([changed.status, await changed.json()]).toEqual([404, { error: "Vehicle not found" }]);
    expect((await t.request(foreign, bearer(admin.token, { method: "DELETE" }))).status).toBe(404);
    expect((await t.request("/campus/api/admin/vehicles", bearer(admin.token))).status).toBe(403);
    expect(await listVehicles(t.kv, "campus")).toEqual([vehicle]);
    expect(await listVehicles(t.kv, "greer")).toEqual([]);
  });
});
