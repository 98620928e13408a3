/**
 * A shared service's figures, read through the public routes: rides in vehicles with known actual times
 * (history set up through kv/ writes, as automatic dispatch leaves it: a vehicle and planned times on the
 * ride, then the moves) give exactly the hand-computed shares, trips, detours, on-time pickups and hours,
 * in GET /{t}/api/admin/reports, the reports page (English and Spanish), the trips CSV and the admin trips.
 * A tenant that never had a vehicle keeps its report as it was.
 */
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { rebuildReports } from "../../kv/report_rebuild.ts";
import { createRide, deleteRide, updateRideStatus } from "../../kv/rides.ts";
import type { Report } from "../../lib/reports.ts";
import type { Ride, RideStatus } from "../../lib/rides.ts";
import type { Trip } from "../../lib/trips.ts";
import { bearer, html as readHtml, makeApp } from "../helpers/app.ts";
import { parseCsv } from "../helpers/csv_parse.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { CENTRE, post, put, rideWorld, type TestApp } from "../helpers/rides.ts";

const MIN = 60_000;
/** Monday 5 January 2026 in Greer (America/New_York, UTC-5); the fake clock starts at 10:00 that day. */
const MONDAY = "2026-01-05";
/** 10:00 Greer time that Monday. */
const TEN = Date.UTC(2026, 0, 5, 15, 0);
const at = (hour: number, minute: number) => TEN + ((hour - 10) * 60 + minute) * MIN;

/** Points due north of the centre. The direct time (lib/eta.ts estimate) is the road (×1.4) at 25 km/h, plus a minute. */
const north = (deg: number) => ({ lat: CENTRE.lat + deg, lng: CENTRE.lng });
/** 0.02° of latitude = 2,223.9 m: 2,223.9 × 1.4 / 416.7 m a minute = 7.47, + 1 = 8.47, rounded up: 9 minutes. */
const FAR = north(0.02);
/** 0.015° = 1,667.9 m from FAR: 5.60 + 1 = 6.60, rounded up: 7 minutes. */
const MID = north(0.005);

type World = Awaited<ReturnType<typeof rideWorld>> & { vans: { id: string; name: string }[] };

async function world(t: TestApp): Promise<World> {
  const w = await rideWorld(t);
  const vans = [];
  for (const name of ["Van 2", "Van 7"]) {
    const res = await t.request(
      "/greer/api/admin/vehicles",
      post(w.admin.token, { name, seats: 8, wheelchairSpaces: 1 }),
    );
    expect(res.status).toBe(201);
    vans.push((await res.json()).vehicle);
  }
  return Object.assign(w, { vans });
}

interface Seeded {
  vehicleId?: string;
  requestedAt: number;
  scheduledFor?: number;
  pickup?: { lat: number; lng: number };
  dropoff?: { lat: number; lng: number };
  /** Planned (epoch ms), as the dispatcher writes them. */
  pickupAt?: number;
  dropoffAt?: number;
  /** The rider got aboard: the ride moved to arrived. */
  pickedUp?: number;
  completed?: number;
}

/** A ride through kv/: made at `requestedAt`, planned into its vehicle, accepted, then picked up and completed. */
async function seed(t: TestApp, s: Seeded): Promise<Ride> {
  const made = await createRide(t.kv, {
    tenant: "greer",
    timeZone: "America/New_York",
    creatorId: crypto.randomUUID(),
    pickup: s.pickup ?? CENTRE,
    dropoff: s.dropoff ?? FAR,
    destination: "City Hall",
    passengerCt: 1,
    rider: { name: "Pat Rider", phoneNumber: "8645559999", photoUrl: null },
    ...(s.scheduledFor !== undefined && { scheduledFor: s.scheduledFor }),
  }, s.requestedAt);
  if (!made.ok) throw new Error(made.reason);
  const key = keys.ride("greer", made.ride.id);
  const planned = {
    ...made.ride,
    ...(s.vehicleId && { vehicleId: s.vehicleId }),
    ...(s.pickupAt !== undefined && { pickupAt: s.pickupAt }),
    ...(s.dropoffAt !== undefined && { dropoffAt: s.dropoffAt }),
  };
  await t.kv.set(key, planned);
  const moveTo = async (to: RideStatus, now: number) => {
    const res = await updateRideStatus(t.kv, {
      tenant: "greer",
      id: made.ride.id,
      to,
      actorId: "driver-of-the-van",
      driver: { name: "Dee Driver", phoneNumber: "8645550101" },
      now,
      decide: () => Promise.resolve({ ok: true }),
    });
    if (!res.ok) throw new Error(`${to}: ${res.reason}`);
  };
  const start = s.scheduledFor ?? s.requestedAt;
  if (s.scheduledFor !== undefined) await moveTo("pending", start - 20 * MIN);
  await moveTo("accepted", Math.max(start - 10 * MIN, s.requestedAt + 1000));
  if (s.pickedUp !== undefined) await moveTo("arrived", s.pickedUp);
  if (s.completed !== undefined) await moveTo("completed", s.completed);
  return (await t.kv.get<Ride>(key)).value!;
}

