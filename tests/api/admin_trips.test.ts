/** The trips screen's server side: counts by admin status, the status filter, and the counters' upkeep. */
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { getTripCounts, rebuildRideStats } from "../../kv/ride_stats.ts";
import { createRide, updateRideStatus } from "../../kv/rides.ts";
import { tripStatusOf } from "../../lib/trips.ts";
import { bearer, makeApp, signIn } from "../helpers/app.ts";
import { INSIDE, INSIDE_2, move, requestRide, rideWorld } from "../helpers/rides.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;
const COUNTS = "/greer/api/admin/rides/counts";

/** Rides by many riders straight through kv/ (a rider holds one active ride at a time). */
async function seedRides(t: TestApp, statuses: string[]) {
  const ids: string[] = [];
  for (const [i, status] of statuses.entries()) {
    const res = await createRide(t.kv, {
      timeZone: "America/New_York",
      tenant: "greer",
      creatorId: `rider-${i}`,
      pickup: INSIDE,
      dropoff: INSIDE_2,
      destination: `Stop ${i}`,
      passengerCt: 1,
      rider: { name: null, phoneNumber: "8645559999", photoUrl: null },
      // A booking is created scheduled.
      ...(status === "scheduled" && { scheduledFor: t.clock.now() + 3_600_000 }),
    }, t.clock.now());
    if (!res.ok) throw new Error(res.reason);
    t.clock.advance(1000);
    const path: Record<string, string[]> = {
      pending: [],
      accepted: ["accepted"],
      "on-the-way": ["accepted", "on-the-way"],
      arrived: ["accepted", "on-the-way", "arrived"],
      completed: ["accepted", "on-the-way", "arrived", "completed"],
      canceled: ["canceled"],
      "no-show": ["accepted", "on-the-way", "no-show"],
      scheduled: [],
    };
    for (const to of path[status]) {
      await updateRideStatus(t.kv, {
        tenant: "greer",
        id: res.ride.id,
        to: to as "accepted",
        actorId: "driver-1",
        now: t.clock.now(),
        decide: () => Promise.resolve({ ok: true }),
      });
    }
    ids.push(res.ride.id);
  }
  return ids;
}

describe("GET /{tenant}/api/admin/rides/counts", () => {
  it("counts trips by admin status, the stages under way as accepted", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const statuses = [
      "pending",
      "accepted",
      "on-the-way",
      "arrived",
      "completed",
      "completed",
      "canceled",
      "no-show",
      "scheduled",
    ];
    await seedRides(t, statuses);
    const res = await t.request(COUNTS, bearer(w.admin.token));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      total: 9,
      counts: { pending: 1, accepted: 3, completed: 2, canceled: 1, "no-show": 1, scheduled: 1 },
    });
  });

  it("follows requests, moves and deletes through the API", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const counts = async () => (await (await t.request(COUNTS, bearer(w.admin.token))).json()).counts;
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    expect(await counts()).toMatchObject({ pending: 1, accepted: 0 });
    await move(t, w.driver.token, ride.id, "accepted");
    await move(t, w.driver.token, ride.id, "on-the-way");
    expect(await counts()).toMatchObject({ pending: 0, accepted: 1 });
    await move(t, w.driver.token, ride.id, "arrived");
    await move(t, w.driver.token, ride.id, "completed");
    expect(await counts()).toMatchObject({ accepted: 0, completed: 1 });
    expect((await t.request(`/greer/api/rides/${ride.id}`, bearer(w.admin.token, { method: "DELETE" }))).status)
      .toBe(200);
    expect(await (await t.request(COUNTS, bearer(w.admin.token))).json()).toEqual({
      total: 0,
      counts: { pending: 0, accepted: 0, completed: 0, canceled: 0, "no-show": 0, scheduled: 0 },
    });
    expect((await t.kv.get(keys.rideByTripStatus("greer", "completed", ride.id))).value).toBeNull();
  });

  it("refuses riders and drivers with 403 and anyone signed out with 401", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    for (const token of [w.rider.token, w.driver.token]) {
      const res = await t.request(COUNTS, bearer(token));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Access denied - admin privileges required" });
    }
    expect((await t.request(COUNTS)).status).toBe(401);
  });
});

