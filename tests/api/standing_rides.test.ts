/**
 * Standing rides: GET/POST /{t}/api/rides/recurring, PUT/DELETE
 * /rides/recurring/{id}, and the sweep that books each date as it enters the
 * booking window (domain/bookings/standing_sweep.ts), run over a month on the
 * fake clock with the booking hand-over beside it, as server/hand_over.ts runs
 * them.
 *
 * The fake clock starts on Monday 5 January 2026 at 15:00 UTC, 10:00 in Greer
 * (America/New_York); the demo schedule runs 07:00-19:00 Monday to Friday,
 * and riders may book 7 days ahead.
 */
import { describe, expect, it } from "vitest";
import { handOverDue } from "../../domain/bookings/hand_over.ts";
import { bookStandingRides } from "../../domain/bookings/standing_sweep.ts";
import { changeRole } from "../../kv/members.ts";
import { keys } from "../../kv/keys.ts";
import { localTime } from "../../lib/booking.ts";
import type { Ride } from "../../lib/rides.ts";
import { noticeDeps } from "../../server/rider_updates.ts";
import { bearer, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { INSIDE, INSIDE_2, move, post, put, rideWorld, type TestApp } from "../helpers/rides.ts";

const MIN = 60_000;
const HOUR = 60 * MIN;
const RIDER_PHONE = "8645550142";

/** A Monday-Wednesday-Friday ride at 8:30 for January, as the rider's page sends it. */
const MWF = {
  pickup: INSIDE,
  dropoff: INSIDE_2,
  destination: "Dialysis center",
  passengerCt: 1,
  weekdays: [1, 3, 5],
  time: "08:30",
  startDate: "2026-01-05",
  endDate: "2026-01-30",
  skipDates: [],
  paused: false,
};

const URL = "/greer/api/rides/recurring";
const create = (t: TestApp, token: string, body: unknown) => t.request(URL, post(token, body));
const change = (t: TestApp, token: string, id: string, body: unknown) => t.request(`${URL}/${id}`, put(token, body));
const list = async (t: TestApp, token: string, query = "") => {
  const res = await t.request(URL + query, bearer(token));
  expect(res.status).toBe(200);
  return await res.json();
};

/** The sweeps of server/hand_over.ts, once. */
async function sweep(t: TestApp) {
  const deps = noticeDeps(t);
  await handOverDue(deps);
  return await bookStandingRides(deps);
}

/** The rider's rides in KV, by the local date of their booked time. */
async function bookedDates(t: TestApp, riderId: string): Promise<string[]> {
  const dates: string[] = [];
  for await (const e of t.kv.list<Ride>({ prefix: keys.rides("greer") })) {
    if (e.value.creatorId === riderId && e.value.scheduledFor) {
      dates.push(localTime(e.value.scheduledFor, "America/New_York").date);
    }
  }
  return dates.sort();
}

/** Runs the clock on hour by hour to `until`, sweeping each hour; the rider cancels each ride handed over to them. */
async function runUntil(t: TestApp, token: string, riderId: string, until: number) {
  while (t.clock.now() < until) {
    t.clock.advance(HOUR);
    await sweep(t);
    const active = (await t.kv.get<Ride>(keys.riderActive("greer", riderId))).value;
    if (active) expect((await move(t, token, active.id, "canceled")).status).toBe(200);
  }
}

const riderTexts = (t: TestApp) =>
  t.sms.sent.filter((m) => m.to === RIDER_PHONE && m.body.startsWith("City of Greer")).map((m) => m.body);

describe("standing rides: setting one up", () => {
  it("saves a rider's standing ride and lists it with its next three dates", async () => {
    using t = await makeApp();
    const rider = await signIn(t, RIDER_PHONE, "greer");
    const res = await create(t, rider.token, MWF);
    expect(res.status).toBe(201);
    const { standingRide } = await res.json();
    expect(standingRide).toMatchObject({
      riderId: rider.user.id,
      createdBy: rider.user.id,
      weekdays: [1, 3, 5],
      time: "08:30",
      startDate: "2026-01-05",
      endDate: "2026-01-30",
      paused: false,
      trip: { pickup: INSIDE, dropoff: INSIDE_2, destination: "Dialysis center", passengerCt: 1 },
    });
    const listed = await list(t, rider.token);
    expect(listed.maxStandingRides).toBe(5);
    expect(listed.standingRides).toHaveLength(1);
    // Today's 8:30 is past on the tenant's clock (10:00): the next three are Wednesday, Friday and Monday.
    expect(listed.standingRides[0].nextDates).toEqual(["2026-01-07", "2026-01-09", "2026-01-12"]);
  });

  it("books an arrive-by ride's dates to arrive by that time, the pickup set before it", async () => {
    using t = await makeApp();
    const rider = await signIn(t, RIDER_PHONE, "greer");
    const { time: _, ...rest } = MWF;
    const res = await create(t, rider.token, { ...rest, arriveBy: "09:00" });
    expect(res.status).toBe(201);
    const { standingRide } = await res.json();
    expect(standingRide.arriveBy).toBe("09:00");
    expect(standingRide).not.toHaveProperty("time");
    await sweep(t);
    const { rides } = await (await t.request("/greer/api/rides/upcoming", bearer(rider.token))).json();
    // Wednesday 7, Friday 9 and Monday 12 January at 9:00 in Greer (14:00 UTC).
    expect(rides.map((r: Ride & { arriveBy?: number }) => r.arriveBy)).toEqual([
      Date.UTC(2026, 0, 7, 14, 0),
      Date.UTC(2026, 0, 9, 14, 0),
      Date.UTC(2026, 0, 12, 14, 0),
    ]);
    for (const ride of rides as (Ride & { arriveBy: number })[]) {
      expect(ride.scheduledFor).toBeLessThan(ride.arriveBy);
      expect(ride.scheduledFor).toBeGreaterThan(ride.arriveBy - 60 * MIN);
    }
  });

  it("refuses an arrive-by standing ride without a drop-off point", async () => {
    using t = await makeApp();
    const rider = await signIn(t, RIDER_PHONE, "greer");
    const { time: _, dropoff: __, ...rest } = MWF;
    const res = await create(t, rider.token, { ...rest, arriveBy: "09:00" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "To arrive by a time, choose the destination on the map or from the list.",
    });
  });

  it("lists today while its time is ahead, and leaves out a closed date and a day without service", async () => {
    using t = await makeApp();
    const { rider, admin } = await rideWorld(t);
    const { schedule } = await (await t.request("/greer/api/schedule")).json();
    await t.request("/greer/api/admin/schedule", put(admin.token, { schedule, closedDates: ["2026-01-07"] }));
    // Monday, Wednesday and Saturday at 11:00: today is still ahead; the 7th is closed; Saturdays have no service.
    await create(t, rider.token, { ...MWF, weekdays: [1, 3, 6], time: "11:00" });
    expect((await list(t, rider.token)).standingRides[0].nextDates).toEqual(["2026-01-05", "2026-01-12", "2026-01-14"]);
  });

  it("refuses a bad repeat or trip with the field's text, in English and Spanish", async () => {
    using t = await makeApp();
    const rider = await signIn(t, RIDER_PHONE, "greer");
    const cases: [Record<string, unknown>, string][] = [
      [{ weekdays: [] }, "Weekdays must be a list of days from 0 (Sunday) to 6 (Saturday)"],
      [{ weekdays: [7] }, "Weekdays must be a list of days from 0 (Sunday) to 6 (Saturday)"],
      [{ time: "8:30" }, "Send a pickup time or an arrive-by time, as HH:MM"],
      [{ time: "24:00" }, "Send a pickup time or an arrive-by time, as HH:MM"],
      [{ arriveBy: "09:00" }, "Send a pickup time or an arrive-by time, as HH:MM"],
      [{ startDate: "2026-02-30" }, "Start date must be a date as YYYY-MM-DD"],
      [{ endDate: "soon" }, "End date must be a date as YYYY-MM-DD"],
      [{ endDate: "2026-01-04" }, "The end date must not be before the start date"],
      [{ skipDates: ["2026-1-7"] }, "Skip dates must be a list of at most 60 dates as YYYY-MM-DD"],
      [{ paused: "no" }, "Paused must be true or false"],
      [{ passengerCt: 9 }, "Passengers must be a whole number from 1 to 5"],
      [{ pickupPlaceId: "01JZZZZZZZZZZZZZZZZZZZZZZZ" }, "Unknown place"],
    ];
    for (const [change, error] of cases) {
      const res = await create(t, rider.token, { ...MWF, ...change });
      expect(res.status, error).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    const es = await t.request(URL, {
      ...post(rider.token, { ...MWF, weekdays: [] }),
      headers: { ...post(rider.token, {}).headers, "accept-language": "es" },
    });
    expect(await es.json()).toEqual({ error: "Los días deben ser una lista de días de 0 (domingo) a 6 (sábado)" });
    expect((await list(t, rider.token)).standingRides).toEqual([]);
  });
});

describe("standing rides: whose they are", () => {
  it("answers 404 for another rider's standing ride, and lists only the rider's own", async () => {
    using t = await makeApp();
    const { rider, rider2 } = await rideWorld(t);
    const { standingRide } = await (await create(t, rider.token, MWF)).json();
    expect((await change(t, rider2.token, standingRide.id, { ...MWF, paused: true })).status).toBe(404);
    const del = await t.request(`${URL}/${standingRide.id}`, bearer(rider2.token, { method: "DELETE" }));
    expect(del.status).toBe(404);
    expect(await del.json()).toEqual({ error: "Standing ride not found" });
    expect((await list(t, rider2.token)).standingRides).toEqual([]);
    expect((await list(t, rider.token)).standingRides[0].paused).toBe(false);
  });

  it("lets a dispatcher set one up for a rider with riderId, and refuses riderId from anyone else", async () => {
    using t = await makeApp();
    const { rider, rider2 } = await rideWorld(t);
    const dispatcher = await signIn(t, "8645550170", "greer");
    await changeRole(t.kv, { tenant: "greer", userId: dispatcher.user.id, role: "dispatcher", add: true, now: 0 });
    const made = await create(t, dispatcher.token, { ...MWF, riderId: rider.user.id });
    expect(made.status).toBe(201);
    const { standingRide } = await made.json();
    expect(standingRide).toMatchObject({ riderId: rider.user.id, createdBy: dispatcher.user.id });
    expect((await list(t, rider.token)).standingRides.map((s: { id: string }) => s.id)).toEqual([standingRide.id]);
    expect((await list(t, dispatcher.token, `?riderId=${rider.user.id}`)).standingRides).toHaveLength(1);
    expect((await list(t, dispatcher.token)).standingRides).toEqual([]);
    // The dispatcher may pause it for the rider.
    expect((await change(t, dispatcher.token, standingRide.id, { ...MWF, paused: true })).status).toBe(200);

    const refused = await create(t, rider2.token, { ...MWF, riderId: rider.user.id });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Only a dispatcher may set up a standing ride for another rider" });
    const stranger = await create(t, dispatcher.token, { ...MWF, riderId: "01JZZZZZZZZZZZZZZZZZZZZZZZ" });
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ error: "Rider not found" });
  });
});