/** The example: in Van 2, two overlapping rides (one trip of two riders, both shared), then one alone and late. */
async function example(t: TestApp, w: World) {
  const van = w.vans[0].id;
  // Aboard 10:05-10:23 (18 min) for a 9-minute direct trip: detour 2.000. Picked up 5 minutes after the request.
  const first = await seed(t, {
    vehicleId: van,
    requestedAt: at(10, 0),
    pickupAt: at(10, 4),
    dropoffAt: at(10, 20),
    pickedUp: at(10, 5),
    completed: at(10, 23),
  });
  // Aboard 10:10-10:20 (10 min) for a 7-minute direct trip: detour 1.429. Picked up 8 minutes after the request.
  const second = await seed(t, {
    vehicleId: van,
    requestedAt: at(10, 2),
    pickup: MID,
    pickedUp: at(10, 10),
    completed: at(10, 20),
  });
  // Aboard 10:50-11:00 (10 min) for 9 minutes: detour 1.111. Picked up 20 minutes after the request: late.
  const third = await seed(t, { vehicleId: van, requestedAt: at(10, 30), pickedUp: at(10, 50), completed: at(11, 0) });
  return { first, second, third };
}

async function report(t: TestApp, w: World, from = MONDAY, to = MONDAY): Promise<Report> {
  const res = await t.request(`/greer/api/admin/reports?from=${from}&to=${to}`, bearer(w.admin.token));
  expect(res.status).toBe(200);
  return await res.json();
}

/** The driver drives Van 2 from 10:00, reporting every 5 minutes until 11:30: 90 minutes online in it. */
async function drive(t: TestApp, w: World) {
  t.clock.set(at(10, 0));
  const online = put(w.driver.token, { isAvailable: true, vehicleId: w.vans[0].id, location: CENTRE });
  expect((await t.request("/greer/api/drivers/availability", online)).status).toBe(200);
  for (let minute = 5; minute <= 90; minute += 5) {
    t.clock.set(at(10, minute));
    const res = await t.request("/greer/api/users/location", put(w.driver.token, { location: CENTRE }));
    expect(res.status).toBe(200);
  }
}

