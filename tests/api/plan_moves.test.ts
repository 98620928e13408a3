/**
 * In automatic dispatch a vehicle's plan follows its rides' moves (PUT /{t}/api/rides/{id} {status}), in the move's
 * own commit: picked up marks the pickup done, dropped off removes the ride, a cancel (rider, driver, an admin's
 * delete) or a no-show removes its stops, and the riders left are re-timed, none later, their rides rewritten when
 * their times moved by a minute or more. Races answer 409 or succeed, never 500.
 */
import { describe, expect, it } from "vitest";
import type { PlanStop, VehiclePlan } from "../../kv/plans.ts";
import { bearer, makeApp } from "../helpers/app.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { automaticWorld, drive, plannedRide, planOf, rideOf, stopsOf } from "../helpers/plans.ts";
import { CENTRE, INSIDE, INSIDE_2, move, put, waitAtPickup } from "../helpers/rides.ts";

const MIN = 60_000;
/** Rider 2's trip: a pickup near the van and a drop-off past rider 1's, so the van pools them. */
const B_PICKUP = { lat: 34.9395, lng: -82.2265 };
const B_DROPOFF = { lat: 34.9340, lng: -82.2310 };

/** The van with two riders pooled: rider 1 (INSIDE → INSIDE_2) and rider 2 (B_PICKUP → B_DROPOFF). */
async function pooled() {
  const t = await makeApp();
  const w = await automaticWorld(t);
  await drive(t, w.driver.token, w.van, CENTRE);
  const a = await plannedRide(t, w.rider.token, { pickup: INSIDE, dropoff: INSIDE_2 });
  const b = await plannedRide(t, w.rider2.token, { pickup: B_PICKUP, dropoff: B_DROPOFF });
  const names = { [a.id]: "a", [b.id]: "b" };
  const plan = (await planOf(t, w.van))!;
  expect(stopsOf(plan, names)).toEqual(["a pickup", "b pickup", "a dropoff", "b dropoff"]);
  return { t, ...w, a, b, names, plan, [Symbol.dispose]: () => t.kv.close() };
}

const timeOf = (plan: VehiclePlan, rideId: string, kind: PlanStop["kind"]) =>
  plan.stops.find((s) => s.rideId === rideId && s.kind === kind)!.plannedAt;

/** The stops of `after` planned later than in `before`. */
function later(before: VehiclePlan, after: VehiclePlan | null): string[] {
  return (after?.stops ?? []).filter((s) => s.doneAt === undefined && s.plannedAt > timeOf(before, s.rideId, s.kind))
    .map((s) => `${s.rideId} ${s.kind}`);
}

