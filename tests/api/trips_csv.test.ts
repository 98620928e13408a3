/**
 * GET /{tenant}/api/admin/trips.csv: one RFC 4180 row per ride
 * asked for on the tenant's local days from..to, read back with an
 * independent CSV reader (tests/helpers/csv_parse.ts).
 */
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { createRide, updateRideStatus } from "../../kv/rides.ts";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import type { Ride } from "../../lib/rides.ts";
import { TRIPS_CSV_COLUMNS } from "../../lib/trips_csv.ts";
import { addCampus, bearer, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { parseCsv } from "../helpers/csv_parse.ts";
import { CENTRE, INSIDE, INSIDE_2, move, post, requestRide, rideWorld, type TestApp } from "../helpers/rides.ts";

const MINUTE = 60_000;
const csvPath = (from: string, to: string, tenant = "greer") => `/${tenant}/api/admin/trips.csv?from=${from}&to=${to}`;

/** The CSV as records of named cells, after checking the answer's headers. */
async function download(t: TestApp, token: string, from: string, to: string, tenant = "greer") {
  const res = await t.request(csvPath(from, to, tenant), bearer(token));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${tenant}-trips-${from}-to-${to}.csv"`);
  const [header, ...records] = parseCsv(await res.text());
  expect(header).toEqual([...TRIPS_CSV_COLUMNS]);
  return records.map((r) => Object.fromEntries(header.map((name, i) => [name, r[i]])));
}

/** A ride asked for at `at` straight through kv/ (at any hour, by any rider name). */
async function seedRide(
  t: TestApp,
  at: number,
  { tenant = "greer", riderName = "Pat Rider", destination = "City Hall", creatorId = crypto.randomUUID() } = {},
): Promise<Ride> {
  const res = await createRide(t.kv, {
    timeZone: "America/New_York",
    tenant,
    creatorId,
    pickup: CENTRE,
    dropoff: INSIDE_2,
    destination,
    passengerCt: 2,
    rider: { name: riderName, phoneNumber: "8645559999", photoUrl: null },
  }, at);
  if (!res.ok) throw new Error(res.reason);
  return res.ride;
}

describe("GET /{tenant}/api/admin/trips.csv", () => {
  it("answers a ride's whole row: times with the tenant's offset, wait minutes, rating", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    // Monday 2026-01-05 10:00 in Greer (EST, -05:00).
    const res = await requestRide(t, w.rider.token, { destination: "Greer Library" });
    expect(res.status).toBe(201);
    const { ride } = await res.json();
    t.clock.advance(2 * MINUTE);
    await move(t, w.driver.token, ride.id, "accepted");
    t.clock.advance(MINUTE);
    await move(t, w.driver.token, ride.id, "on-the-way");
    t.clock.advance(4.5 * MINUTE);
    await move(t, w.driver.token, ride.id, "arrived");
    t.clock.advance(12 * MINUTE);
    await move(t, w.driver.token, ride.id, "completed");
    expect((await t.request(`/greer/api/rides/${ride.id}/feedback`, post(w.rider.token, { rating: 4 }))).status)
      .toBe(201);

    const rows = await download(t, w.admin.token, "2026-01-05", "2026-01-05");
    expect(rows).toEqual([{
      id: ride.id,
      requested_at: "2026-01-05T10:00:00-05:00",
      accepted_at: "2026-01-05T10:02:00-05:00",
      arrived_at: "2026-01-05T10:07:30-05:00",
      completed_at: "2026-01-05T10:19:30-05:00",
      status: "completed",
      passengers: "1",
      pickup_lat: String(INSIDE.lat),
      pickup_lng: String(INSIDE.lng),
      dropoff_lat: String(INSIDE_2.lat),
      dropoff_lng: String(INSIDE_2.lng),
      destination: "Greer Library",
      rider_name: "",
      rider_phone: "8645550142",
      driver_name: expect.any(String),
      wait_minutes: "7.5",
      rating: "4",
      scheduled_for: "",
      canceled_by: "",
      pickup_place: "",
      vehicle: "",
      planned_pickup: "",
      actual_pickup: "2026-01-05T10:07:30-05:00",
      planned_dropoff: "",
      actual_dropoff: "2026-01-05T10:19:30-05:00",
    }]);
  });

  it("leaves the times a ride never reached empty, and says who canceled", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    t.clock.advance(MINUTE);
    expect((await move(t, w.rider.token, ride.id, "canceled")).status).toBe(200);
    const staff = await seedRide(t, t.clock.now());
    await t.kv.set(keys.ride("greer", staff.id), { ...staff, status: "canceled", canceledBy: "staff" });

    const rows = await download(t, w.admin.token, "2026-01-05", "2026-01-05");
    expect(rows.map((r) => [r.status, r.accepted_at, r.arrived_at, r.completed_at, r.wait_minutes, r.canceled_by]))
      .toEqual([["canceled", "", "", "", "", "rider"], ["canceled", "", "", "", "", "staff"]]);
  });

  it("round-trips names and destinations with commas, quotes and line breaks", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const names = ['Ana "Annie" López', "Smith, John", "Two\nLines", "Carriage\r\nReturn", "Zoë 🚐 Ünal", "  spaced  "];
    for (const [i, name] of names.entries()) {
      await seedRide(t, t.clock.now() + i * MINUTE, { riderName: name, destination: `${name}, door 2` });
    }
    const rows = await download(t, admin.token, "2026-01-05", "2026-01-05");
    expect(rows.map((r) => r.rider_name)).toEqual(names);
    expect(rows.map((r) => r.destination)).toEqual(names.map((n) => `${n}, door 2`));
  });

  it("escapes text a spreadsheet would run as a formula, and keeps coordinates as numbers", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const hostile = ['=HYPERLINK("http://evil.example","Click")', "+1+2", "-3+4", "@SUM(A1:A9)", "\t=1+1", "\r=1+1"];
    for (const [i, text] of hostile.entries()) {
      await seedRide(t, t.clock.now() + i * MINUTE, { riderName: text, destination: text });
    }
    const rows = await download(t, admin.token, "2026-01-05", "2026-01-05");
    expect(rows.map((r) => r.rider_name)).toEqual(hostile.map((text) => `'${text}`));
    expect(rows.map((r) => r.destination)).toEqual(hostile.map((text) => `'${text}`));
    expect(rows.every((r) => r.pickup_lng === String(CENTRE.lng) && r.pickup_lng.startsWith("-"))).toBe(true);
  });

  it("puts a ride asked for at 23:30 local time in that day's file, not the next day's (UTC has moved on)", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    // 23:30 in Greer on Monday 2026-01-05 is 04:30 UTC on Tuesday.
    const late = await seedRide(t, Date.UTC(2026, 0, 6, 4, 30));
    // 00:00 on Tuesday, Greer's time: the next day's first moment.
    const midnight = await seedRide(t, Date.UTC(2026, 0, 6, 5, 0));
    const monday = await download(t, admin.token, "2026-01-05", "2026-01-05");
    expect(monday.map((r) => [r.id, r.requested_at])).toEqual([[late.id, "2026-01-05T23:30:00-05:00"]]);
    const tuesday = await download(t, admin.token, "2026-01-06", "2026-01-06");
    expect(tuesday.map((r) => [r.id, r.requested_at])).toEqual([[midnight.id, "2026-01-06T00:00:00-05:00"]]);
    const both = await download(t, admin.token, "2026-01-05", "2026-01-06");
    expect(both.map((r) => r.id)).toEqual([late.id, midnight.id]);
  });

  it("follows the tenant's clocks across a daylight-saving change", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    // Sunday 2026-03-08 in Greer: 23 hours long, 00:00 EST to 00:00 EDT on Monday.
    const first = await seedRide(t, Date.UTC(2026, 2, 8, 5, 0));
    const afterChange = await seedRide(t, Date.UTC(2026, 2, 8, 7, 15));
    const last = await seedRide(t, Date.UTC(2026, 2, 9, 3, 59));
    await seedRide(t, Date.UTC(2026, 2, 9, 4, 0));
    const rows = await download(t, admin.token, "2026-03-08", "2026-03-08");
    expect(rows.map((r) => [r.id, r.requested_at])).toEqual([
      [first.id, "2026-03-08T00:00:00-05:00"],
      [afterChange.id, "2026-03-08T03:15:00-04:00"],
      [last.id, "2026-03-08T23:59:00-04:00"],
    ]);
  });

  it("lists a booking on the day it was booked, with the pickup time asked for and its wait from that time", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const bookedAt = t.clock.now();
    const pickupAt = Date.UTC(2026, 0, 7, 14, 0);
    const res = await createRide(t.kv, {
      timeZone: "America/New_York",
      tenant: "greer",
      creatorId: "rider-booking",
      pickup: CENTRE,
      dropoff: null,
      destination: "Clinic",
      passengerCt: 1,
      rider: { name: "Booker", phoneNumber: "8645559998", photoUrl: null },
      scheduledFor: pickupAt,
    }, bookedAt);
    if (!res.ok) throw new Error(res.reason);
    // Handed over to drivers 20 minutes before (the stored requestedAt moves then), then the driver arrives 3 minutes late.
    const decide = () => Promise.resolve({ ok: true as const });
    const moves: [Ride["status"], number][] = [
      ["pending", pickupAt - 20 * MINUTE],
      ["accepted", pickupAt - 15 * MINUTE],
      ["on-the-way", pickupAt - 10 * MINUTE],
      ["arrived", pickupAt + 3 * MINUTE],
    ];
    for (const [to, now] of moves) {
      await updateRideStatus(t.kv, { tenant: "greer", id: res.ride.id, to, actorId: "driver-1", now, decide });
    }
    const rows = await download(t, admin.token, "2026-01-05", "2026-01-05");
    expect(rows.map((r) => [r.id, r.requested_at, r.scheduled_for, r.arrived_at, r.wait_minutes, r.dropoff_lat]))
      .toEqual([[
        res.ride.id,
        "2026-01-05T10:00:00-05:00",
        "2026-01-07T09:00:00-05:00",
        "2026-01-07T09:03:00-05:00",
        "3.0",
        "",
      ]]);
    expect(await download(t, admin.token, "2026-01-07", "2026-01-07")).toEqual([]);
  });

  it("answers only the header row for a range with no rides", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const res = await t.request(csvPath("2025-01-01", "2025-12-31"), bearer(admin.token));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(TRIPS_CSV_COLUMNS.join(",") + "\r\n");
  });

  it("refuses a bad range with 400 and the range's text, in the caller's language", async () => {
    using t = await makeApp();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const cases: [string, string, string][] = [
      ["", "from must be a date written YYYY-MM-DD", ""],
      ["?to=2026-01-31", "from must be a date written YYYY-MM-DD", "from debe ser una fecha escrita AAAA-MM-DD"],
      ["?from=2026-02-30&to=2026-03-01", "from must be a date written YYYY-MM-DD", ""],
      ["?from=2026-01-01", "to must be a date written YYYY-MM-DD", "to debe ser una fecha escrita AAAA-MM-DD"],
      ["?from=2026-01-01&to=26-01-31", "to must be a date written YYYY-MM-DD", ""],
      ["?from=2026-01-31&to=2026-01-30", "to must not be before from", "to no puede ser anterior a from"],
      ["?from=2025-01-01&to=2026-01-02", "A report covers at most 366 days", "Un informe abarca como máximo 366 días"],
    ];
    for (const [query, english, spanish] of cases) {
      const res = await t.request(`/greer/api/admin/trips.csv${query}`, bearer(admin.token));
      expect(res.status, query).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error: english });
      if (!spanish) continue;
      const es = await t.request(
        `/greer/api/admin/trips.csv${query}`,
        bearer(admin.token, { headers: { cookie: "lang=es" } }),
      );
      expect(await es.json()).toEqual({ error: spanish });
    }
    // 366 days (a leap year's worth) is the most a file covers.
    expect((await t.request(csvPath("2027-01-01", "2028-01-01"), bearer(admin.token))).status).toBe(200);
  });

  it("is for the tenant's admins and super admins: 401 signed out, 403 riders, drivers and other tenants' admins", async () => {
    using t = await makeApp();
    await addCampus(t);
    const path = csvPath("2026-01-05", "2026-01-05");
    const anon = await t.request(path);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: "Authentication required - please log in" });
    const rider = await signIn(t, "8645550142", "greer");
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    for (const token of [rider.token, driver.token]) {
      const res = await t.request(path, bearer(token));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Access denied - admin privileges required" });
    }
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    expect((await t.request(csvPath("2026-01-05", "2026-01-05", "campus"), bearer(admin.token))).status).toBe(403);
    const boss = await superAdmin(t);
    expect((await t.request(path, bearer(boss.token))).status).toBe(200);
  });

  it("holds only the path's tenant's rides", async () => {
    using t = await makeApp();
    await addCampus(t);
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const boss = await superAdmin(t);
    const greer = await seedRide(t, t.clock.now(), { riderName: "Greer Rider" });
    const campus = await seedRide(t, t.clock.now() + MINUTE, { tenant: "campus", riderName: "Campus Rider" });
    const greerRows = await download(t, admin.token, "2026-01-05", "2026-01-05");
    expect(greerRows.map((r) => [r.id, r.rider_name])).toEqual([[greer.id, "Greer Rider"]]);
    const campusRows = await download(t, boss.token, "2026-01-05", "2026-01-05", "campus");
    expect(campusRows.map((r) => [r.id, r.rider_name])).toEqual([[campus.id, "Campus Rider"]]);
  });
});
