import { describe, expect, it } from "vitest";
import { openStore } from "../../kv/open.ts";
import { keys } from "../../kv/keys.ts";
import { changeRole, getRoles } from "../../kv/members.ts";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE, DEMO_SCHEDULE } from "../../kv/seed.ts";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";
import { getOrCreateUserByPhone } from "../../kv/users.ts";
import { getUserByPhone } from "../helpers/kv_reads.ts";
import { createTenant, getSchedule, getTenant } from "../../kv/tenants.ts";
import { getDriverState } from "../../kv/drivers.ts";
import { listVehicles } from "../../kv/vehicles.ts";
import { loadConfig } from "../../lib/config.ts";
import { prepareStore } from "../../server/startup.ts";
import { memoryLogger } from "../helpers/memory_log.ts";

describe("seedDemoTenant", () => {
  it("creates City of Greer with its service area and weekday schedule on an empty KV", async () => {
    using kv = await openStore(":memory:");
    const created = await seedDemoTenant(kv, 1000);
    expect(created?.code).toBe("greer");
    expect(await getTenant(kv, "greer")).toEqual({
      code: "greer",
      name: "City of Greer",
      timezone: "America/New_York",
      serviceArea: { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "downtown Greer" },
      createdAt: 1000,
    });
    const schedule = await getSchedule(kv, "greer");
    expect(schedule).toEqual(DEMO_SCHEDULE);
    expect(schedule["0"]).toEqual([]);
    expect(schedule["1"]).toEqual([{ start: "07:00", end: "19:00" }]);
  });

  it("gives a real first start's demo two vehicles, the van as the demo driver's, and automatic dispatch", async () => {
    using kv = await openStore(":memory:");
    const config = loadConfig({ KV_PATH: ":memory:", CONTACT_EMAIL: "hello@hopper.test", MAP_STYLE_URL: "offline" });
    expect((await prepareStore(kv, config, memoryLogger()))?.code).toBe("greer");
    expect((await getTenant(kv, "greer"))?.dispatchMode).toBe("automatic");
    const vehicles = await listVehicles(kv, "greer");
    expect(vehicles.map(({ name, seats, wheelchairSpaces }) => ({ name, seats, wheelchairSpaces }))).toEqual([
      { name: "Car 2", seats: 6, wheelchairSpaces: 0 },
      { name: "Van 1", seats: 12, wheelchairSpaces: 2 },
    ]);
    const driver = await getUserByPhone(kv, DEMO_DRIVER_PHONE);
    // Offline until they say otherwise; going online without naming a vehicle, they drive the van.
    expect(await getDriverState(kv, "greer", driver!.id)).toMatchObject({
      isAvailable: false,
      vehicleId: vehicles.find((v) => v.name === "Van 1")!.id,
    });
  });

  it("finishes the seed on the next start when the first one died before its commit", async () => {
    using kv = await openStore(":memory:");
    // What a first start killed between the demo staff and the tenant commit leaves behind.
    const admin = await getOrCreateUserByPhone(kv, DEMO_ADMIN_PHONE, 1);
    await changeRole(kv, { tenant: "greer", userId: admin.id, role: "admin", add: true, now: 1 });
    expect((await seedDemoTenant(kv, 2))?.code).toBe("greer");
    expect(await getRoles(kv, "greer", admin.id)).toEqual(["admin"]);
    const driver = await getUserByPhone(kv, DEMO_DRIVER_PHONE);
    expect(driver && await getRoles(kv, "greer", driver.id)).toEqual(["driver"]);
  });

  it("does nothing on a second start, even after the demo tenant was removed", async () => {
    using kv = await openStore(":memory:");
    await seedDemoTenant(kv, 1);
    expect(await seedDemoTenant(kv, 2)).toBeNull();
    await kv.delete(keys.tenant("greer"));
    expect(await seedDemoTenant(kv, 3)).toBeNull();
    expect(await getTenant(kv, "greer")).toBeNull();
  });

  it("leaves a KV that already holds tenants alone", async () => {
    using kv = await openStore(":memory:");
    const town = {
      code: "town",
      name: "Town",
      timezone: "UTC",
      serviceArea: { lat: 0, lng: 0, radiusMeters: 500, label: "the square" },
      createdAt: 0,
    };
    expect(await createTenant(kv, town, {})).toBe(true);
    expect(await seedDemoTenant(kv, 1)).toBeNull();
    expect(await getTenant(kv, "greer")).toBeNull();
  });

  it("seeds exactly once when several processes start together", async () => {
    using kv = await openStore(":memory:");
    const results = await Promise.all([1, 2, 3, 4].map((n) => seedDemoTenant(kv, n)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe("createTenant", () => {
  it("refuses a code that is taken", async () => {
    using kv = await openStore(":memory:");
    await seedDemoTenant(kv, 1);
    const again = { ...(await getTenant(kv, "greer"))!, name: "Impostor" };
    expect(await createTenant(kv, again, {})).toBe(false);
    expect((await getTenant(kv, "greer"))?.name).toBe("City of Greer");
  });
});
