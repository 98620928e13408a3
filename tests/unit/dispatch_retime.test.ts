/**
 * A plan kept true as the day goes (domain/dispatch/retime.ts): removing a ride's stops re-times the rest and never
 * makes any of them later; a position re-times the plan as it is; rides whose times moved by a minute are rewritten.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FleetEntry, PlanStop, VehiclePlan } from "../../kv/plans.ts";
import type { RideToPlace } from "../../domain/dispatch/from_plans.ts";
import { findPlacement, pickupWindow, type PlaceSettings } from "../../domain/dispatch/place.ts";
import {
  MOVED_MS,
  removeRide,
  ridesToRetime,
  timesFrom,
  withoutRide,
  withPickupDone,
} from "../../domain/dispatch/retime.ts";
import { estimateTravel, type Travel } from "../../domain/dispatch/travel.ts";
import type { Point } from "../../lib/geo.ts";
import type { Ride } from "../../lib/rides.ts";

const NOW = Date.UTC(2026, 5, 1, 14, 0);
const MIN = 60_000;
const SETTINGS: PlaceSettings = { maxWaitMinutes: 15, maxRideFactor: 1.5, maxRideExtraMinutes: 10, pooling: true };

/** A point `north` km north and `east` km east of a town centre. */
function at(north: number, east: number): Point {
  return { lat: 34.93 + north / 111.2, lng: -82.22 + east / (111.2 * Math.cos((34.93 * Math.PI) / 180)) };
}

function toPlace(id: string, pickup: Point, dropoff: Point, from = NOW): RideToPlace {
  return {
    rideId: id,
    pickup,
    pickupName: null,
    dropoff,
    destination: `to ${id}`,
    passengerCt: 1,
    needs: [],
    ...pickupWindow(from, SETTINGS),
  };
}

/** One vehicle at `start` with the rides placed in turn (those that fit): its plan. */
async function planOf(start: Point, rides: RideToPlace[], travel: Travel = estimateTravel): Promise<VehiclePlan> {
  let fleet: FleetEntry = {
    vehicle: { id: "v1", name: "Van", seats: 8, wheelchairSpaces: 1 },
    driverId: "d1",
    location: start,
    entry: { key: ["plans", "t", "v1"], value: null, versionstamp: null },
  };
  for (const ride of rides) {
    const placed = await findPlacement("t", [fleet], ride, SETTINGS, NOW, { travel });
    if (placed) fleet = { ...fleet, entry: { key: fleet.entry.key, value: placed.plan, versionstamp: "1" } };
  }
  return fleet.entry.value!;
}

const timeOf = (stops: PlanStop[], rideId: string, kind: PlanStop["kind"]) =>
  stops.find((s) => s.rideId === rideId && s.kind === kind)!.plannedAt;

function laterStops(before: PlanStop[], after: PlanStop[]): string[] {
  return after.filter((s) => s.plannedAt > timeOf(before, s.rideId, s.kind))
    .map((s) => `${s.rideId} ${s.kind}: ${s.plannedAt - timeOf(before, s.rideId, s.kind)} ms later`);
}

/** A travel model whose times break the triangle inequality: going round by another stop may be quicker. */
function lopsided(seed: number): Travel {
  return {
    matrix: (points) => {
      const n = points.length;
      const cell = new Float64Array(n * n);
      let x = seed || 1;
      for (let i = 0; i < n * n; i++) {
        x = (x * 48271) % 2147483647;
        cell[i] = (1 + (x % 12)) * MIN;
      }
      return Promise.resolve((i, j) => (i === j ? 0 : cell[i * n + j]));
    },
  };
}

