/**
 * A rider changes a ride: PUT /{t}/api/rides/{id} with the ride's fields instead of a status (domain/rides/change.ts).
 * Before its hand-over a booking's time, pickup, destination, passengers, needs and note change under the rules of a
 * new booking; after it only the pickup moves, by at most 50 m, and only until the driver is on the way.
 *
 * The fake clock starts on Monday 5 January 2026 at 15:00 UTC, 10:00 in Greer (America/New_York); the demo schedule
 * runs 07:00-19:00 Monday to Friday there.
 */
import { describe, expect, it } from "vitest";
import { handOverDue } from "../../domain/bookings/hand_over.ts";
import { listAudit } from "../../kv/audit.ts";
import { keys } from "../../kv/keys.ts";
import { createPlace } from "../../kv/places.ts";
import { getPlan } from "../../kv/plans.ts";
import { createVehicle } from "../../kv/vehicles.ts";
import type { Ride } from "../../lib/rides.ts";
import { noticeDeps } from "../../server/rider_updates.ts";
import { bearer, makeApp, signIn } from "../helpers/app.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { CENTRE, INSIDE, INSIDE_2, move, post, put, rideWorld, type TestApp } from "../helpers/rides.ts";

const MIN = 60_000;
/** Monday 5 January 2026, 10:00 in Greer. */
const START = Date.UTC(2026, 0, 5, 15, 0);
const NOON = START + 2 * 60 * MIN;

/** A point `north` and `east` metres from `from`. */
function offset(from: { lat: number; lng: number }, north: number, east = 0) {
  return {
    lat: from.lat + north / 111_200,
    lng: from.lng + east / (111_200 * Math.cos((from.lat * Math.PI) / 180)),
  };
}