describe("standing rides: the rider's data", () => {
  it("lists them in the rider's data export, and drops them when the rider is removed from the tenant", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const root = await superAdmin(t);
    const { standingRide } = await (await create(t, rider.token, MWF)).json();
    const exported = await (await t.request("/api/users/me/export", bearer(rider.token))).json();
    expect(exported.standingRides).toEqual([standingRide]);

    const removed = await t.request(`/greer/api/user/${rider.user.id}`, bearer(root.token, { method: "DELETE" }));
    expect(removed.status).toBe(200);
    expect((await t.kv.get(keys.standingRide("greer", standingRide.id))).value).toBeNull();
    expect((await t.kv.get(keys.riderStandingRides("greer", rider.user.id))).value).toBeNull();
    expect((await sweep(t)).booked).toEqual([]);
  });
});

describe("standing rides: the cap", () => {
  it("refuses the sixth with 409 by default, and follows the tenant's setting", async () => {
    using t = await makeApp();
    const { rider, admin } = await rideWorld(t);
    for (let i = 0; i < 5; i++) expect((await create(t, rider.token, MWF)).status).toBe(201);
    const sixth = await create(t, rider.token, MWF);
    expect(sixth.status).toBe(409);
    expect(await sixth.json()).toEqual({ error: "You already have 5 standing rides." });

    const set = await t.request("/greer/api/admin/settings", put(admin.token, { maxStandingRides: 6 }));
    expect(set.status).toBe(200);
    expect((await set.json()).settings.maxStandingRides).toBe(6);
    expect((await create(t, rider.token, MWF)).status).toBe(201);
    const bad = await t.request("/greer/api/admin/settings", put(admin.token, { maxStandingRides: 21 }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "Standing rides per rider must be a whole number from 0 to 20",
      field: "maxStandingRides",
    });
  });

  it("lets only the cap through when several are set up at once (counted in each commit)", async () => {
    using t = await makeApp();
    const { rider, admin } = await rideWorld(t);
    await t.request("/greer/api/admin/settings", put(admin.token, { maxStandingRides: 2 }));
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(t, rider.token, MWF)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409]);
    expect((await list(t, rider.token)).standingRides).toHaveLength(2);
  });

  it("frees a place when one is deleted", async () => {
    using t = await makeApp();
    const { rider, admin } = await rideWorld(t);
    await t.request("/greer/api/admin/settings", put(admin.token, { maxStandingRides: 1 }));
    const { standingRide } = await (await create(t, rider.token, MWF)).json();
    expect((await create(t, rider.token, MWF)).status).toBe(409);
    const del = await t.request(`${URL}/${standingRide.id}`, bearer(rider.token, { method: "DELETE" }));
    expect(del.status).toBe(204);
    expect((await create(t, rider.token, MWF)).status).toBe(201);
  });
});

