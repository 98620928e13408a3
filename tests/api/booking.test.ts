/**
 * Booking ahead: POST /{t}/api/rides with scheduledFor, GET
 * /rides/upcoming, canceling a booking, and the hand-over to pending 20
 * minutes before its time, on a timer and at start (server/hand_over.ts).
 *
 * The fake clock starts on Monday 5 January 2026 at 15:00 UTC, 10:00 in
 * Greer (America/New_York); the demo schedule runs 07:00-19:00 Monday to
 * Friday there.
 */
import { afterEach, describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { recordOptOut } from "../../kv/sms_opt_outs.ts";
import { handOverDue, startHandOvers } from "../../server/hand_over.ts";
import { noticeDeps } from "../../server/rider_updates.ts";
import { bearer, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { LiveClient, type LiveServer, serve, waitFor } from "../helpers/live.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { INSIDE, INSIDE_2, move, post, put, requestRide, rideWorld, type TestApp } from "../helpers/rides.ts";

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** Monday 5 January 2026, 10:00 in Greer. */
const START = Date.UTC(2026, 0, 5, 15, 0);

function book(t: TestApp, token: string, scheduledFor: unknown, lang?: string) {
  const init = post(token, { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 2, scheduledFor });
  const headers = new Headers(init.headers);
  if (lang) headers.set("accept-language", lang);
  return t.request("/greer/api/rides", { ...init, headers });
}

const upcoming = async (t: TestApp, token: string) => {
  const res = await t.request("/greer/api/rides/upcoming", bearer(token));
  expect(res.status).toBe(200);
  return await res.json();
};

/** What the first rider was texted about rides (their sign-in code left out). */
const riderTexts = (t: TestApp) =>
  t.sms.sent.filter((m) => m.to === "8645550142" && m.body.startsWith("City of Greer")).map((m) => m.body);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("booking ahead: the time's bounds", () => {
  it("refuses 29 minutes ahead and books 30 minutes ahead as scheduled, with no driver online", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const soon = await book(t, rider.token, START + 29 * MIN);
    expect(soon.status).toBe(400);
    expect(await soon.json()).toEqual({ error: "Book at least 30 minutes ahead." });

    const res = await book(t, rider.token, START + 30 * MIN);
    expect(res.status).toBe(201);
    const { ride } = await res.json();
    expect(ride).toMatchObject({
      status: "scheduled",
      scheduledFor: START + 30 * MIN,
      passengerCt: 2,
      requestedAt: START,
    });
    // A booking holds no active slot: GET rides/my still answers none, and the rider may ask for a ride now too.
    expect(await (await t.request("/greer/api/rides/my", bearer(rider.token))).json()).toBeNull();
    expect((await t.kv.get(keys.riderActive("greer", rider.user.id))).value).toBeNull();
    expect(t.log.events.find((e) => e.event === "ride.requested")).toMatchObject({ rideId: ride.id, to: "scheduled" });
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("refuses past maxDaysAhead (7 until set), and follows the setting once an admin changes it", async () => {
    using t = await makeApp();
    const { rider, admin } = await rideWorld(t);
    const nextMonday = START + 7 * DAY;
    expect((await book(t, rider.token, nextMonday)).status).toBe(201);
    const far = await book(t, rider.token, nextMonday + MIN);
    expect(far.status).toBe(400);
    expect(await far.json()).toEqual({ error: "Book at most 7 days ahead." });

    const set = await t.request("/greer/api/admin/settings", put(admin.token, { maxDaysAhead: 10 }));
    expect(set.status).toBe(200);
    expect((await set.json()).settings.maxDaysAhead).toBe(10);
    expect((await book(t, rider.token, nextMonday + 2 * DAY)).status).toBe(201);
    expect(await (await book(t, rider.token, START + 10 * DAY + MIN)).json()).toEqual({
      error: "Book at most 10 days ahead.",
    });
  });

  it("refuses a time that is not a whole number of milliseconds", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    for (const value of ["tomorrow", 1.5, true, { at: 1 }]) {
      const res = await book(t, rider.token, value);
      expect(res.status, String(value)).toBe(400);
      expect(await res.json()).toEqual({ error: "The pickup time must be a time in milliseconds since 1970" });
    }
  });

  it("settings refuse a maxDaysAhead outside 1-30", async () => {
    using t = await makeApp();
    const { admin } = await rideWorld(t);
    for (const value of [0, 31, 2.5, "7"]) {
      const res = await t.request("/greer/api/admin/settings", put(admin.token, { maxDaysAhead: value }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: "Days ahead must be a whole number from 1 to 30",
        field: "maxDaysAhead",
      });
    }
  });
});

describe("booking ahead: the schedule, in the tenant's time zone", () => {
  it("books 18:30 in Greer (23:30 UTC, outside the hours if read in UTC)", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const res = await book(t, rider.token, Date.UTC(2026, 0, 5, 23, 30));
    expect(res.status).toBe(201);
  });

  it("refuses 06:30 in Greer (11:30 UTC, inside the hours if read in UTC), naming that day's hours", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const res = await book(t, rider.token, Date.UTC(2026, 0, 6, 11, 30));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "The shuttle runs 7:00 AM – 7:00 PM on Tuesday." });
    // The end of a slot is out: 19:00 in Greer.
    expect(await (await book(t, rider.token, Date.UTC(2026, 0, 6, 0, 0))).json()).toEqual({
      error: "The shuttle runs 7:00 AM – 7:00 PM on Monday.",
    });
  });

  it("refuses a day without service, in English and in Spanish", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    // Saturday 10 January, noon in Greer.
    const saturday = Date.UTC(2026, 0, 10, 17, 0);
    expect(await (await book(t, rider.token, saturday)).json()).toEqual({ error: "No service on Saturday." });
    const es = await book(t, rider.token, saturday, "es");
    expect(await es.json()).toEqual({ error: "Sábado: no hay servicio." });
  });
});

