/**
 * GET /{t}/api/admin/reports: rides with known times and outcomes
 * give exactly the expected counts and percentiles; local days follow the
 * tenant's zone; the rollups kept by each write equal a rebuild from the
 * rides; driver service comes from location reports.
 */
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { rebuildReports } from "../../kv/report_rebuild.ts";
import { migrateStore } from "../../kv/migrations.ts";
import type { Report } from "../../lib/reports.ts";
import { bearer, signIn } from "../helpers/app.ts";
import { CENTRE, move, post, put, requestRide, rideWorld, type TestApp } from "../helpers/rides.ts";

type World = Awaited<ReturnType<typeof rideWorld>>;
const MIN = 60_000;
/** Monday 5 January 2026, 10:00 in Greer (America/New_York, UTC-5): the fake clock's start. */
const MONDAY = "2026-01-05";

async function report(t: TestApp, token: string, from: string, to: string) {
  return await t.request(`/greer/api/admin/reports?from=${from}&to=${to}`, bearer(token));
}

async function figures(t: TestApp, w: World, from = MONDAY, to = MONDAY): Promise<Report> {
  const res = await report(t, w.admin.token, from, to);
  expect(res.status).toBe(200);
  return await res.json();
}

/**
 * Requests a ride, then makes each move `after` minutes after the request,
 * by the driver (or by the rider for "rider-cancel", the admin for "admin-cancel");
 * "at-pickup" is the driver's location report at the ride's pickup (a no-show waits from it).
 */
async function ride(t: TestApp, w: World, steps: [string, number][], body: Record<string, unknown> = {}) {
  const start = t.clock.now();
  // The driver stays counted online (a fresh location) and the rider is free, as between real rides.
  await t.request("/greer/api/users/location", put(w.driver.token, { location: CENTRE }));
  const res = await requestRide(t, w.rider.token, body);
  expect(res.status).toBe(201);
  const { ride } = await res.json();
  for (const [step, after] of steps) {
    t.clock.set(start + after * MIN);
    if (step === "at-pickup") {
      expect((await t.request("/greer/api/users/location", put(w.driver.token, { location: ride.pickup }))).status)
        .toBe(200);
      continue;
    }
    const [who, to] = step === "rider-cancel"
      ? [w.rider.token, "canceled"]
      : step === "admin-cancel"
      ? [w.admin.token, "canceled"]
      : [w.driver.token, step];
    expect((await move(t, who, ride.id, to)).status).toBe(200);
  }
  t.clock.set(start + 30 * MIN);
  return ride.id as string;
}

/** A ride the driver accepts, reaches and completes (arrived to completed: the rider boards on arrival). */
const completed = (accept: number, arrive: number, done: number): [string, number][] => [
  ["accepted", accept],
  ["on-the-way", accept],
  ["arrived", arrive],
  ["completed", done],
];