describe("closed dates", () => {
  it("an admin marks a date closed; a booking then is refused like a day without service", async () => {
    using t = await makeApp();
    const { rider, admin } = await rideWorld(t);
    const { schedule } = await (await t.request("/greer/api/schedule")).json();
    const saved = await t.request(
      "/greer/api/admin/schedule",
      put(admin.token, { schedule, closedDates: ["2026-01-09", "2026-01-07", "2026-01-09"] }),
    );
    expect(saved.status).toBe(200);
    expect((await saved.json()).closedDates).toEqual(["2026-01-07", "2026-01-09"]);
    expect((await (await t.request("/greer/api/schedule")).json()).closedDates).toEqual(["2026-01-07", "2026-01-09"]);
    // Left out, the closed dates stay.
    await t.request("/greer/api/admin/schedule", put(admin.token, { schedule }));
    expect((await (await t.request("/greer/api/schedule")).json()).closedDates).toEqual(["2026-01-07", "2026-01-09"]);

    const wednesdayNoon = Date.UTC(2026, 0, 7, 17, 0);
    const body = { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1, scheduledFor: wednesdayNoon };
    const refused = await t.request("/greer/api/rides", post(rider.token, body));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "The shuttle is closed on Wednesday, January 7." });
    const thursday = await t.request(
      "/greer/api/rides",
      post(rider.token, { ...body, scheduledFor: wednesdayNoon + 24 * HOUR }),
    );
    expect(thursday.status).toBe(201);
    // The Later choice offers no time on a closed date.
    const { booking } = await (await t.request("/greer/api/rides/upcoming", bearer(rider.token))).json();
    expect(booking.closedDates).toEqual(["2026-01-07", "2026-01-09"]);
  });

  it("refuses closed dates that are not dates", async () => {
    using t = await makeApp();
    const { admin } = await rideWorld(t);
    const { schedule } = await (await t.request("/greer/api/schedule")).json();
    for (const closedDates of [["2026-13-01"], "2026-01-07", [20260107]]) {
      const res = await t.request("/greer/api/admin/schedule", put(admin.token, { schedule, closedDates }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Closed dates must be a list of at most 100 dates as YYYY-MM-DD" });
    }
  });
});

