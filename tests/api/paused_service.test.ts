/**
 * A paused organisation: the provider suspends it; riders cannot
 * ask for rides and drivers cannot go online (503 with a text naming it),
 * its rider and driver pages say so, and its admins still work. Resumed, all
 * is as before.
 */
import { describe, expect, it } from "vitest";
import { bearer, html, makeApp, superAdmin } from "../helpers/app.ts";
import { CENTRE, put, requestRide, rideWorld } from "../helpers/rides.ts";

const PAUSED = "This service is paused. Contact City of Greer for details.";

async function pausedWorld() {
  const t = await makeApp();
  const w = await rideWorld(t);
  const boss = await superAdmin(t);
  const set = async (status: string) =>
    expect((await t.request("/api/super/tenants/greer", put(boss.token, { status }))).status).toBe(200);
  await set("suspended");
  return { t, w, set };
}

describe("a paused organisation", () => {
  it("refuses a ride request with 503 and the text, in the rider's language", async () => {
    const { t, w, set } = await pausedWorld();
    using _ = t;
    const res = await requestRide(t, w.rider.token);
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: PAUSED });
    const es = await t.request("/greer/api/rides", {
      method: "POST",
      headers: {
        authorization: `Bearer ${w.rider.token}`,
        "content-type": "application/json",
        cookie: "lang=es",
      },
      body: JSON.stringify({ pickup: CENTRE, passengerCt: 1 }),
    });
    expect(es.status).toBe(503);
    expect(await es.json()).toEqual({
      error: "Este servicio está en pausa. Comuníquese con City of Greer para obtener más información.",
    });
    await set("active");
    // The pause took the drivers offline; one comes back online and rides are taken again.
    const back = put(w.driver.token, { isAvailable: true, location: CENTRE });
    expect((await t.request("/greer/api/drivers/availability", back)).status).toBe(200);
    expect((await requestRide(t, w.rider.token)).status).toBe(201);
  });

  it("takes the drivers who were online offline, so riders see no shuttle", async () => {
    const { t, w, set } = await pausedWorld();
    using _ = t;
    // rideWorld put both drivers online before the pause.
    expect(await (await t.request("/greer/api/drivers/available", bearer(w.rider.token))).json()).toEqual([]);
    const mine = await t.request("/greer/api/drivers/availability", bearer(w.driver.token));
    expect(await mine.json()).toMatchObject({ isAvailable: false });
    // Resuming does not put anyone back online: each driver chooses.
    await set("active");
    expect(await (await t.request("/greer/api/drivers/available", bearer(w.rider.token))).json()).toEqual([]);
  });

  it("keeps drivers from going online, lets them go offline", async () => {
    const { t, w } = await pausedWorld();
    using _ = t;
    const online = await t.request("/greer/api/drivers/availability", put(w.driver.token, { isAvailable: true }));
    expect(online.status).toBe(503);
    expect(await online.json()).toEqual({ error: PAUSED });
    const offline = await t.request("/greer/api/drivers/availability", put(w.driver.token, { isAvailable: false }));
    expect(offline.status).toBe(200);
  });

  it("says so on the rider and driver pages, while admins keep their pages and calls", async () => {
    const { t, w, set } = await pausedWorld();
    using _ = t;
    for (const path of ["/greer/rider", "/greer/driver"]) {
      const page = await html(await t.request(path));
      expect(page).toContain(PAUSED);
      expect(page).not.toMatch(/RiderScreen|DriverScreen/);
    }
    expect(await html(await t.request("/greer/admin"))).toContain("AdminDashboard");
    expect(await (await t.request("/greer/api/tenant")).json()).toMatchObject({ status: "suspended" });
    expect((await t.request("/greer/api/admin/rides", bearer(w.admin.token))).status).toBe(200);
    const es = await html(await t.request("/greer/rider", { headers: { cookie: "lang=es" } }));
    expect(es).toContain("Este servicio está en pausa.");
    await set("active");
    const back = await html(await t.request("/greer/rider"));
    expect(back).not.toContain(PAUSED);
    expect(back).toContain("RiderScreen");
  });
});