describe("a shared service's report", () => {
  it("counts shared rides, vehicle trips, detours, on-time pickups and hours with and without riders", async () => {
    using t = await makeApp();
    const w = await world(t);
    await drive(t, w);
    await example(t, w);
    const r = await report(t, w);
    expect(r.sharing).toEqual({
      rides: 3,
      // The two overlapping rides were shared; the third was alone.
      sharedRate: 0.667,
      // Two trips: 10:05-10:23 with two riders, 10:50-11:00 with one.
      ridersPerTrip: 1.5,
      // (2.000 + 1.429 + 1.111) / 3 = 1.513.
      detour: 1.51,
      // Picked up 5 and 8 minutes after the request: within the default 15. The third after 20.
      onTimeRate: 0.667,
      maxWaitMinutes: 15,
      // 18 + 10 minutes aboard = 0.47 h; 90 minutes in the van less those 28 = 62 minutes = 1.03 h.
      hoursWithRiders: 0.5,
      hoursWithoutRiders: 1,
    });
    // The other figures are the ones they always were.
    expect(r).toMatchObject({ requested: 3, completed: 3, vehicleHours: 1.5 });
  });

  it("holds pickups to the tenant's longest wait, from a booking's pickup time, to the minute", async () => {
    using t = await makeApp();
    const w = await world(t);
    const van = w.vans[1].id;
    // Booked at 10:00 for 11:30, picked up 11:45: 15 minutes after the booked time, on time.
    await seed(t, {
      vehicleId: van,
      requestedAt: at(10, 0),
      scheduledFor: at(11, 30),
      pickedUp: at(11, 45),
      completed: at(11, 55),
    });
    // Asked for at 12:00, picked up at 12:15:01: one second past the promise.
    await seed(t, { vehicleId: van, requestedAt: at(12, 0), pickedUp: at(12, 15) + 1000, completed: at(12, 25) });
    expect((await report(t, w)).sharing).toMatchObject({ rides: 2, onTimeRate: 0.5, sharedRate: 0, ridersPerTrip: 1 });

    // With a longest wait of 20 minutes, both were on time.
    const settings = put(w.admin.token, { maxWaitMinutes: 20 });
    expect((await t.request("/greer/api/admin/settings", settings)).status).toBe(200);
    expect((await report(t, w)).sharing).toMatchObject({ onTimeRate: 1, maxWaitMinutes: 20 });
  });

  it("counts rides in two vans apart, a drop-off at another's pickup as no sharing, and forgets a deleted ride", async () => {
    using t = await makeApp();
    const w = await world(t);
    const { first } = await example(t, w);
    // In Van 7 at the same time as the first two: not shared with them.
    await seed(t, { vehicleId: w.vans[1].id, requestedAt: at(10, 1), pickedUp: at(10, 6), completed: at(10, 21) });
    // In Van 2, picked up the moment the third was dropped off: a new trip.
    await seed(t, { vehicleId: w.vans[0].id, requestedAt: at(10, 55), pickedUp: at(11, 0), completed: at(11, 9) });
    expect((await report(t, w)).sharing).toMatchObject({ rides: 5, sharedRate: 0.4, ridersPerTrip: 1.25 });

    // Deleting the first ride leaves the second alone in its trip.
    expect(await deleteRide(t.kv, "greer", first.id, at(12, 0))).not.toBeNull();
    expect((await report(t, w)).sharing).toMatchObject({ rides: 4, sharedRate: 0, ridersPerTrip: 1 });
    // What each write kept is what the rides add up to; a day sum gone wrong is caught.
    expect(await rideIndexProblems(t.kv)).toEqual([]);
    const sum = keys.reportSharingDay("greer", MONDAY);
    await t.kv.set(sum, { ...(await t.kv.get<object>(sum)).value, shared: 3 });
    expect((await rideIndexProblems(t.kv)).some((p) => p.includes('"report_sharing_days","greer"'))).toBe(true);
  });

  it("counts a ride on the day of its pickup, and a rebuild from the rides equals the rollups kept by each write", async () => {
    using t = await makeApp();
    const w = await world(t);
    await example(t, w);
    // Booked on Monday for Tuesday 9:00: Tuesday's vehicle figures, Monday's request.
    const tuesday = at(10, 0) + 23 * 60 * MIN;
    await seed(t, {
      vehicleId: w.vans[0].id,
      requestedAt: at(11, 0),
      scheduledFor: tuesday,
      pickedUp: tuesday + 2 * MIN,
      completed: tuesday + 12 * MIN,
    });
    expect((await report(t, w)).sharing?.rides).toBe(3);
    expect((await report(t, w, "2026-01-06", "2026-01-06")).sharing?.rides).toBe(1);
    expect((await report(t, w, MONDAY, "2026-01-06")).sharing).toMatchObject({ rides: 4, ridersPerTrip: 1.33 });

    const before = await rollups(t);
    expect(before.length).toBe(4);
    await rebuildReports(t.kv, "greer", "America/New_York");
    expect(await rollups(t)).toEqual(before);
  });

  it("leaves a tenant that never had a vehicle as it was, in the API and on the page", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    await seed(t, { requestedAt: at(10, 0), pickedUp: at(10, 5), completed: at(10, 15) });
    const res = await t.request(`/greer/api/admin/reports?from=${MONDAY}&to=${MONDAY}`, bearer(w.admin.token));
    const r: Report = await res.json();
    expect(r.completed).toBe(1);
    expect("sharing" in r).toBe(false);
    const page = await readHtml(
      await t.request(`/greer/admin/reports/figures?from=${MONDAY}&to=${MONDAY}`, bearer(w.admin.token)),
    );
    expect(page).toContain("Passengers carried");
    expect(page).not.toContain("Shared rides");
    expect(page).not.toContain('data-figure="sharing.');
  });

  it.each([
    ["en", "Shared rides", "Rides shared", "Riders per vehicle trip", "On-time pickups", "66.7%", "1.51×", "1.5"],
    [
      "es",
      "Viajes compartidos",
      "Viajes compartidos con otros pasajeros",
      "Pasajeros por recorrido del vehículo",
      "Recogidas a tiempo",
      // es-US writes numbers as en-US does.
      "66.7%",
      "1.51×",
      "1.5",
    ],
  ])(
    "shows the figures on the reports page in %s",
    async (lang, title, shared, perTrip, onTime, rate, detour, trips) => {
      using t = await makeApp();
      const w = await world(t);
      await example(t, w);
      const res = await t.request(
        `/greer/admin/reports/figures?from=${MONDAY}&to=${MONDAY}`,
        bearer(w.admin.token, { headers: { cookie: `lang=${lang}` } }),
      );
      expect(res.status).toBe(200);
      const page = await readHtml(res);
      for (const text of [title, shared, perTrip, onTime]) expect(page).toContain(text);
      const figures = Object.fromEntries(
        [...page.matchAll(/data-figure="(sharing\.\w+)">(.*?)<\/dd>/g)].map((
          m,
        ) => [m[1], m[2].replace(/<[^>]+>/g, "")]),
      );
      expect(figures["sharing.sharedRate"].replace(/\s/g, " ")).toBe(rate);
      expect(figures["sharing.onTimeRate"].replace(/\s/g, " ")).toBe(rate);
      expect(figures["sharing.detour"]).toBe(detour);
      expect(figures["sharing.ridersPerTrip"]).toBe(trips);
      expect(figures["sharing.rides"]).toBe("3");
    },
  );
});