describe("booking ahead: the rider's bookings", () => {
  it("holds at most 3 at once (409), and still one active ride", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    for (let i = 1; i <= 3; i++) expect((await book(t, rider.token, START + i * 60 * MIN)).status).toBe(201);
    const fourth = await book(t, rider.token, START + 5 * 60 * MIN);
    expect(fourth.status).toBe(409);
    expect(await fourth.json()).toEqual({ error: "You already have 3 rides booked." });
    expect((await requestRide(t, rider.token)).status).toBe(201);
    expect((await requestRide(t, rider.token)).status).toBe(409);
  });

  it("lets only 3 of 6 bookings made at once through (the count is checked in each commit)", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => book(t, rider.token, START + (i + 1) * 60 * MIN)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect((await upcoming(t, rider.token)).rides).toHaveLength(3);
  });

  it("lists them soonest first, with what the Later choice needs", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const other = await signIn(t, "8645550143", "greer");
    const times = [START + 3 * DAY, START + 60 * MIN, START + DAY];
    for (const at of times) await book(t, rider.token, at);
    await book(t, other.token, START + 2 * 60 * MIN);
    const body = await upcoming(t, rider.token);
    expect(body.rides.map((r: { scheduledFor: number }) => r.scheduledFor)).toEqual([...times].sort((a, b) => a - b));
    expect(body.booking).toMatchObject({ timezone: "America/New_York", maxDaysAhead: 7 });
    expect(body.booking.schedule["1"]).toEqual([{ start: "07:00", end: "19:00" }]);
  });

  it("lets the rider cancel a booking, which frees its place and leaves any active ride alone", async () => {
    using t = await makeApp();
    const { rider, driver } = await rideWorld(t);
    const now = await (await requestRide(t, rider.token)).json();
    const booked = (await (await book(t, rider.token, START + DAY)).json()).ride;
    expect((await move(t, driver.token, booked.id, "accepted")).status).toBe(409);
    expect((await move(t, rider.token, booked.id, "pending")).status).toBe(409);
    const res = await move(t, rider.token, booked.id, "canceled");
    expect(res.status).toBe(200);
    expect((await res.json()).ride).toMatchObject({ status: "canceled", canceledAt: START });
    expect((await upcoming(t, rider.token)).rides).toEqual([]);
    expect((await t.kv.get(keys.riderActive("greer", rider.user.id))).value).toMatchObject({ id: now.ride.id });
    // Another rider cannot see it to cancel it.
    const second = (await (await book(t, rider.token, START + DAY)).json()).ride;
    const stranger = await signIn(t, "8645550144", "greer");
    expect((await move(t, stranger.token, second.id, "canceled")).status).toBe(404);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });
});

