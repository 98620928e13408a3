/**
 * The booking hand-over applies the rules of a ride request made then
 * (domain/rides/request.ts, through domain/bookings/hand_over.ts): a paused
 * service and a rider paused by the no-show policy each cancel the booking
 * instead of handing it over, by staff, and the rider is texted why in their
 * language, once. (A blocked rider's booking: tests/api/blocking.test.ts.)
 *
 * The fake clock starts on Monday 5 January 2026 at 15:00 UTC, 10:00 in Greer.
 */
import { describe, expect, it } from "vitest";
import { handOverDue } from "../../domain/bookings/hand_over.ts";
import { keys } from "../../kv/keys.ts";
import { recordNoShow } from "../../kv/no_shows.ts";
import type { Ride } from "../../lib/rides.ts";
import { noticeDeps } from "../../server/rider_updates.ts";
import { bearer, makeApp, superAdmin } from "../helpers/app.ts";
import { INSIDE, INSIDE_2, post, put, requestRide, rideWorld, type TestApp } from "../helpers/rides.ts";

const MIN = 60_000;
const START = Date.UTC(2026, 0, 5, 15, 0);
/** Noon in Greer, two hours on: handed over at 11:40. */
const AT = START + 2 * 60 * MIN;
const RIDER = "8645550142";

const book = (t: TestApp, token: string) =>
  t.request("/greer/api/rides", post(token, { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1, scheduledFor: AT }));
const rideOf = async (t: TestApp, id: string) => (await t.kv.get<Ride>(keys.ride("greer", id))).value!;
const riderTexts = (t: TestApp) =>
  // Intl writes the time with its own (narrow, no-break) spaces: compared as plain spaces.
  t.sms.sent.filter((m) => m.to === RIDER && m.body.startsWith("City of Greer")).map((m) => m.body.replace(/\s/g, " "));
const canceledEvents = (t: TestApp) => t.log.events.filter((e) => e.event === "ride.booking_canceled");

async function bookedWorld(language?: "es") {
  const t = await makeApp();
  const w = await rideWorld(t);
  if (language) {
    await t.request("/api/users/profile", { ...post(w.rider.token, { language }), method: "PUT" });
  }
  const res = await book(t, w.rider.token);
  expect(res.status).toBe(201);
  const { ride } = await res.json();
  return { t, w, ride: ride as Ride };
}

/** Three no-shows by the rider from 10:01 in Greer: the default policy pauses requests for 7 days from the last. */
async function pauseForNoShows(t: TestApp, riderId: string) {
  const op = t.kv.atomic();
  for (const i of [1, 2, 3]) recordNoShow(op, "greer", riderId, `missed-${i}`, START + i * MIN);
  expect((await op.commit()).ok).toBe(true);
}

async function pauseService(t: TestApp) {
  const boss = await superAdmin(t);
  const res = await t.request("/api/super/tenants/greer", put(boss.token, { status: "suspended" }));
  expect(res.status).toBe(200);
}

/** Sweeps at the booking's hand-over time and expects it canceled by staff, not in any driver's list. */
async function sweepCancels(t: TestApp, ride: Ride, driverToken: string) {
  t.clock.set(AT - 20 * MIN);
  expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [], canceled: [ride.id] });
  expect(await rideOf(t, ride.id)).toMatchObject({ status: "canceled", canceledBy: "staff" });
  expect(await (await t.request("/greer/api/driver/rides", bearer(driverToken))).json()).toEqual([]);
  // A second sweep finds nothing due, and texts nothing more.
  const texts = riderTexts(t).length;
  expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [], canceled: [] });
  expect(riderTexts(t)).toHaveLength(texts);
}

describe("the hand-over of a booking and a paused service", () => {
  it("cancels the booking instead of handing it over, and tells the rider why", async () => {
    const { t, w, ride } = await bookedWorld();
    using _ = t;
    await pauseService(t);
    // The same rule as a request made now: refused with the paused text.
    expect((await requestRide(t, w.rider2.token)).status).toBe(503);

    await sweepCancels(t, ride, w.driver.token);
    expect(riderTexts(t)).toEqual([
      "City of Greer: your ride for 12:00 PM was canceled because this service is paused.",
    ]);
    expect(canceledEvents(t)).toEqual([expect.objectContaining({ rideId: ride.id, reason: "service_paused" })]);
  });

  it("texts in the rider's language", async () => {
    const { t, w, ride } = await bookedWorld("es");
    using _ = t;
    await pauseService(t);
    await sweepCancels(t, ride, w.driver.token);
    expect(riderTexts(t)).toEqual([
      "City of Greer: se canceló su viaje de las 12:00 p.m. porque este servicio está en pausa.",
    ]);
  });
});

describe("the hand-over of a booking and a rider paused by the no-show policy", () => {
  it("cancels the booking instead of handing it over, and tells the rider until when", async () => {
    const { t, w, ride } = await bookedWorld();
    using _ = t;
    await pauseForNoShows(t, w.rider.user.id);
    // The same rule as a request made now: refused with the pause's text.
    t.clock.set(AT - 20 * MIN);
    const refused = await requestRide(t, w.rider.token);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toContain("Ride requests are paused until Monday, January 12");

    await sweepCancels(t, ride, w.driver.token);
    expect(riderTexts(t)).toEqual([
      "City of Greer: your ride for 12:00 PM was canceled. Ride requests are paused until Monday, January 12 after missed pickups.",
    ]);
    expect(canceledEvents(t)).toEqual([expect.objectContaining({ rideId: ride.id, reason: "rider_paused" })]);
  });

  it("texts in the rider's language", async () => {
    const { t, w, ride } = await bookedWorld("es");
    using _ = t;
    await pauseForNoShows(t, w.rider.user.id);
    await sweepCancels(t, ride, w.driver.token);
    expect(riderTexts(t)).toEqual([
      "City of Greer: se canceló su viaje de las 12:00 p.m.: sus solicitudes están pausadas hasta el lunes, 12 de enero por no presentarse.",
    ]);
  });

  it("hands over another rider's booking in the same sweep", async () => {
    const { t, w, ride } = await bookedWorld();
    using _ = t;
    const other = (await (await book(t, w.rider2.token)).json()).ride as Ride;
    await pauseForNoShows(t, w.rider.user.id);
    t.clock.set(AT - 20 * MIN);
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [other.id], canceled: [ride.id] });
    expect((await rideOf(t, other.id)).status).toBe("pending");
  });
});
