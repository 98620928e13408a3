/**
 * Blocking (PUT /{t}/api/users/{id}/blocked): only super admins block or
 * unblock an admin; a block cancels the rider's bookings and their ride not
 * yet picked up, with a text; and the hand-over sweep never hands a blocked
 * rider's booking to drivers: it cancels it and the rider is told.
 *
 * The fake clock starts on Monday 5 January 2026 at 15:00 UTC, 10:00 in Greer.
 */
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { getMembership, setBlocked } from "../../kv/members.ts";
import type { Ride } from "../../lib/rides.ts";
import { handOverDue } from "../../domain/bookings/hand_over.ts";
import { noticeDeps } from "../../server/rider_updates.ts";
import { bearer, makeApp, postJson, superAdmin } from "../helpers/app.ts";
import { INSIDE, INSIDE_2, post, requestRide, rideWorld, type TestApp } from "../helpers/rides.ts";

const MIN = 60_000;
const START = Date.UTC(2026, 0, 5, 15, 0);
const RIDER = "8645550142";

const block = (t: TestApp, token: string, id: string, blocked: boolean) =>
  t.request(`/greer/api/users/${id}/blocked`, bearer(token, { ...postJson({ blocked }), method: "PUT" }));
const book = (t: TestApp, token: string, scheduledFor: number) =>
  t.request("/greer/api/rides", post(token, { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1, scheduledFor }));
const rideOf = async (t: TestApp, id: string) => (await t.kv.get<Ride>(keys.ride("greer", id))).value!;
const riderTexts = (t: TestApp) =>
  t.sms.sent.filter((m) => m.to === RIDER && m.body.startsWith("City of Greer")).map((m) => m.body);

describe("blocking an admin", () => {
  it("is refused to a fellow admin, either way, and left to super admins", async () => {
    using t = await makeApp();
    const { admin, rider2 } = await rideWorld(t);
    const boss = await superAdmin(t);
    await t.request(`/greer/api/user/${rider2.user.id}/roles`, post(boss.token, { role: "admin" }));

    const refused = await block(t, admin.token, rider2.user.id, true);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Only super admins can block or unblock admins" });
    expect((await getMembership(t.kv, "greer", rider2.user.id))?.blocked).toBeUndefined();
    expect((await t.request("/greer/api/users", bearer(rider2.token))).status).toBe(200);

    expect((await block(t, boss.token, rider2.user.id, true)).status).toBe(200);
    expect((await t.request("/greer/api/users", bearer(rider2.token))).status).toBe(403);
    const unblock = await block(t, admin.token, rider2.user.id, false);
    expect(unblock.status).toBe(403);
    expect((await getMembership(t.kv, "greer", rider2.user.id))?.blocked).toBe(true);
    expect((await block(t, boss.token, rider2.user.id, false)).status).toBe(200);
  });
});

describe("a block ends the rider's open rides", () => {
  it("cancels their booking and their pending ride, as staff, and texts them each", async () => {
    using t = await makeApp();
    const { admin, rider, driver } = await rideWorld(t);
    const booked = (await (await book(t, rider.token, START + 2 * 60 * MIN)).json()).ride;
    const pending = (await (await requestRide(t, rider.token)).json()).ride;

    expect((await block(t, admin.token, rider.user.id, true)).status).toBe(200);
    for (const id of [booked.id, pending.id]) {
      expect(await rideOf(t, id)).toMatchObject({ status: "canceled", canceledBy: "staff" });
    }
    expect(await (await t.request("/greer/api/driver/rides", bearer(driver.token))).json()).toEqual([]);
    expect(riderTexts(t).sort()).toEqual([
      "City of Greer: your ride for 12:00 PM was canceled because your access to this service has been suspended.",
      "City of Greer: your ride was canceled because your access to this service has been suspended.",
    ]);
    // Blocking again cancels and texts nothing more.
    await block(t, admin.token, rider.user.id, false);
    await block(t, admin.token, rider.user.id, true);
    expect(riderTexts(t)).toHaveLength(2);
  });

  it("texts in the rider's language", async () => {
    using t = await makeApp();
    const { admin, rider } = await rideWorld(t);
    await t.request("/api/users/profile", { ...post(rider.token, { language: "es" }), method: "PUT" });
    await requestRide(t, rider.token);
    await block(t, admin.token, rider.user.id, true);
    expect(riderTexts(t)).toEqual([
      "City of Greer: se canceló su viaje porque se suspendió su acceso a este servicio.",
    ]);
  });

  it("leaves a ride already under way alone", async () => {
    using t = await makeApp();
    const { admin, rider, driver } = await rideWorld(t);
    const { ride } = await (await requestRide(t, rider.token)).json();
    for (const status of ["accepted", "on-the-way", "arrived"]) {
      const res = await t.request(`/greer/api/rides/${ride.id}`, { ...post(driver.token, { status }), method: "PUT" });
      expect(res.status, status).toBe(200);
    }
    await block(t, admin.token, rider.user.id, true);
    expect((await rideOf(t, ride.id)).status).toBe("arrived");
    expect(riderTexts(t).filter((text) => text.includes("suspended"))).toEqual([]);
  });
});

describe("the hand-over sweep and a blocked rider", () => {
  it("cancels the booking instead of handing it over, and tells the rider", async () => {
    using t = await makeApp();
    const { admin, rider, driver } = await rideWorld(t);
    const at = START + 2 * 60 * MIN;
    const { ride } = await (await book(t, rider.token, at)).json();
    // Blocked where no ride is canceled with it (another process, or a block from before this rule).
    await setBlocked(t.kv, { tenant: "greer", userId: rider.user.id, blocked: true, by: admin.user.id, now: START });
    expect((await rideOf(t, ride.id)).status).toBe("scheduled");

    t.clock.set(at - 20 * MIN);
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [], canceled: [ride.id] });
    expect(await rideOf(t, ride.id)).toMatchObject({ status: "canceled", canceledBy: "staff" });
    expect(await (await t.request("/greer/api/driver/rides", bearer(driver.token))).json()).toEqual([]);
    expect(riderTexts(t)).toEqual([
      "City of Greer: your ride for 12:00 PM was canceled because your access to this service has been suspended.",
    ]);
    expect(t.log.events.filter((e) => e.event === "ride.booking_canceled")).toEqual([
      expect.objectContaining({ rideId: ride.id, reason: "rider_blocked" }),
    ]);
    // A second sweep finds nothing due.
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [], canceled: [] });
  });
});
