import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import type { AuditRecord } from "../../kv/audit.ts";
import { bearer, makeApp } from "../helpers/app.ts";
import { CENTRE, move, post, put, requestRide, rideWorld, type TestApp, waitAtPickup } from "../helpers/rides.ts";

type World = Awaited<ReturnType<typeof rideWorld>>;
const DAY = 24 * 60 * 60 * 1000;
const PAUSED =
  "Ride requests are paused until Monday, January 12 after 3 missed pickups. Contact City of Greer if this is a mistake.";

/** Both drivers back online (availability lapses as the fake clock moves days ahead). */
async function online(t: TestApp, w: World) {
  for (const d of [w.driver, w.driver2]) {
    await t.request("/greer/api/drivers/availability", put(d.token, { isAvailable: true, location: CENTRE }));
  }
}

/** A ride of the rider that the demo driver marks no-show, after the wait at the pickup (3 minutes on the clock). */
async function noShow(t: TestApp, w: World, token = w.rider.token) {
  await online(t, w);
  const res = await requestRide(t, token);
  expect(res.status).toBe(201);
  const { ride } = await res.json();
  for (const step of ["accepted", "on-the-way", "no-show"]) {
    if (step === "no-show") await waitAtPickup(t, w.driver.token);
    expect((await move(t, w.driver.token, ride.id, step)).status).toBe(200);
  }
  return ride.id as string;
}

async function standing(t: TestApp, token: string, lang = "en") {
  const res = await t.request("/greer/api/rides/standing", bearer(token, { headers: { "accept-language": lang } }));
  expect(res.status).toBe(200);
  return await res.json();
}

async function usersById(t: TestApp, token: string) {
  const { users } = await (await t.request("/greer/api/users", bearer(token))).json();
  return new Map<string, Record<string, unknown>>(users.map((u: { id: string }) => [u.id, u]));
}

describe("no-show policy", () => {
  it("counts a rider's no-shows, warns at warnAt and answers the default policy", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    expect(await standing(t, w.rider.token)).toEqual({
      noShows: 0,
      suspendedUntil: null,
      policy: { warnAt: 2, suspendAt: 3, suspendDays: 7, windowDays: 30, waitMinutes: 3 },
      message: null,
    });
    await noShow(t, w);
    t.clock.advance(60_000);
    await noShow(t, w);
    const now = await standing(t, w.rider.token);
    expect(now.noShows).toBe(2);
    expect(now.suspendedUntil).toBeNull();
    // Another rider's count is their own.
    expect((await standing(t, w.rider2.token)).noShows).toBe(0);
    // Still allowed to ask at the warning count.
    await online(t, w);
    expect((await requestRide(t, w.rider.token)).status).toBe(201);
  });

  it("pauses requests at suspendAt with the text naming the date, in the tenant's time zone and the reader's language", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    for (let i = 0; i < 3; i++) {
      await noShow(t, w);
      t.clock.advance(60_000);
    }
    await online(t, w);
    const res = await requestRide(t, w.rider.token);
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    // The last no-show was at 15:11 UTC on Jan 5 (10:11 in Greer; each after 3 minutes at the pickup): paused 7 days,
    // until Jan 12 in Greer.
    expect(await res.json()).toEqual({ error: PAUSED });
    const es = await t.request(
      "/greer/api/rides",
      {
        ...post(w.rider.token, { pickup: CENTRE, passengerCt: 1 }),
        headers: { ...post(w.rider.token, {}).headers, "accept-language": "es" },
      },
    );
    expect(es.status).toBe(403);
    expect((await es.json()).error).toBe(
      "Las solicitudes de viaje están pausadas hasta el lunes, 12 de enero después de 3 recogidas perdidas. Comuníquese con City of Greer si esto es un error.",
    );
    const s = await standing(t, w.rider.token);
    expect(s.noShows).toBe(3);
    expect(s.suspendedUntil).toBe(Date.UTC(2026, 0, 5, 15, 11, 0) + 7 * DAY);
    expect(s.message).toBe(PAUSED);
    // No ride was made by the refused request.
    expect(await (await t.request("/greer/api/rides/my", bearer(w.rider.token))).json()).toBeNull();
    // Past the pause the rider may ask again.
    t.clock.advance(7 * DAY);
    await online(t, w);
    expect((await requestRide(t, w.rider.token)).status).toBe(201);
  });

  it("counts only the no-shows inside the window", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const res = await t.request("/greer/api/admin/settings", put(w.admin.token, { noShow: { windowDays: 3 } }));
    expect(res.status).toBe(200);
    expect((await res.json()).settings.noShow).toEqual({
      warnAt: 2,
      suspendAt: 3,
      suspendDays: 7,
      windowDays: 3,
      waitMinutes: 3,
    });
    await noShow(t, w);
    await noShow(t, w);
    expect((await standing(t, w.rider.token)).noShows).toBe(2);
    t.clock.advance(2 * DAY);
    await noShow(t, w);
    expect((await standing(t, w.rider.token)).noShows).toBe(3);
    // A day and a half later the first two are older than 3 days: one counts, and requests are open.
    t.clock.advance(1.5 * DAY);
    expect(await standing(t, w.rider.token)).toMatchObject({ noShows: 1, suspendedUntil: null });
    await online(t, w);
    expect((await requestRide(t, w.rider.token)).status).toBe(201);
  });

  it("shows each rider's no-shows and pause on the Users page, and an admin lifts the pause (audited)", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    for (let i = 0; i < 3; i++) await noShow(t, w);
    let users = await usersById(t, w.admin.token);
    expect(users.get(w.rider.user.id)).toMatchObject({ noShows: 3, suspendedUntil: t.clock.now() + 7 * DAY });
    expect(users.get(w.rider2.user.id)).toMatchObject({ noShows: 0, suspendedUntil: null });

    t.clock.advance(1000);
    // Only admins lift.
    const byRider = await t.request(
      `/greer/api/users/${w.rider.user.id}/suspension`,
      bearer(w.rider2.token, { method: "DELETE" }),
    );
    expect(byRider.status).toBe(403);
    const res = await t.request(
      `/greer/api/users/${w.rider.user.id}/suspension`,
      bearer(w.admin.token, { method: "DELETE" }),
    );
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    await online(t, w);
    expect((await requestRide(t, w.rider.token)).status).toBe(201);
    users = await usersById(t, w.admin.token);
    expect(users.get(w.rider.user.id)).toMatchObject({ noShows: 0, suspendedUntil: null });

    const audit: AuditRecord[] = [];
    for await (const e of t.kv.list<AuditRecord>({ prefix: keys.audits("greer") })) audit.push(e.value);
    expect(audit.filter((a) => a.action === "user.suspension_lifted")).toEqual([
      expect.objectContaining({ by: w.admin.user.id, target: w.rider.user.id, details: { noShows: 3 } }),
    ]);
    const activity = await (await t.request("/greer/api/admin/audit", bearer(w.admin.token))).json();
    expect(activity[0]).toMatchObject({ action: "user.suspension_lifted", targetName: expect.any(String) });
  });

  it("counts only no-shows after the lift towards a new pause", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    for (let i = 0; i < 3; i++) await noShow(t, w);
    await t.request(`/greer/api/users/${w.rider.user.id}/suspension`, bearer(w.admin.token, { method: "DELETE" }));
    t.clock.advance(60_000);
    await noShow(t, w);
    await noShow(t, w);
    expect((await standing(t, w.rider.token)).noShows).toBe(2);
    await online(t, w);
    expect((await requestRide(t, w.rider.token)).status).toBe(201);
  });

  it("answers 404 when lifting the pause of someone who is not a member", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const res = await t.request(
      "/greer/api/users/01JAAAAAAAAAAAAAAAAAAAAAAA/suspension",
      bearer(w.admin.token, { method: "DELETE" }),
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "User not found" });
  });
});