describe("booking ahead: a rider removed from the organisation", () => {
  it("has their bookings canceled, so none is ever handed over", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const boss = await superAdmin(t);
    const { ride } = await (await book(t, rider.token, START + 60 * MIN)).json();
    const res = await t.request(`/greer/api/user/${rider.user.id}`, bearer(boss.token, { method: "DELETE" }));
    expect(res.status).toBe(200);
    expect((await t.kv.get(keys.ride("greer", ride.id))).value).toMatchObject({ status: "canceled" });
    t.clock.set(START + 45 * MIN);
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [], canceled: [] });
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });
});

describe("booking ahead: the hand-over, 20 minutes before", () => {
  function live(t: TestApp) {
    const server: LiveServer = serve(t.app);
    const clients: LiveClient[] = [];
    cleanups.push(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await server.stop();
    });
    return async (token: string) => {
      const client = new LiveClient(server.ws(`/greer/ws/drivers?token=${encodeURIComponent(token)}`));
      clients.push(client);
      expect(await client.opened).toBe(true);
      return client;
    };
  }

  it("makes the booking pending on the drivers' socket and in their list, and texts the rider once", async () => {
    using t = await makeApp();
    const { rider, driver } = await rideWorld(t);
    const at = START + 2 * 60 * MIN;
    const { ride } = await (await book(t, rider.token, at)).json();
    const socket = await live(t)(driver.token);
    const deps = noticeDeps(t);

    t.clock.set(at - 21 * MIN);
    expect(await handOverDue(deps)).toEqual({ handedOver: [], canceled: [] });
    expect(await (await t.request("/greer/api/driver/rides", bearer(driver.token))).json()).toEqual([]);

    t.clock.set(at - 20 * MIN);
    expect(await handOverDue(deps)).toEqual({ handedOver: [ride.id], canceled: [] });
    await waitFor(
      () => socket.rideMessages().some((m) => m.ride.id === ride.id && m.ride.status === "pending"),
      "the handed-over ride on the driver's socket",
    );
    const list = await (await t.request("/greer/api/driver/rides", bearer(driver.token))).json();
    expect(list).toEqual([expect.objectContaining({ id: ride.id, status: "pending", scheduledFor: at })]);
    expect(await (await t.request("/greer/api/rides/my", bearer(rider.token))).json()).toMatchObject({
      id: ride.id,
      status: "pending",
    });
    expect((await upcoming(t, rider.token)).rides).toEqual([]);
    expect(riderTexts(t)).toEqual(["City of Greer: your ride for 12:00 PM is now looking for a driver."]);

    // A second sweep, or a second process sweeping, does nothing more.
    expect(await handOverDue(deps)).toEqual({ handedOver: [], canceled: [] });
    expect(riderTexts(t)).toHaveLength(1);
    // The rest of the flow is unchanged.
    expect((await move(t, driver.token, ride.id, "accepted")).status).toBe(200);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("texts in the rider's language, and not at all when they turned ride texts off or texted STOP", async () => {
    using t = await makeApp();
    const { rider, rider2 } = await rideWorld(t);
    const third = await signIn(t, "8645550144", "greer");
    await t.request("/api/users/profile", put(rider.token, { language: "es" }));
    await t.request("/api/users/profile", put(rider2.token, { rideTexts: false }));
    await recordOptOut(t.kv, "8645550144", START);
    const at = START + 60 * MIN;
    for (const r of [rider, rider2, third]) expect((await book(t, r.token, at)).status).toBe(201);
    t.clock.set(at - 20 * MIN);
    expect((await handOverDue(noticeDeps(t))).handedOver).toHaveLength(3);
    // Intl writes the time with its own (narrow, no-break) spaces: compared as plain spaces.
    const sent = t.sms.sent.filter((m) => m.body.startsWith("City of Greer"));
    expect(sent.map((m) => [m.to, m.body.replace(/\s/g, " ")])).toEqual([
      ["8645550142", "City of Greer: su viaje de las 11:00 a.m. ya busca conductor."],
    ]);
  });

  it("two sweeps at once hand a booking over once", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const at = START + 60 * MIN;
    const { ride } = await (await book(t, rider.token, at)).json();
    t.clock.set(at - 15 * MIN);
    const [a, b] = await Promise.all([handOverDue(noticeDeps(t)), handOverDue(noticeDeps(t))]);
    expect([...a.handedOver, ...b.handedOver]).toEqual([ride.id]);
    expect(riderTexts(t)).toHaveLength(1);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("two processes sweeping at once hand a booking over once (the commit is checked, not queued)", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const at = START + 60 * MIN;
    const { ride } = await (await book(t, rider.token, at)).json();
    t.clock.set(at - 20 * MIN);
    // A second handle on the same store, as another process has: kv/rides.ts queues writes per handle, so the two
    // sweeps really race to commit and only the versionstamp check can keep one of them out.
    const other = new Proxy(t.kv, {
      get(target, key) {
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const [one, two] = await Promise.all([handOverDue(noticeDeps(t)), handOverDue({ ...noticeDeps(t), kv: other })]);
    expect([...one.handedOver, ...two.handedOver]).toEqual([ride.id]);
    expect(riderTexts(t)).toHaveLength(1);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("a cancel and the hand-over at once: one wins, and the store stays whole", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const at = START + 60 * MIN;
    const { ride } = await (await book(t, rider.token, at)).json();
    t.clock.set(at - 20 * MIN);
    const [canceled, swept] = await Promise.all([
      move(t, rider.token, ride.id, "canceled"),
      handOverDue(noticeDeps(t)),
    ]);
    const stored = (await t.kv.get<{ status: string }>(keys.ride("greer", ride.id))).value!;
    if (swept.handedOver.length === 1) {
      // The hand-over came first: the rider's cancel then canceled the pending ride.
      expect(canceled.status).toBe(200);
      expect(stored.status).toBe("canceled");
    } else {
      expect(canceled.status).toBe(200);
      expect(stored.status).toBe("canceled");
      expect(riderTexts(t)).toEqual([]);
    }
    expect((await t.kv.get(keys.riderActive("greer", rider.user.id))).value).toBeNull();
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("catches up at start: a booking that fell due while the server was down is handed over at once", async () => {
    using t = await makeApp();
    const rider = await signIn(t, "8645550142", "greer");
    const at = START + 60 * MIN;
    const { ride } = await (await book(t, rider.token, at)).json();
    // The server was down from before the hand-over until 5 minutes before the pickup.
    t.clock.set(at - 5 * MIN);
    const stop = new AbortController();
    cleanups.push(() => stop.abort());
    await startHandOvers(noticeDeps(t), stop.signal, 60_000);
    expect((await t.kv.get(keys.ride("greer", ride.id))).value).toMatchObject({ status: "pending" });
    expect(t.log.events.find((e) => e.event === "ride.handed_over")).toMatchObject({ rideId: ride.id });
  });

  it("keeps a booking waiting while its rider has another active ride, and cancels it if still so at its time", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const at = START + 60 * MIN;
    const { ride } = await (await book(t, rider.token, at)).json();
    const now = (await (await requestRide(t, rider.token)).json()).ride;
    t.clock.set(at - 20 * MIN);
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [], canceled: [] });
    expect((await t.kv.get(keys.ride("greer", ride.id))).value).toMatchObject({ status: "scheduled" });
    expect((await t.kv.get(keys.riderActive("greer", rider.user.id))).value).toMatchObject({ id: now.id });

    t.clock.set(at);
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [], canceled: [ride.id] });
    expect((await t.kv.get(keys.riderActive("greer", rider.user.id))).value).toMatchObject({ id: now.id });
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("hands the booking over as soon as the rider's other ride ends", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const at = START + 60 * MIN;
    const { ride } = await (await book(t, rider.token, at)).json();
    const now = (await (await requestRide(t, rider.token)).json()).ride;
    t.clock.set(at - 20 * MIN);
    await handOverDue(noticeDeps(t));
    await move(t, rider.token, now.id, "canceled");
    t.clock.set(at - 10 * MIN);
    expect(await handOverDue(noticeDeps(t))).toEqual({ handedOver: [ride.id], canceled: [] });
  });
});