describe("removing a ride from a plan", () => {
  it("re-times the stops after it earlier when it was a detour", async () => {
    const start = at(0, 0);
    const plan = await planOf(start, [
      toPlace("east", at(0, 0.5), at(0, 3)),
      toPlace("north", at(1.5, 0.8), at(1.5, 1.2)),
    ]);
    expect(plan.stops.map((s) => `${s.rideId} ${s.kind}`)).toContain("north pickup");
    const left = await removeRide(plan.stops, "north", start, NOW, estimateTravel);
    expect(left.map((s) => s.rideId)).toEqual(["east", "east"]);
    expect(timeOf(left, "east", "dropoff")).toBeLessThan(timeOf(plan.stops, "east", "dropoff") - MIN);
  });

  it("keeps a stop's time when a fresh schedule would put it later", async () => {
    const start = at(0, 0);
    // A booked pickup 30 minutes out: with one rider fewer, a fresh schedule leaves later to wait less on the way.
    const plan = await planOf(start, [
      toPlace("soon", at(0, 0.4), at(0, 1)),
      toPlace("detour", at(0.3, 0.5), at(0.6, 0.6)),
      toPlace("booked", at(0, 1.2), at(0, 2), NOW + 30 * MIN),
    ]);
    expect(plan.stops.filter((s) => s.rideId === "detour")).toHaveLength(2);
    const fresh = await timesFrom(withoutRide(plan.stops, "detour"), start, NOW, estimateTravel);
    expect(laterStops(plan.stops, fresh)).not.toEqual([]);
    const left = await removeRide(plan.stops, "detour", start, NOW, estimateTravel);
    expect(laterStops(plan.stops, left)).toEqual([]);
  });

  it("never makes any stop left later, whatever the plan, the ride removed, the driver's place or the travel times", async () => {
    const point = fc.record({
      north: fc.double({ min: -2, max: 2, noNaN: true }),
      east: fc.double({ min: -2, max: 2, noNaN: true }),
    })
      .map(({ north, east }) => at(north, east));
    const rideArb = fc.record({
      pickup: point,
      dropoff: point,
      ahead: fc.constantFrom(0, 0, 0, 20, 45),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(rideArb, { minLength: 2, maxLength: 6 }),
        point,
        fc.nat({ max: 5 }),
        fc.nat({ max: 8 }),
        fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
        fc.boolean(),
        async (rides, driverNow, pick, minutesOn, seed, aboard) => {
          const travel = seed === undefined ? estimateTravel : lopsided(seed);
          const start = at(0, 0);
          let plan = await planOf(
            start,
            rides.map((r, i) => toPlace(`r${i}`, r.pickup, r.dropoff, NOW + r.ahead * MIN)),
            travel,
          );
          if (!plan || plan.stops.length < 4) return;
          // Sometimes the first pickup is done: a rider aboard stays, with their time.
          if (aboard) plan = { ...plan, stops: withPickupDone(plan.stops, plan.stops[0].rideId, NOW) };
          const ids = [...new Set(plan.stops.map((s) => s.rideId))];
          const gone = ids[pick % ids.length];
          const now = NOW + minutesOn * MIN;
          const left = await removeRide(plan.stops, gone, driverNow, now, travel);
          expect(left.some((s) => s.rideId === gone)).toBe(false);
          expect(left).toHaveLength(plan.stops.filter((s) => s.rideId !== gone).length);
          expect(laterStops(plan.stops, left)).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("a pickup done", () => {
  it("moves the pickup up among the riders aboard, with when it was done", () => {
    const stop = (rideId: string, kind: PlanStop["kind"], doneAt?: number): PlanStop => ({
      rideId,
      kind,
      point: at(0, 0),
      name: null,
      passengerCt: 1,
      needs: [],
      earliest: NOW,
      latest: NOW + 60 * MIN,
      maxRideMs: 20 * MIN,
      plannedAt: NOW,
      ...(doneAt !== undefined && { doneAt }),
    });
    const stops = [stop("a", "pickup", NOW - MIN), stop("b", "pickup"), stop("c", "pickup"), stop("a", "dropoff")];
    const after = withPickupDone(stops, "c", NOW);
    expect(after.map((s) => `${s.rideId} ${s.kind} ${s.doneAt ?? "-"}`)).toEqual([
      `a pickup ${NOW - MIN}`,
      `c pickup ${NOW}`,
      "b pickup -",
      "a dropoff -",
    ]);
  });
});

describe("rides to rewrite", () => {
  it("are those whose planned pickup or drop-off moved by a minute or more", async () => {
    const plan = await planOf(at(0, 0), [toPlace("a", at(0, 0.5), at(0, 3)), toPlace("b", at(0, 1), at(0, 2))]);
    const times = (id: string) => ({
      pickupAt: timeOf(plan.stops, id, "pickup"),
      dropoffAt: timeOf(plan.stops, id, "dropoff"),
    });
    // Both ride together in this plan and already say so (the commit that first put them together marked them).
    const ride = (id: string, over: Partial<Ride>) =>
      ({ id, status: "accepted", shared: true, ...times(id), ...over }) as Ride;
    const rides = [
      ride("a", { pickupAt: times("a").pickupAt + MOVED_MS - 1 }),
      ride("b", { dropoffAt: times("b").dropoffAt - MOVED_MS }),
    ];
    // A ride that ended is never rewritten, however far its time moved.
    expect(ridesToRetime(plan.stops, [ride("b", { status: "completed", dropoffAt: 0 })], NOW)).toEqual([]);
    const out = ridesToRetime(plan.stops, rides, NOW + 5);
    expect(out.map((r) => [r.id, r.pickupAt, r.dropoffAt, r.updatedAt])).toEqual([
      ["b", times("b").pickupAt, times("b").dropoffAt, NOW + 5],
    ]);
  });

  it("are also those riding beside another for the first time, marked shared, and only those", async () => {
    const plan = await planOf(at(0, 0), [toPlace("a", at(0, 0.5), at(0, 3)), toPlace("b", at(0, 1), at(0, 2))]);
    const ride = (id: string, over: Partial<Ride> = {}) =>
      ({
        id,
        status: "accepted",
        pickupAt: timeOf(plan.stops, id, "pickup"),
        dropoffAt: timeOf(plan.stops, id, "dropoff"),
        ...over,
      }) as Ride;
    const out = ridesToRetime(plan.stops, [ride("a"), ride("b", { shared: true })], NOW);
    expect(out.map((r) => [r.id, r.shared, r.pickupAt, r.updatedAt])).toEqual([
      ["a", true, timeOf(plan.stops, "a", "pickup"), NOW],
    ]);
    // A ride alone in its plan is not.
    const alone = await planOf(at(0, 0), [toPlace("c", at(0, 0.5), at(0, 3))]);
    const c = { id: "c", status: "accepted", pickupAt: timeOf(alone.stops, "c", "pickup") } as Ride;
    expect(ridesToRetime(alone.stops, [{ ...c, dropoffAt: timeOf(alone.stops, "c", "dropoff") }], NOW)).toEqual([]);
  });
});