async function book(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<Ride> {
  const res = await t.request(
    "/greer/api/rides",
    post(token, { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1, scheduledFor: NOON, ...body }),
  );
  if (res.status !== 201) throw new Error(`booking answered ${res.status}: ${await res.text()}`);
  return (await res.json()).ride;
}

function change(t: TestApp, token: string, id: string, body: unknown, lang?: string) {
  const init = put(token, body);
  const headers = new Headers(init.headers);
  if (lang) headers.set("accept-language", lang);
  return t.request(`/greer/api/rides/${id}`, { ...init, headers });
}

const stored = async (t: TestApp, id: string) => (await t.kv.get<Ride>(keys.ride("greer", id))).value!;

describe("changing a booking before its hand-over", () => {
  it("moves its time: same id, the hand-over follows the new time, and the change is recorded", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const booked = await book(t, rider.token);
    const res = await change(t, rider.token, booked.id, { scheduledFor: NOON + 60 * MIN });
    expect(res.status).toBe(200);
    const { ride } = await res.json();
    expect(ride).toMatchObject({ id: booked.id, status: "scheduled", scheduledFor: NOON + 60 * MIN, updatedAt: START });
    expect(await stored(t, booked.id)).toMatchObject({ scheduledFor: NOON + 60 * MIN, requestedAt: START });
    const upcoming = await (await t.request("/greer/api/rides/upcoming", bearer(rider.token))).json();
    expect(upcoming.rides.map((r: Ride) => [r.id, r.scheduledFor])).toEqual([[booked.id, NOON + 60 * MIN]]);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
    // The old time no longer hands it over; the new one does.
    t.clock.set(NOON - 20 * MIN);
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [], canceled: [] });
    t.clock.set(NOON + 40 * MIN);
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [booked.id], canceled: [] });
    const audit = (await listAudit(t.kv, "greer")).filter((a) => a.action === "ride.changed");
    expect(audit).toEqual([
      expect.objectContaining({
        by: rider.user.id,
        target: booked.id,
        details: { fields: ["scheduledFor"], status: "scheduled" },
      }),
    ]);
  });

  it("turns a pickup time into an arrival time and back", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const booked = await book(t, rider.token);
    const arrive = await change(t, rider.token, booked.id, { arriveBy: NOON + 60 * MIN });
    expect(arrive.status).toBe(200);
    const { ride } = await arrive.json();
    expect(ride.arriveBy).toBe(NOON + 60 * MIN);
    expect(ride.scheduledFor).toBeLessThan(NOON + 45 * MIN);
    expect(ride.scheduledFor).toBeGreaterThan(NOON + 30 * MIN);
    // A change of the pickup alone keeps the arrival time, and sets the pickup time again from the new trip.
    const farther = await change(t, rider.token, booked.id, { pickup: offset(CENTRE, 0, 600) });
    expect(farther.status).toBe(200);
    const moved = (await farther.json()).ride;
    expect(moved.arriveBy).toBe(NOON + 60 * MIN);
    expect(moved.scheduledFor).toBeLessThan(ride.scheduledFor);
    const back = await change(t, rider.token, booked.id, { scheduledFor: NOON });
    expect(back.status).toBe(200);
    expect((await back.json()).ride).toMatchObject({ scheduledFor: NOON });
    expect(await stored(t, booked.id)).not.toHaveProperty("arriveBy");
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("changes the pickup to a place, the destination, passengers, needs and note, keeping what is not sent", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const made = await createPlace(
      t.kv,
      "greer",
      { name: "Tucker Library", lat: INSIDE_2.lat, lng: INSIDE_2.lng, note: "north entrance" },
      "test",
      START,
    );
    if (!made.ok) throw new Error(made.reason);
    const booked = await book(t, rider.token, { note: "blue door" });
    const res = await change(t, rider.token, booked.id, {
      pickupPlaceId: made.place.id,
      dropoff: INSIDE,
      destination: "Library",
      passengerCt: 3,
      needs: ["wheelchair"],
    });
    expect(res.status).toBe(200);
    expect(await stored(t, booked.id)).toMatchObject({
      id: booked.id,
      pickup: { lat: INSIDE_2.lat, lng: INSIDE_2.lng },
      pickupName: "Tucker Library (north entrance)",
      dropoff: INSIDE,
      destination: "Library",
      passengerCt: 3,
      needs: ["wheelchair"],
      note: "blue door",
      scheduledFor: NOON,
    });
    // An empty note clears it; the rest stays.
    expect((await change(t, rider.token, booked.id, { note: "" })).status).toBe(200);
    const cleared = await stored(t, booked.id);
    expect(cleared).not.toHaveProperty("note");
    expect(cleared).toMatchObject({ passengerCt: 3, pickupName: "Tucker Library (north entrance)" });
  });

  it("refuses what a new booking would refuse, and changes nothing then", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const booked = await book(t, rider.token);
    const refusals: [unknown, string][] = [
      [{ passengerCt: 6 }, "Passengers must be a whole number from 1 to 5"],
      [{ scheduledFor: START + 29 * MIN }, "Book at least 30 minutes ahead."],
      [{ scheduledFor: Date.UTC(2026, 0, 10, 17, 0) }, "No service on Saturday."],
      [{ scheduledFor: NOON, arriveBy: NOON + 60 * MIN }, "Send scheduledFor or arriveBy, not both"],
      [
        { pickup: { lat: 34.9650, lng: -82.2271 } },
        "Sorry, that location is outside our service area. Please select a location within 1 mile of downtown Greer.",
      ],
      [{ pickupPlaceId: "01HZZZZZZZZZZZZZZZZZZZZZZZ" }, "Unknown place"],
      [{ needs: ["jetpack"] }, "Needs must be a list of: wheelchair, mobility-aid, service-animal, assistance"],
      [{}, "Send at least one of the ride's fields to change"],
      [{ status: "canceled", passengerCt: 2 }, "Send status alone, or the ride's changes without it"],
    ];
    for (const [body, error] of refusals) {
      const res = await change(t, rider.token, booked.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json(), JSON.stringify(body)).toEqual({ error });
    }
    const es = await change(t, rider.token, booked.id, {}, "es");
    expect(await es.json()).toEqual({ error: "Envíe al menos uno de los campos del viaje para cambiarlo" });
    expect(await stored(t, booked.id)).toEqual(booked);
  });

  it("answers 404 for another rider's ride, a driver's and an admin's alike", async () => {
    using t = await makeApp();
    const { rider, rider2, driver, admin } = await rideWorld(t);
    const booked = await book(t, rider.token);
    for (const other of [rider2, driver, admin]) {
      const res = await change(t, other.token, booked.id, { passengerCt: 2 });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Ride not found" });
    }
    expect(await stored(t, booked.id)).toEqual(booked);
  });

  it("answers 409 when the booking was handed over while the change was being read", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const booked = await book(t, rider.token, { scheduledFor: START + 40 * MIN });
    // The change reads the booking; before it commits, the hand-over (due in 20 minutes) moves it to pending.
    const get = t.kv.get.bind(t.kv);
    let raced = false;
    t.kv.get = (async (key: Deno.KvKey, options?: { consistency?: Deno.KvConsistencyLevel }) => {
      const read = await get(key, options);
      if (!raced && key.join("/") === keys.ride("greer", booked.id).join("/")) {
        raced = true;
        t.clock.set(START + 20 * MIN);
        await handOverDue(noticeDeps(t));
      }
      return read;
    }) as typeof t.kv.get;
    const res = await change(t, rider.token, booked.id, { scheduledFor: START + 60 * MIN });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "This ride changed meanwhile. Look at it again and try again." });
    expect(await stored(t, booked.id)).toMatchObject({ status: "pending", scheduledFor: START + 40 * MIN });
  });
});