describe("planned rides in the trips CSV and the admin trips", () => {
  it("adds the vehicle and the planned and actual pickup and drop-off at the end of the CSV", async () => {
    using t = await makeApp();
    const w = await world(t);
    const { first } = await example(t, w);
    await seed(t, { requestedAt: at(11, 0), pickedUp: at(11, 4), completed: at(11, 14) });
    const res = await t.request(`/greer/api/admin/trips.csv?from=${MONDAY}&to=${MONDAY}`, bearer(w.admin.token));
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(await res.text());
    expect(header.slice(0, 20)).toEqual([
      "id",
      "requested_at",
      "accepted_at",
      "arrived_at",
      "completed_at",
      "status",
      "passengers",
      "pickup_lat",
      "pickup_lng",
      "dropoff_lat",
      "dropoff_lng",
      "destination",
      "rider_name",
      "rider_phone",
      "driver_name",
      "wait_minutes",
      "rating",
      "scheduled_for",
      "canceled_by",
      "pickup_place",
    ]);
    expect(header.slice(20)).toEqual([
      "vehicle",
      "planned_pickup",
      "actual_pickup",
      "planned_dropoff",
      "actual_dropoff",
    ]);
    const byId = new Map(rows.map((r) => [r[0], r.slice(20)]));
    expect(byId.get(first.id)).toEqual([
      "Van 2",
      "2026-01-05T10:04:00-05:00",
      "2026-01-05T10:05:00-05:00",
      "2026-01-05T10:20:00-05:00",
      "2026-01-05T10:23:00-05:00",
    ]);
    // A ride no dispatcher planned: its actual times only.
    expect(rows.at(-1)!.slice(20)).toEqual(["", "", "2026-01-05T11:04:00-05:00", "", "2026-01-05T11:14:00-05:00"]);
  });

  it("gives the admin trips the vehicle's name and the planned and actual times", async () => {
    using t = await makeApp();
    const w = await world(t);
    const { first, second } = await example(t, w);
    const lonely = await seed(t, { requestedAt: at(11, 0) });
    const res = await t.request("/greer/api/admin/rides", bearer(w.admin.token));
    expect(res.status).toBe(200);
    const trips = new Map(((await res.json()) as Trip[]).map((trip) => [trip.id, trip]));
    expect(trips.get(first.id)).toMatchObject({
      vehicle: { id: w.vans[0].id, name: "Van 2" },
      pickupAt: at(10, 4),
      pickedUpAt: at(10, 5),
      dropoffAt: at(10, 20),
      completedAt: at(10, 23),
    });
    expect(trips.get(second.id)).toMatchObject({ vehicle: { name: "Van 2" }, pickedUpAt: at(10, 10) });
    expect(trips.get(second.id)).not.toHaveProperty("pickupAt");
    const plain = trips.get(lonely.id)!;
    expect(["vehicle", "pickupAt", "dropoffAt", "pickedUpAt"].filter((k) => k in plain)).toEqual([]);

    // A vehicle deleted since: the trip keeps its id, with no name.
    expect(
      (await t.request(`/greer/api/admin/vehicles/${w.vans[0].id}`, bearer(w.admin.token, { method: "DELETE" })))
        .status,
    ).toBe(204);
    const after = ((await (await t.request("/greer/api/admin/rides", bearer(w.admin.token))).json()) as Trip[])
      .find((trip) => trip.id === first.id);
    expect(after?.vehicle).toEqual({ id: w.vans[0].id, name: null });
  });
});

async function rollups(t: TestApp) {
  const out: { key: Deno.KvKey; value: unknown }[] = [];
  for (const prefix of [keys.reportVehicleDays("greer"), keys.reportSharingDays("greer")]) {
    for await (const { key, value } of t.kv.list({ prefix })) out.push({ key, value });
  }
  return out;
}
