/**
 * Booking to arrive by a time: POST /{t}/api/rides with arriveBy instead of scheduledFor. The arrival time meets the
 * bounds of a pickup time; drivers mode sets the pickup from the trip's estimated time and the tenant's longest wait,
 * and automatic dispatch plans the drop-off by the arrival time (domain/bookings/booking_time.ts,
 * domain/dispatch/place.ts).
 *
 * The fake clock starts on Monday 5 January 2026 at 15:00 UTC, 10:00 in Greer (America/New_York); the demo schedule
 * runs 07:00-19:00 Monday to Friday there.
 */
import { describe, expect, it } from "vitest";
import { handOverDue } from "../../domain/bookings/hand_over.ts";
import { findPlacement } from "../../domain/dispatch/place.ts";
import { estimateMs } from "../../domain/dispatch/travel.ts";
import { keys } from "../../kv/keys.ts";
import { getPlan, readFleet } from "../../kv/plans.ts";
import { createVehicle } from "../../kv/vehicles.ts";
import type { Ride } from "../../lib/rides.ts";
import { noticeDeps } from "../../server/rider_updates.ts";
import { bearer, makeApp, signIn } from "../helpers/app.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { CENTRE, INSIDE, INSIDE_2, post, put, rideWorld, type TestApp } from "../helpers/rides.ts";

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** Monday 5 January 2026, 10:00 in Greer. */
const START = Date.UTC(2026, 0, 5, 15, 0);
/** Noon in Greer the same day. */
const NOON = START + 2 * 60 * MIN;
/** The trip from INSIDE to INSIDE_2 by the estimate, with the minute at the pickup. */
const TRIP = estimateMs(INSIDE, INSIDE_2) + MIN;
const floorMinute = (ms: number) => Math.floor(ms / MIN) * MIN;

function book(t: TestApp, token: string, body: Record<string, unknown>, lang?: string) {
  const init = post(token, { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1, ...body });
  const headers = new Headers(init.headers);
  if (lang) headers.set("accept-language", lang);
  return t.request("/greer/api/rides", { ...init, headers });
}

describe("arrive by: drivers mode", () => {
  it("sets the pickup from the trip's estimate and the longest wait, keeps arriveBy, and lists it", async () => {
    using t = await makeApp();
    const { rider, admin } = await rideWorld(t);
    const res = await book(t, rider.token, { arriveBy: NOON });
    expect(res.status).toBe(201);
    const { ride } = await res.json();
    // 15 minutes of wait (the default) and the trip before noon, on the whole minute.
    expect(ride).toMatchObject({
      status: "scheduled",
      arriveBy: NOON,
      scheduledFor: floorMinute(NOON - TRIP - 15 * MIN),
    });
    expect(ride.scheduledFor).toBeLessThan(NOON - 15 * MIN);
    expect((await t.kv.get<Ride>(keys.ride("greer", ride.id))).value).toMatchObject({ arriveBy: NOON });
    const upcoming = await (await t.request("/greer/api/rides/upcoming", bearer(rider.token))).json();
    expect(upcoming.rides).toEqual([expect.objectContaining({ id: ride.id, arriveBy: NOON })]);

    // A longer wait set by an admin moves the pickup of the next booking earlier by the difference.
    const set = await t.request("/greer/api/admin/settings", put(admin.token, { maxWaitMinutes: 30 }));
    expect(set.status).toBe(200);
    const later = await (await book(t, rider.token, { arriveBy: NOON + DAY })).json();
    expect(later.ride.scheduledFor).toBe(floorMinute(NOON + DAY - TRIP - 30 * MIN));
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("is handed over at its pickup time less 20 minutes, like any booking", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const { ride } = await (await book(t, rider.token, { arriveBy: NOON })).json();
    t.clock.set(ride.scheduledFor - 21 * MIN);
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [], canceled: [] });
    t.clock.set(ride.scheduledFor - 20 * MIN);
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [ride.id], canceled: [] });
    expect((await t.kv.get<Ride>(keys.ride("greer", ride.id))).value).toMatchObject({
      status: "pending",
      arriveBy: NOON,
    });
  });
});