describe("GET /{tenant}/api/admin/rides?status=", () => {
  it("answers only trips of that admin status, newest first, paging with X-Next-Cursor", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const statuses = ["accepted", "completed", "on-the-way", "pending", "arrived", "canceled", "accepted"];
    const ids = await seedRides(t, statuses);
    const accepted = ids.filter((_, i) => tripStatusOf(statuses[i] as "accepted") === "accepted").reverse();
    expect(accepted).toHaveLength(4);

    const first = await t.request("/greer/api/admin/rides?status=accepted&limit=3", bearer(w.admin.token));
    expect(first.status).toBe(200);
    const page1 = await first.json();
    expect(page1.map((trip: { id: string }) => trip.id)).toEqual(accepted.slice(0, 3));
    expect(page1.map((trip: { status: string }) => trip.status)).toEqual(["accepted", "arrived", "on-the-way"]);
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const second = await t.request(
      `/greer/api/admin/rides?status=accepted&limit=3&cursor=${encodeURIComponent(cursor!)}`,
      bearer(w.admin.token),
    );
    expect((await second.json()).map((trip: { id: string }) => trip.id)).toEqual(accepted.slice(3));
    expect(second.headers.get("x-next-cursor")).toBeNull();

    const pending = await (await t.request("/greer/api/admin/rides?status=pending", bearer(w.admin.token))).json();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ id: ids[3], status: "pending", destination: "Stop 3", passengerCount: 1 });
    expect(
      await (await t.request("/greer/api/admin/rides?status=no-show", bearer(w.admin.token))).json(),
    ).toEqual([]);
  });

  it("filters bookings ahead as scheduled, with their pickup time", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const ids = await seedRides(t, ["pending", "scheduled", "canceled"]);
    const res = await t.request("/greer/api/admin/rides?status=scheduled", bearer(w.admin.token));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      expect.objectContaining({ id: ids[1], status: "scheduled", scheduledFor: t.clock.now() - 2000 + 3_600_000 }),
    ]);
  });

  it("refuses an unknown status with 400", async () => {
    using t = await makeApp();
    const admin = await signIn(t, "8645550100", "greer");
    const res = await t.request("/greer/api/admin/rides?status=on-the-way", bearer(admin.token));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "Status must be one of: pending, accepted, completed, canceled, no-show, scheduled",
    });
  });
});

describe("rebuildRideStats", () => {
  it("recomputes the counters and the index from the rides of a store that lost them", async () => {
    using t = await makeApp();
    const ids = await seedRides(t, ["pending", "completed", "arrived", "no-show", "scheduled"]);
    const expected = await getTripCounts(t.kv, "greer");
    // A store from before the counters: no counters, no index, one stray index entry.
    for await (const e of t.kv.list({ prefix: ["ride_counts", "greer"] })) await t.kv.delete(e.key);
    for await (const e of t.kv.list({ prefix: keys.tripStatusIndex("greer") })) await t.kv.delete(e.key);
    await t.kv.set(keys.rideByTripStatus("greer", "canceled", "gone"), true);
    expect((await getTripCounts(t.kv, "greer")).total).toBe(0);

    await rebuildRideStats(t.kv, "greer");
    expect(await getTripCounts(t.kv, "greer")).toEqual(expected);
    expect(expected.counts).toEqual({ pending: 1, accepted: 1, completed: 1, canceled: 0, "no-show": 1, scheduled: 1 });
    const indexed: string[] = [];
    for await (const e of t.kv.list({ prefix: keys.tripStatusIndex("greer") })) indexed.push(e.key.join("/"));
    expect(indexed.sort()).toEqual([
      `rides_by_trip_status/greer/accepted/${ids[2]}`,
      `rides_by_trip_status/greer/completed/${ids[1]}`,
      `rides_by_trip_status/greer/no-show/${ids[3]}`,
      `rides_by_trip_status/greer/pending/${ids[0]}`,
      `rides_by_trip_status/greer/scheduled/${ids[4]}`,
    ].sort());
  });

  it("reads a counter that went below zero (rides older than the counters) as none", async () => {
    using t = await makeApp();
    await t.kv.atomic().sum(keys.rideCount("greer", "pending"), 0xffff_ffff_ffff_ffffn).commit();
    expect((await getTripCounts(t.kv, "greer")).counts.pending).toBe(0);
  });
});