describe("no-show settings", () => {
  it("answers the defaults and refuses bad values with 400 naming the field", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const got = await (await t.request("/greer/api/admin/settings", bearer(w.admin.token))).json();
    expect(got.settings.noShow).toEqual({ warnAt: 2, suspendAt: 3, suspendDays: 7, windowDays: 30, waitMinutes: 3 });
    const cases: [unknown, string, string][] = [
      [{ warnAt: 1.5 }, "noShow.warnAt", "Warn at must be a whole number from 1 to 20"],
      [{ suspendAt: 0 }, "noShow.suspendAt", "Pause at must be a whole number from 1 to 20"],
      [{ suspendDays: 91 }, "noShow.suspendDays", "Pause days must be a whole number from 1 to 90"],
      [{ windowDays: "30" }, "noShow.windowDays", "Counting window must be a whole number from 1 to 365 days"],
      [{ waitMinutes: 0 }, "noShow.waitMinutes", "Wait at the pickup must be a whole number from 1 to 30 minutes"],
      [{ waitMinutes: 31 }, "noShow.waitMinutes", "Wait at the pickup must be a whole number from 1 to 30 minutes"],
      [{ waitMinutes: 2.5 }, "noShow.waitMinutes", "Wait at the pickup must be a whole number from 1 to 30 minutes"],
      [{ warnAt: 4 }, "noShow.warnAt", "Warn at cannot be more than Pause at"],
      [[1, 2], "noShow", "The no-show policy needs warnAt, suspendAt, suspendDays, windowDays and waitMinutes"],
    ];
    for (const [noShow, field, error] of cases) {
      const res = await t.request("/greer/api/admin/settings", put(w.admin.token, { noShow }));
      expect(res.status, JSON.stringify(noShow)).toBe(400);
      expect(await res.json()).toEqual({ error, field });
    }
    const ok = await t.request(
      "/greer/api/admin/settings",
      put(w.admin.token, { noShow: { warnAt: 4, suspendAt: 5, suspendDays: 14, windowDays: 60, waitMinutes: 10 } }),
    );
    expect((await ok.json()).settings.noShow).toEqual({
      warnAt: 4,
      suspendAt: 5,
      suspendDays: 14,
      windowDays: 60,
      waitMinutes: 10,
    });
  });
});