describe("arrive by: the bounds", () => {
  it("refuses both fields at once, naming them, and an arrival that is not a time", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const both = await book(t, rider.token, { arriveBy: NOON, scheduledFor: NOON - 30 * MIN });
    expect(both.status).toBe(400);
    expect(await both.json()).toEqual({ error: "Send scheduledFor or arriveBy, not both" });
    for (const value of ["noon", 1.5, true, { at: 1 }]) {
      const res = await book(t, rider.token, { arriveBy: value });
      expect(res.status, String(value)).toBe(400);
      expect(await res.json()).toEqual({ error: "The arrive-by time must be a time in milliseconds since 1970" });
    }
    const es = await book(t, rider.token, { arriveBy: "noon" }, "es");
    expect(await es.json()).toEqual({ error: "La hora de llegada debe ser una hora en milisegundos desde 1970" });
  });

  it("refuses an arrival or its pickup less than 30 minutes ahead", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const soon = await book(t, rider.token, { arriveBy: START + 29 * MIN });
    expect(soon.status).toBe(400);
    expect(await soon.json()).toEqual({ error: "Book at least 30 minutes ahead." });
    // 40 minutes ahead passes as a time, but its pickup would be about 20 minutes from now.
    const pickupSoon = await book(t, rider.token, { arriveBy: START + 40 * MIN });
    expect(pickupSoon.status).toBe(400);
    expect(await pickupSoon.json()).toEqual({ error: "Book at least 30 minutes ahead." });
    expect((await book(t, rider.token, { arriveBy: START + 60 * MIN })).status).toBe(201);
  });

  it("refuses an arrival past the days ahead, on a day without service, and outside the hours", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const far = await book(t, rider.token, { arriveBy: START + 7 * DAY + MIN });
    expect(await far.json()).toEqual({ error: "Book at most 7 days ahead." });
    const saturday = await book(t, rider.token, { arriveBy: Date.UTC(2026, 0, 10, 17, 0) });
    expect(saturday.status).toBe(400);
    expect(await saturday.json()).toEqual({ error: "No service on Saturday." });
    // 19:00, the end of the hours, is out, as for a pickup time.
    const closing = await book(t, rider.token, { arriveBy: Date.UTC(2026, 0, 6, 0, 0) });
    expect(await closing.json()).toEqual({ error: "The shuttle runs 7:00 AM – 7:00 PM on Monday." });
    // 07:10 on Tuesday is inside the hours, but its pickup would be before 07:00.
    const early = await book(t, rider.token, { arriveBy: Date.UTC(2026, 0, 6, 12, 10) });
    expect(await early.json()).toEqual({ error: "The shuttle runs 7:00 AM – 7:00 PM on Tuesday." });
  });

  it("needs a drop-off point: a typed destination alone has no trip to time", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const res = await t.request(
      "/greer/api/rides",
      post(rider.token, { pickup: INSIDE, destination: "Library", arriveBy: NOON }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "To arrive by a time, choose the destination on the map or from the list.",
    });
  });
});

describe("arrive by: automatic dispatch", () => {
  function at(north: number, east: number) {
    return {
      lat: CENTRE.lat + north / 111.2,
      lng: CENTRE.lng + east / (111.2 * Math.cos((CENTRE.lat * Math.PI) / 180)),
    };
  }

  async function automatic(t: TestApp) {
    const w = await rideWorld(t);
    const res = await t.request(
      "/greer/api/admin/settings",
      put(w.admin.token, {
        dispatchMode: "automatic",
        serviceArea: { ...CENTRE, radiusMeters: 20_000, label: "Greer" },
      }),
    );
    expect(res.status).toBe(200);
    const made = await createVehicle(t.kv, "greer", { name: "Van A", seats: 12, wheelchairSpaces: 1 }, "test", START);
    if (!made.ok) throw new Error(made.reason);
    return { ...w, van: made.vehicle.id };
  }

  it("plans the drop-off by the arrival time: the plan's drop-off window ends at it", async () => {
    using t = await makeApp();
    const { rider, driver, van } = await automatic(t);
    const booked = await book(t, rider.token, { pickup: at(0, 0), dropoff: at(0, 3), arriveBy: NOON });
    expect(booked.status).toBe(201);
    const { ride } = await booked.json();
    expect(ride.scheduledFor).toBe(floorMinute(NOON - estimateMs(at(0, 0), at(0, 3)) - MIN - 15 * MIN));
    t.clock.set(ride.scheduledFor - 20 * MIN);
    const online = await t.request(
      "/greer/api/drivers/availability",
      put(driver.token, { isAvailable: true, location: at(0, -1), vehicleId: van }),
    );
    expect(online.status).toBe(200);
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [ride.id], canceled: [] });
    const planned = (await t.kv.get<Ride>(keys.ride("greer", ride.id))).value!;
    expect(planned).toMatchObject({ status: "accepted", vehicleId: van, arriveBy: NOON });
    expect(planned.dropoffAt).toBeLessThanOrEqual(NOON);
    const plan = (await getPlan(t.kv, "greer", van)).value!;
    const dropoff = plan.stops.find((s) => s.rideId === ride.id && s.kind === "dropoff")!;
    expect(dropoff.latest).toBe(NOON);
    expect(dropoff.plannedAt).toBeLessThanOrEqual(NOON);
  });

  it("places no vehicle that cannot drop the rider off by the arrival time, though it could pick them up in time", async () => {
    using t = await makeApp();
    const { driver, van } = await automatic(t);
    t.clock.set(NOON - 30 * MIN);
    const online = await t.request(
      "/greer/api/drivers/availability",
      put(driver.token, { isAvailable: true, location: at(0, 0), vehicleId: van }),
    );
    expect(online.status).toBe(200);
    const fleet = await readFleet(t.kv, "greer", NOON - 30 * MIN);
    const settings = { maxWaitMinutes: 15, maxRideFactor: 2, maxRideExtraMinutes: 10, pooling: true };
    // A 6 km trip takes about 20 minutes: picked up at once, the rider reaches it after 12:00, not by 11:45.
    const ride = {
      rideId: "01ARRIVEBY0000000000000000",
      pickup: at(0, 0),
      pickupName: null,
      dropoff: at(0, 6),
      destination: null,
      passengerCt: 1,
      needs: [],
      earliest: NOON - 30 * MIN,
      latest: NOON - 15 * MIN,
    };
    const free = await findPlacement("greer", fleet, ride, settings, NOON - 30 * MIN);
    expect(free?.dropoffAt).toBeGreaterThan(NOON - 15 * MIN);
    expect(await findPlacement("greer", fleet, { ...ride, arriveBy: NOON - 15 * MIN }, settings, NOON - 30 * MIN))
      .toBeNull();
    const kept = await findPlacement("greer", fleet, { ...ride, arriveBy: NOON }, settings, NOON - 30 * MIN);
    expect(kept?.dropoffAt).toBeLessThanOrEqual(NOON);
  });
});