describe("a vehicle's plan following its rides' moves", () => {
  it("marks a pickup done when the rider is picked up, lets the driver fetch the next rider, and drops a rider dropped off", async () => {
    using w = await pooled();
    const { t, driver, a, b, names } = w;
    expect((await move(t, driver.token, a.id, "on-the-way")).status).toBe(200);
    w.t.clock.advance(MIN);
    const picked = t.clock.now();
    expect((await move(t, driver.token, a.id, "arrived")).status).toBe(200);
    const aboard = (await planOf(t, w.van))!;
    expect(stopsOf(aboard, names)).toEqual(["a pickup done", "b pickup", "a dropoff", "b dropoff"]);
    expect(aboard.stops[0].doneAt).toBe(picked);
    // With rider 1 aboard the driver goes on to rider 2: the plan orders the stops, not one ride at a time.
    expect((await move(t, driver.token, b.id, "on-the-way")).status).toBe(200);
    expect((await move(t, driver.token, b.id, "arrived")).status).toBe(200);
    expect(stopsOf(await planOf(t, w.van), names)).toEqual([
      "a pickup done",
      "b pickup done",
      "a dropoff",
      "b dropoff",
    ]);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
    expect((await move(t, driver.token, a.id, "completed")).status).toBe(200);
    expect(stopsOf(await planOf(t, w.van), names)).toEqual(["b pickup done", "b dropoff"]);
    expect((await move(t, driver.token, b.id, "completed")).status).toBe(200);
    // The last drop-off leaves an empty plan, which is not kept.
    expect(await planOf(t, w.van)).toBeNull();
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("removes a canceled ride's stops and re-times the rider left, earlier, never later, rewriting their ride", async () => {
    using w = await pooled();
    const { t, rider, rider2, a, b, names, plan } = w;
    const res = await move(t, rider2.token, b.id, "canceled");
    expect(res.status).toBe(200);
    const after = (await planOf(t, w.van))!;
    expect(stopsOf(after, names)).toEqual(["a pickup", "a dropoff"]);
    expect(later(plan, after)).toEqual([]);
    // Rider 2's stops were a detour on rider 1's trip: rider 1 is now dropped off at least a minute sooner.
    const dropoffAt = timeOf(after, a.id, "dropoff");
    expect(dropoffAt).toBeLessThanOrEqual(timeOf(plan, a.id, "dropoff") - MIN);
    const mine = await (await t.request("/greer/api/rides/my", bearer(rider.token))).json();
    expect(mine).toMatchObject({ id: a.id, status: "accepted", vehicleId: w.van, dropoffAt });
    expect((await rideOf(t, a.id)).dropoffAt).toBe(dropoffAt);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });

  it("removes the stops of a ride the driver cancels, and of one an admin deletes", async () => {
    using w = await pooled();
    const { t, driver, admin, a, b, names, plan } = w;
    expect((await move(t, driver.token, a.id, "canceled")).status).toBe(200);
    const after = await planOf(t, w.van);
    expect(stopsOf(after, names)).toEqual(["b pickup", "b dropoff"]);
    expect(later(plan, after)).toEqual([]);
    const gone = await t.request(`/greer/api/rides/${b.id}`, bearer(admin.token, { method: "DELETE" }));
    expect(gone.status).toBe(200);
    expect(await planOf(t, w.van)).toBeNull();
  });

  it("removes a no-show's stops after the wait at the pickup", async () => {
    using w = await pooled();
    const { t, driver, a, b, names } = w;
    expect((await move(t, driver.token, b.id, "on-the-way")).status).toBe(200);
    await waitAtPickup(t, driver.token, B_PICKUP);
    const before = (await planOf(t, w.van))!;
    expect((await move(t, driver.token, b.id, "no-show")).status).toBe(200);
    const after = await planOf(t, w.van);
    expect(stopsOf(after, names)).toEqual(["a pickup", "a dropoff"]);
    expect(later(before, after)).toEqual([]);
    expect((await rideOf(t, a.id)).vehicleId).toBe(w.van);
  });

  it("answers every one of moves racing on one plan with 200 or 409, and leaves the plan holding exactly the rides still on", async () => {
    using w = await pooled();
    const { t, driver, rider, rider2, a, b } = w;
    // A position due to re-time the plan races the moves too.
    t.clock.advance(30_000);
    const answers = await Promise.all([
      t.request("/greer/api/users/location", put(driver.token, { location: B_PICKUP })),
      move(t, rider.token, a.id, "canceled"),
      move(t, rider2.token, b.id, "canceled"),
      move(t, driver.token, a.id, "on-the-way"),
      move(t, driver.token, b.id, "on-the-way"),
      move(t, driver.token, b.id, "canceled"),
    ]);
    for (const res of answers) expect([200, 409]).toContain(res.status);
    const plan = await planOf(t, w.van);
    const on: string[] = [];
    for (const id of [a.id, b.id]) {
      if (!["canceled", "completed", "no-show"].includes((await rideOf(t, id)).status)) on.push(id);
    }
    expect([...new Set((plan?.stops ?? []).map((s) => s.rideId))].sort()).toEqual(on.sort());
    // Both riders canceled their own rides, which a rider may do at any stage before the end.
    expect(on).toEqual([]);
    expect(await rideIndexProblems(t.kv)).toEqual([]);
  });
});