describe("standing rides over a month", () => {
  it(
    "books each date as it enters the window, skips a skipped date and a closed day (texted once), stops at the end date",
    async () => {
      using t = await makeApp();
      const { rider, admin } = await rideWorld(t);
      const { schedule } = await (await t.request("/greer/api/schedule")).json();
      // Monday 19 January: a holiday.
      await t.request("/greer/api/admin/schedule", put(admin.token, { schedule, closedDates: ["2026-01-19"] }));
      const { standingRide } = await (await create(t, rider.token, { ...MWF, skipDates: ["2026-01-14"] })).json();

      // Today's 8:30 is past; the window (7 days) reaches Monday 12 January 10:00.
      const first = await sweep(t);
      expect(first.booked).toHaveLength(3);
      expect(await bookedDates(t, rider.user.id)).toEqual(["2026-01-07", "2026-01-09", "2026-01-12"]);
      // Idempotent: a second sweep, and two at once, make nothing more.
      await sweep(t);
      await Promise.all([sweep(t), sweep(t)]);
      expect(await bookedDates(t, rider.user.id)).toEqual(["2026-01-07", "2026-01-09", "2026-01-12"]);
      const made = await t.kv.get(keys.standingOccurrence("greer", standingRide.id, "2026-01-07"));
      expect(made.value).toMatchObject({ rideId: expect.any(String) });
      // The booking is an ordinary one: in the rider's list of bookings, at 8:30 in Greer.
      const { rides } = await (await t.request("/greer/api/rides/upcoming", bearer(rider.token))).json();
      expect(rides.map((r: Ride) => r.scheduledFor)).toContain(Date.UTC(2026, 0, 7, 13, 30));

      // No text before the closed Monday enters the window (12 January, 8:30).
      await runUntil(t, rider.token, rider.user.id, Date.UTC(2026, 0, 12, 13, 0));
      expect(riderTexts(t).filter((m) => m.includes("standing ride"))).toEqual([]);
      await runUntil(t, rider.token, rider.user.id, Date.UTC(2026, 1, 3, 15, 0));
      expect(await bookedDates(t, rider.user.id)).toEqual([
        "2026-01-07",
        "2026-01-09",
        "2026-01-12",
        "2026-01-16",
        "2026-01-21",
        "2026-01-23",
        "2026-01-26",
        "2026-01-28",
        "2026-01-30",
      ]);
      expect(riderTexts(t).filter((m) => m.includes("standing ride"))).toEqual([
        "City of Greer: no shuttle runs on Monday, January 19, so your standing ride that day is skipped.",
      ]);
      expect((await t.kv.get(keys.standingOccurrence("greer", standingRide.id, "2026-01-19"))).value).toEqual({
        skipped: "closed",
      });
    },
    120_000,
  );

  it("texts a skipped closed day in the rider's language", async () => {
    using t = await makeApp();
    const { rider, admin } = await rideWorld(t);
    await t.request("/api/users/profile", { ...post(rider.token, { language: "es" }), method: "PUT" });
    const { schedule } = await (await t.request("/greer/api/schedule")).json();
    await t.request("/greer/api/admin/schedule", put(admin.token, { schedule, closedDates: ["2026-01-07"] }));
    await create(t, rider.token, { ...MWF, weekdays: [3] });
    await sweep(t);
    await sweep(t);
    expect(riderTexts(t)).toEqual([
      "City of Greer: no hay servicio el miércoles, 7 de enero; su viaje fijo de ese día no se hará.",
    ]);
  });

  it("skips a weekday the service does not run, and tells the rider why a date the rules refuse was not booked", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    // Saturdays have no service; 6:30 is before the hours.
    await create(t, rider.token, { ...MWF, weekdays: [6] });
    await create(t, rider.token, { ...MWF, weekdays: [2], time: "06:30" });
    const done = await sweep(t);
    expect(done.booked).toEqual([]);
    await sweep(t);
    // Each text once; the two standing rides are swept in no set order.
    expect(riderTexts(t).sort()).toEqual([
      "City of Greer: no shuttle runs on Saturday, January 10, so your standing ride that day is skipped.",
      "City of Greer: your standing ride on Tuesday, January 6 could not be booked. The shuttle runs 7:00 AM – 7:00 PM on Tuesday.",
    ]);
  });

  it("makes nothing while paused, and books the dates in the window once resumed", async () => {
    using t = await makeApp();
    const rider = await signIn(t, RIDER_PHONE, "greer");
    const { standingRide } = await (await create(t, rider.token, { ...MWF, paused: true })).json();
    expect((await list(t, rider.token)).standingRides[0].nextDates).toEqual([]);
    expect((await sweep(t)).booked).toEqual([]);
    expect(await bookedDates(t, rider.user.id)).toEqual([]);
    const resumed = await change(t, rider.token, standingRide.id, { ...MWF, skipDates: ["2026-01-09"] });
    expect(resumed.status).toBe(200);
    expect((await resumed.json()).standingRide).toMatchObject({ paused: false, skipDates: ["2026-01-09"] });
    await sweep(t);
    expect(await bookedDates(t, rider.user.id)).toEqual(["2026-01-07", "2026-01-12"]);
  });

  it("makes no booking for a deleted standing ride; the bookings it made stay", async () => {
    using t = await makeApp();
    const rider = await signIn(t, RIDER_PHONE, "greer");
    const { standingRide } = await (await create(t, rider.token, { ...MWF, weekdays: [3] })).json();
    await sweep(t);
    expect(await bookedDates(t, rider.user.id)).toEqual(["2026-01-07"]);
    await t.request(`${URL}/${standingRide.id}`, bearer(rider.token, { method: "DELETE" }));
    t.clock.advance(3 * 24 * HOUR);
    await sweep(t);
    expect(await bookedDates(t, rider.user.id)).toEqual(["2026-01-07"]);
  });
});