describe("the funders' report", () => {
  it("counts outcomes, passengers and percentiles of known rides exactly", async () => {
    using t = await appWithWorld();
    const { w } = t;
    await ride(t, w, completed(2, 6, 19), { passengerCt: 2 }); // wait 6, accept 2, ride 13
    await ride(t, w, completed(1, 4, 14)); // wait 4, accept 1, ride 10
    await ride(t, w, [["rider-cancel", 3]]);
    await ride(t, w, [["accepted", 5], ["canceled", 8]]); // the driver cancels: staff; accept 5
    // Never boarded: no wait; accept 3. The driver reached the pickup at 5 and waited there.
    await ride(t, w, [["accepted", 3], ["on-the-way", 3], ["at-pickup", 5], ["no-show", 16]]);
    await ride(t, w, [["admin-cancel", 1]]);
    await ride(t, w, completed(2, 8, 21), { passengerCt: 3 }); // wait 8, accept 2, ride 13

    const r = await figures(t, w);
    expect(r).toMatchObject({
      from: MONDAY,
      to: MONDAY,
      timezone: "America/New_York",
      requested: 7,
      completed: 3,
      canceledByRider: 1,
      canceledByStaff: 2,
      noShows: 1,
      passengers: 6,
      completionRate: 0.429,
      // Waits 4, 6, 8: nearest rank p50 = 2nd = 6, p90 = 3rd = 8.
      waitMinutes: { p50: 6, p90: 8 },
      // Accepts 1, 2, 2, 3, 5: p50 = 3rd = 2.
      acceptMinutes: { p50: 2 },
      // Rides (arrival to completion) 10, 13, 13.
      rideMinutes: { p50: 13 },
    });
    expect(r.byDay).toEqual([{ date: MONDAY, requested: 7, completed: 3 }]);
    expect(r.byHour).toHaveLength(7);
    expect(r.byHour[0]).toHaveLength(24);
    // Asked every half hour from 10:00 to 13:00 on Monday, Greer time.
    expect(r.byHour[0].slice(10, 14)).toEqual([2, 2, 2, 1]);
    expect(r.byHour.flat().reduce((a, b) => a + b, 0)).toBe(7);
    expect(r.drivers).toEqual([
      { id: w.driver.user.id, name: await nameOf(t, w.driver.user.id), completed: 3, waitMinutesP50: 6, rating: null },
    ]);
    expect(r.pickups).toHaveLength(1);
    expect(r.pickups[0]).toMatchObject({ label: null, count: 7 });
  });

  it("puts a ride asked for at 23:30 local time on its local day, not the UTC one", async () => {
    using t = await appWithWorld();
    const { w } = t;
    t.clock.set(Date.UTC(2026, 0, 6, 4, 30)); // 23:30 on Monday 5 January in Greer, Tuesday in UTC
    await ride(t, w, completed(1, 5, 12));
    const monday = await figures(t, w, MONDAY, MONDAY);
    expect(monday.requested).toBe(1);
    expect(monday.byHour[0][23]).toBe(1);
    expect((await figures(t, w, "2026-01-06", "2026-01-06")).requested).toBe(0);
    // A range lists every day, empty ones too.
    const week = await figures(t, w, "2026-01-04", "2026-01-06");
    expect(week.byDay).toEqual([
      { date: "2026-01-04", requested: 0, completed: 0 },
      { date: MONDAY, requested: 1, completed: 1 },
      { date: "2026-01-06", requested: 0, completed: 0 },
    ]);
  });

  it("keeps ratings, deletions and bookings in the figures, and equals a rebuild from the rides", async () => {
    using t = await appWithWorld();
    const { w } = t;
    const rated = await ride(t, w, completed(1, 5, 15));
    expect((await t.request(`/greer/api/rides/${rated}/feedback`, post(w.rider.token, { rating: 4 }))).status)
      .toBe(201);
    const gone = await ride(t, w, completed(2, 3, 9));
    await ride(t, w, [["rider-cancel", 2]]);
    expect((await t.request(`/greer/api/rides/${gone}`, bearer(w.admin.token, { method: "DELETE" }))).status)
      .toBe(200);
    const r = await figures(t, w);
    expect(r).toMatchObject({ requested: 2, completed: 1, canceledByRider: 1, waitMinutes: { p50: 5, p90: 5 } });
    expect(r.drivers).toEqual([
      { id: w.driver.user.id, name: await nameOf(t, w.driver.user.id), completed: 1, waitMinutesP50: 5, rating: 4 },
    ]);

    const before = await rollups(t);
    expect(before.length).toBeGreaterThan(0);
    expect(await rebuildReports(t.kv, "greer", "America/New_York")).toEqual({ rides: 2, days: 1, stamped: 0 });
    expect(await rollups(t)).toEqual(before);
  });

  it("builds the rollups once for a store from before them, and fixes each ride's local day", async () => {
    using t = await appWithWorld();
    const { w } = t;
    const id = await ride(t, w, completed(1, 5, 15));
    // As an older Hopper left it: no rollups, no local day on the ride.
    for (const key of (await rollups(t)).map((e) => e.key)) await t.kv.delete(key);
    const stored = (await t.kv.get<Record<string, unknown>>(keys.ride("greer", id))).value!;
    delete stored.local;
    await t.kv.set(keys.ride("greer", id), stored);
    await t.kv.delete(keys.migrationDone("report_rollups"));

    expect((await migrateStore(t.kv)).reportRides).toBe(1);
    expect((await figures(t, w)).completed).toBe(1);
    expect((await t.kv.get<{ local?: unknown }>(keys.ride("greer", id))).value?.local).toEqual({
      date: MONDAY,
      hour: 10,
    });
    expect((await migrateStore(t.kv)).reportRides).toBe(0);
  });

  it("counts driver hours and miles from an online driver's reports, not the gaps of a silent phone", async () => {
    using t = await appWithWorld();
    const { w } = t;
    // rideWorld put both drivers online at the centre at 10:00. Driver 2 goes offline at once.
    await t.request("/greer/api/drivers/availability", put(w.driver2.token, { isAvailable: false }));
    // The demo driver drives north about 1 km per report, a report a minute, for 6 minutes.
    for (let i = 1; i <= 6; i++) {
      t.clock.advance(MIN);
      const at = { lat: CENTRE.lat + i * 0.009, lng: CENTRE.lng };
      expect((await t.request("/greer/api/users/location", put(w.driver.token, { location: at }))).status).toBe(200);
    }
    // A silent phone: 20 minutes with no report is no service, and neither is the jump after it.
    t.clock.advance(20 * MIN);
    await t.request("/greer/api/users/location", put(w.driver.token, { location: CENTRE }));
    t.clock.advance(MIN * 3);
    await t.request("/greer/api/drivers/availability", put(w.driver.token, { isAvailable: false }));
    const r = await figures(t, w);
    // 6 + 3 minutes = 0.15 h; 6 × 1.0 km = 6.0 km = 3.7 mi.
    expect(r.vehicleHours).toBe(0.2);
    expect(r.vehicleMiles).toBe(3.7);
    const ms = await t.kv.get<Deno.KvU64>(keys.reportServiceMs("greer", MONDAY));
    expect(Number(ms.value?.value)).toBe(9 * MIN);
  });

  it("answers 400 for bad ranges, and only to the tenant's admins and super admins", async () => {
    using t = await appWithWorld();
    const { w } = t;
    const bad = async (from: string, to: string, error: string) => {
      const res = await report(t, w.admin.token, from, to);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error });
    };
    await bad("2026-01-06", "2026-01-05", "to must not be before from");
    await bad("2025-01-01", "2026-01-02", "A report covers at most 366 days");
    await bad("2026-02-30", "2026-03-01", "from must be a date written YYYY-MM-DD");
    await bad("2026-01-01", "tomorrow", "to must be a date written YYYY-MM-DD");
    expect((await report(t, w.admin.token, "2025-01-01", "2026-01-01")).status).toBe(200); // 366 days
    expect((await report(t, w.rider.token, MONDAY, MONDAY)).status).toBe(403);
    expect((await report(t, w.driver.token, MONDAY, MONDAY)).status).toBe(403);
    // An admin of another tenant.
    const stranger = await signIn(t, "8645550199", "greer");
    expect((await report(t, stranger.token, MONDAY, MONDAY)).status).toBe(403);
    expect((await t.request(`/greer/api/admin/reports?from=${MONDAY}&to=${MONDAY}`)).status).toBe(401);
  });
});

async function appWithWorld() {
  const { makeApp } = await import("../helpers/app.ts");
  const t = await makeApp();
  const w = await rideWorld(t);
  return Object.assign(t, { w });
}

async function rollups(t: TestApp) {
  const out: { key: Deno.KvKey; value: unknown }[] = [];
  for (const prefix of [keys.reportDays("greer"), keys.reportDriverMonths("greer")]) {
    for await (const { key, value } of t.kv.list({ prefix })) out.push({ key, value });
  }
  return out;
}

async function nameOf(t: TestApp, id: string) {
  return (await t.kv.get<{ name: string | null }>(keys.user(id))).value?.name ?? null;
}
