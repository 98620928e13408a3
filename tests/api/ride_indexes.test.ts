/**
 * The index checker the race and crash tests rely on (tests/helpers/ride_indexes.ts):
 * silent on a store the ride API wrote, and it names each kind of damage.
 */
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import type { Ride } from "../../lib/rides.ts";
import { makeApp } from "../helpers/app.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { move, requestRide, rideWorld, type TestApp } from "../helpers/rides.ts";

/** Rides in several states: one completed, one canceled, one accepted, one pending. */
async function busyStore(t: TestApp) {
  const w = await rideWorld(t);
  const first = (await (await requestRide(t, w.rider.token)).json()).ride as Ride;
  for (const to of ["accepted", "on-the-way", "arrived", "completed"]) {
    expect((await move(t, w.driver.token, first.id, to)).status).toBe(200);
  }
  const second = (await (await requestRide(t, w.rider.token)).json()).ride as Ride;
  expect((await move(t, w.rider.token, second.id, "canceled")).status).toBe(200);
  const accepted = (await (await requestRide(t, w.rider.token)).json()).ride as Ride;
  expect((await move(t, w.driver.token, accepted.id, "accepted")).status).toBe(200);
  const pending = (await (await requestRide(t, w.rider2.token)).json()).ride as Ride;
  const read = async (r: Ride) => (await t.kv.get<Ride>(keys.ride("greer", r.id))).value!;
  return { w, first: await read(first), accepted: await read(accepted), pending: await read(pending) };
}

describe("rideIndexProblems", () => {
  it("finds nothing wrong in a store written through the ride API", async () => {
    using t = await makeApp();
    await busyStore(t);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("names a ride whose status changed without its indexes", async () => {
    using t = await makeApp();
    const { accepted } = await busyStore(t);
    await t.kv.set(keys.ride("greer", accepted.id), { ...accepted, status: "on-the-way" });
    const problems = await rideIndexProblems(t.kv);
    expect(problems.some((p) => p.includes("rides_active") && p.includes("accepted"))).toBe(true);
    expect(problems.some((p) => p.includes("driver_active"))).toBe(true);
    expect(problems.some((p) => p.includes("ride_counts greer on-the-way is 0"))).toBe(true);
    expect(problems.some((p) => p.includes("feed's newest entry"))).toBe(true);
  });

  it("names index entries left behind by a ride deleted alone", async () => {
    using t = await makeApp();
    const { pending } = await busyStore(t);
    await t.kv.delete(keys.ride("greer", pending.id));
    const problems = await rideIndexProblems(t.kv);
    for (const index of ["rides_by_rider", "rides_active", "rider_active", "rides_by_trip_status"]) {
      expect(problems.some((p) => p.includes(index) && p.includes("missing"))).toBe(true);
    }
    expect(problems.some((p) => p.includes("feed leaves deleted ride"))).toBe(true);
  });

  it("names report rollups that no longer add up to the rides", async () => {
    using t = await makeApp();
    const { first } = await busyStore(t);
    // The completed ride moved back to pending alone: its day and its driver's month still count it completed.
    await t.kv.set(keys.ride("greer", first.id), { ...first, status: "accepted", completedAt: null });
    const problems = await rideIndexProblems(t.kv);
    expect(problems.some((p) => p.includes('"report_days","greer"'))).toBe(true);
    expect(problems.some((p) => p.includes('"report_driver_months","greer"'))).toBe(true);
  });

  it("names a rider with two active rides and a missing trip-status entry", async () => {
    using t = await makeApp();
    const { pending, first } = await busyStore(t);
    await t.kv.set(keys.ride("greer", first.id), { ...first, creatorId: pending.creatorId, status: "pending" });
    await t.kv.delete(keys.rideByTripStatus("greer", "completed", first.id));
    const problems = await rideIndexProblems(t.kv);
    expect(problems.some((p) => p.includes(`rider_active of ${pending.creatorId} holds ${pending.id}`))).toBe(true);
    expect(problems.some((p) => p.includes("missing from rides_by_trip_status"))).toBe(true);
  });

  it("names a feed head behind its entries and a feed entry out of place", async () => {
    using t = await makeApp();
    const { first } = await busyStore(t);
    const head = (await t.kv.get<number>(keys.feedHead("greer"))).value!;
    await t.kv.set(keys.feedHead("greer"), head - 1);
    const entry = (await t.kv.get(keys.feed("greer", head))).value as Record<string, unknown>;
    await t.kv.set(keys.feed("greer", head + 5), { ...entry, seq: head + 4, ride: first });
    const problems = await rideIndexProblems(t.kv);
    expect(problems.some((p) => p.includes("feed_head of greer") && p.includes("behind"))).toBe(true);
    expect(problems.some((p) => p.includes(`holds seq ${head + 4}`))).toBe(true);
  });
});