describe("changing a ride after its hand-over", () => {
  it("moves the pickup by up to 50 m until the driver is on the way, and nothing else", async () => {
    using t = await makeApp();
    const { rider, driver } = await rideWorld(t);
    const booked = await book(t, rider.token, { scheduledFor: START + 40 * MIN });
    t.clock.set(START + 20 * MIN);
    expect((await handOverDue(noticeDeps(t))).handedOver).toEqual([booked.id]);

    const time = await change(t, rider.token, booked.id, { scheduledFor: START + 60 * MIN });
    expect(time.status).toBe(409);
    expect(await time.json()).toEqual({
      error: "A driver has this ride now: only the pickup can move, by at most 50 m.",
    });
    const passengers = await change(t, rider.token, booked.id, { pickup: offset(INSIDE, 10), passengerCt: 2 });
    expect(passengers.status).toBe(409);

    const near = offset(INSIDE, 40);
    const moved = await change(t, rider.token, booked.id, { pickup: near });
    expect(moved.status).toBe(200);
    expect((await moved.json()).ride).toMatchObject({ id: booked.id, status: "pending", pickup: near });
    const far = await change(t, rider.token, booked.id, { pickup: offset(near, 60) });
    expect(far.status).toBe(409);
    expect(await far.json()).toEqual({ error: "Once a driver has the ride, the pickup can move at most 50 m." });
    const es = await change(t, rider.token, booked.id, { pickup: offset(near, 60) }, "es");
    expect(await es.json()).toEqual({
      error: "Cuando un conductor tiene el viaje, la recogida se puede mover como máximo 50 m.",
    });

    expect((await move(t, driver.token, booked.id, "accepted")).status).toBe(200);
    expect((await change(t, rider.token, booked.id, { pickup: offset(near, 20) })).status).toBe(200);
    expect((await move(t, driver.token, booked.id, "on-the-way")).status).toBe(200);
    const late = await change(t, rider.token, booked.id, { pickup: near });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: "The driver is on the way: the pickup can no longer change." });
    expect((await stored(t, booked.id)).pickup).toEqual(offset(near, 20));
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("refuses a change to a ride that ended", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const booked = await book(t, rider.token);
    expect((await move(t, rider.token, booked.id, "canceled")).status).toBe(200);
    const res = await change(t, rider.token, booked.id, { pickup: INSIDE });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "This ride has ended and can no longer change." });
  });

  it("in automatic dispatch, moves the plan's pickup stop with the ride and times it again", async () => {
    using t = await makeApp();
    const { rider, driver, admin } = await rideWorld(t);
    const settings = await t.request(
      "/greer/api/admin/settings",
      put(admin.token, { dispatchMode: "automatic", serviceArea: { ...CENTRE, radiusMeters: 20_000, label: "Greer" } }),
    );
    expect(settings.status).toBe(200);
    const made = await createVehicle(t.kv, "greer", { name: "Van A", seats: 12, wheelchairSpaces: 1 }, "test", START);
    if (!made.ok) throw new Error(made.reason);
    const booked = await book(t, rider.token, {
      pickup: CENTRE,
      dropoff: offset(CENTRE, 2000),
      arriveBy: NOON,
      scheduledFor: undefined,
    });
    t.clock.set(booked.scheduledFor! - 20 * MIN);
    const online = await t.request(
      "/greer/api/drivers/availability",
      put(driver.token, { isAvailable: true, location: offset(CENTRE, -200), vehicleId: made.vehicle.id }),
    );
    expect(online.status).toBe(200);
    expect((await handOverDue(noticeDeps(t))).handedOver).toEqual([booked.id]);
    // Later the driver reports from 3 km south, behind the time planned: the change times the plan from there.
    t.clock.set(booked.scheduledFor! - 2 * MIN);
    const behind = await t.request("/greer/api/users/location", put(driver.token, { location: offset(CENTRE, -3000) }));
    expect(behind.status).toBe(200);
    const before = (await getPlan(t.kv, "greer", made.vehicle.id)).value!;

    const near = offset(CENTRE, 45);
    const res = await change(t, rider.token, booked.id, { pickup: near });
    expect(res.status).toBe(200);
    const plan = (await getPlan(t.kv, "greer", made.vehicle.id)).value!;
    const pickup = plan.stops.find((s) => s.rideId === booked.id && s.kind === "pickup")!;
    expect(pickup.point).toEqual(near);
    // Timed again from the driver 3 km south: 45 m farther from them, the pickup is planned later than it was.
    const was = before.stops.find((s) => s.rideId === booked.id && s.kind === "pickup")!;
    expect(pickup.plannedAt).toBeGreaterThan(was.plannedAt);
    expect(plan.updatedAt).toBe(t.clock.now());
    expect(await stored(t, booked.id)).toMatchObject({ status: "accepted", pickup: near, vehicleId: made.vehicle.id });
    expect((await change(t, rider.token, booked.id, { pickup: offset(near, 80) })).status).toBe(409);
  });
});

describe("signed out and other organisations", () => {
  it("answers 401 signed out", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const booked = await book(t, rider.token);
    const res = await t.request(`/greer/api/rides/${booked.id}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ passengerCt: 2 }),
    });
    expect(res.status).toBe(401);
  });
});
