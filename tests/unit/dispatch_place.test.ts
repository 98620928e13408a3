import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { FleetEntry, PlanStop, VehiclePlan } from "../../kv/plans.ts";
import type { RideToPlace } from "../../domain/dispatch/from_plans.ts";
import { findPlacement, pickupWindow, type PlaceSettings } from "../../domain/dispatch/place.ts";
import { estimateMs, STOP_SERVICE_MS, travelModel } from "../../domain/dispatch/travel.ts";
import type { Point } from "../../lib/geo.ts";
import type { Need } from "../../lib/needs.ts";
import { startFakeOsrm } from "../helpers/fake_osrm.ts";

const NOW = Date.UTC(2026, 5, 1, 14, 0);
const MIN = 60_000;
const SETTINGS: PlaceSettings = { maxWaitMinutes: 15, maxRideFactor: 1.5, maxRideExtraMinutes: 10, pooling: true };

/** A point `north` km north and `east` km east of a town centre. */
function at(north: number, east: number): Point {
  return { lat: 34.93 + north / 111.2, lng: -82.22 + east / (111.2 * Math.cos((34.93 * Math.PI) / 180)) };
}

function vehicle(id: string, location: Point, { seats = 8, wheelchairSpaces = 0 } = {}): FleetEntry {
  return {
    vehicle: { id, name: `Van ${id}`, seats, wheelchairSpaces },
    driverId: `driver-${id}`,
    location,
    entry: { key: ["plans", "t", id], value: null, versionstamp: null },
  };
}

function ride(id: string, pickup: Point, dropoff: Point, extra: Partial<RideToPlace> = {}): RideToPlace {
  return {
    rideId: id,
    pickup,
    pickupName: null,
    dropoff,
    destination: `to ${id}`,
    passengerCt: 1,
    needs: [] as Need[],
    ...pickupWindow(NOW, SETTINGS),
    ...extra,
  };
}

/** The fleet after a placement: that vehicle now holds the new plan. */
function withPlan(fleet: FleetEntry[], plan: VehiclePlan): FleetEntry[] {
  return fleet.map((f) =>
    f.vehicle.id === plan.vehicleId
      ? { ...f, entry: { key: f.entry.key, value: plan, versionstamp: "00000000000000010000" } }
      : f
  );
}

/** Checks a plan against the promises themselves, from the stops alone. */
function keepsEveryLimit(plan: VehiclePlan, seats: number, spaces: number) {
  let aboard = 0;
  let chairs = 0;
  const picked = new Map<string, PlanStop>();
  let last = -Infinity;
  for (const s of plan.stops) {
    expect(s.plannedAt).toBeGreaterThanOrEqual(last);
    last = s.plannedAt;
    const chair = s.needs.includes("wheelchair") ? 1 : 0;
    const sign = s.kind === "pickup" ? 1 : -1;
    aboard += sign * (s.passengerCt - chair);
    chairs += sign * chair;
    expect(aboard).toBeLessThanOrEqual(seats);
    expect(chairs).toBeLessThanOrEqual(spaces);
    if (s.kind === "pickup") {
      expect(s.plannedAt).toBeGreaterThanOrEqual(s.earliest);
      expect(s.plannedAt).toBeLessThanOrEqual(s.latest);
      picked.set(s.rideId, s);
    } else {
      const p = picked.get(s.rideId)!;
      expect(p).toBeDefined();
      expect(s.plannedAt - (p.plannedAt + STOP_SERVICE_MS)).toBeLessThanOrEqual(s.maxRideMs + 1);
    }
  }
  expect(aboard).toBe(0);
}

describe("placing a ride into the vehicles' plans", () => {
  it("puts a ride into the nearest vehicle, picked up within the wait and dropped within the ride limit", async () => {
    const fleet = [vehicle("far", at(6, 0)), vehicle("near", at(0.5, 0))];
    const r = ride("r1", at(0, 0), at(0, 3));
    const placed = await findPlacement("t", fleet, r, SETTINGS, NOW);
    expect(placed?.plan.vehicleId).toBe("near");
    expect(placed!.plan.driverId).toBe("driver-near");
    expect(placed!.plan.stops.map((s) => [s.rideId, s.kind])).toEqual([["r1", "pickup"], ["r1", "dropoff"]]);
    const drive = estimateMs(at(0.5, 0), at(0, 0));
    expect(placed!.pickupAt).toBe(Math.round(NOW + drive));
    expect(placed!.dropoffAt).toBe(Math.round(NOW + drive + STOP_SERVICE_MS + estimateMs(at(0, 0), at(0, 3))));
    expect(placed!.plan.stops[1].maxRideMs).toBeCloseTo(1.5 * estimateMs(at(0, 0), at(0, 3)) + 10 * MIN, -1);
    expect(placed!.plan.stops[0].name).toBe(null);
    expect(placed!.plan.stops[1].name).toBe("to r1");
    keepsEveryLimit(placed!.plan, 8, 0);
  });

  it("answers null when no vehicle can reach the pickup within the longest wait", async () => {
    // 10 km at 25 km/h × 1.4 is over half an hour.
    const fleet = [vehicle("a", at(10, 0))];
    expect(await findPlacement("t", fleet, ride("r1", at(0, 0), at(0, 2)), SETTINGS, NOW)).toBe(null);
    const longer = { ...SETTINGS, maxWaitMinutes: 60 };
    const r = ride("r1", at(0, 0), at(0, 2), pickupWindow(NOW, longer));
    expect((await findPlacement("t", fleet, r, longer, NOW))?.plan.vehicleId).toBe("a");
  });

  it("pools two riders going the same way into one van", async () => {
    let fleet = [vehicle("a", at(0, -0.5)), vehicle("b", at(0, -1.5))];
    const first = await findPlacement("t", fleet, ride("r1", at(0, 0), at(0, 4)), SETTINGS, NOW);
    expect(first?.plan.vehicleId).toBe("a");
    fleet = withPlan(fleet, first!.plan);
    const second = await findPlacement("t", fleet, ride("r2", at(0.2, 0.3), at(0.2, 4.2)), SETTINGS, NOW);
    expect(second?.plan.vehicleId).toBe("a");
    expect(second!.plan.stops.map((s) => `${s.rideId}:${s.kind}`)).toEqual([
      "r1:pickup",
      "r2:pickup",
      "r1:dropoff",
      "r2:dropoff",
    ]);
    // The first rider's times move and are answered for the ride records.
    expect(second!.times.get("r1")!.dropoffAt).toBeGreaterThan(first!.dropoffAt);
    keepsEveryLimit(second!.plan, 8, 0);
  });

  it("sends a rider going the opposite way to the other vehicle when sharing would break a limit", async () => {
    const tight = { ...SETTINGS, maxRideFactor: 1, maxRideExtraMinutes: 0 };
    let fleet = [vehicle("a", at(0, -0.2)), vehicle("b", at(0, -1.5))];
    const first = await findPlacement("t", fleet, ride("r1", at(0, 0), at(0, 4)), tight, NOW);
    expect(first?.plan.vehicleId).toBe("a");
    fleet = withPlan(fleet, first!.plan);
    const second = await findPlacement("t", fleet, ride("r2", at(0, 0.1), at(0, -4)), tight, NOW);
    expect(second?.plan.vehicleId).toBe("b");
    // With only the first van, the rider going the other way is refused rather than break the first one's limit.
    const alone = fleet.filter((f) => f.vehicle.id === "a");
    expect(await findPlacement("t", alone, ride("r2", at(0, 0.1), at(0, -4)), tight, NOW)).toBe(null);
  });

  it("places a wheelchair user only in a vehicle with a wheelchair space, taking the space and the party's other seats", async () => {
    const fleet = [
      vehicle("car", at(0, 0.2), { seats: 4 }),
      vehicle("van", at(2, 0), { seats: 1, wheelchairSpaces: 1 }),
    ];
    const r = ride("w", at(0, 0), at(0, 2), { needs: ["wheelchair"], passengerCt: 2 });
    const placed = await findPlacement("t", fleet, r, SETTINGS, NOW);
    expect(placed?.plan.vehicleId).toBe("van");
    keepsEveryLimit(placed!.plan, 1, 1);
    expect(await findPlacement("t", fleet.slice(0, 1), r, SETTINGS, NOW)).toBe(null);
  });

  it("never seats more riders than the vehicle has seats", async () => {
    let fleet = [vehicle("small", at(0, -0.2), { seats: 3 }), vehicle("big", at(0, -2))];
    const first = await findPlacement("t", fleet, ride("r1", at(0, 0), at(0, 4), { passengerCt: 2 }), SETTINGS, NOW);
    expect(first?.plan.vehicleId).toBe("small");
    fleet = withPlan(fleet, first!.plan);
    const second = await findPlacement("t", fleet, ride("r2", at(0, 0.1), at(0, 4), { passengerCt: 2 }), SETTINGS, NOW);
    expect(second?.plan.vehicleId).toBe("big");
  });

  it("with pooling off, puts a new ride only after every stop already planned", async () => {
    const off = { ...SETTINGS, pooling: false, maxWaitMinutes: 60 };
    let fleet = [vehicle("a", at(0, -0.5))];
    const first = await findPlacement("t", fleet, ride("r1", at(0, 0), at(0, 4), pickupWindow(NOW, off)), off, NOW);
    fleet = withPlan(fleet, first!.plan);
    const second = await findPlacement(
      "t",
      fleet,
      ride("r2", at(0.2, 0.3), at(0.2, 4.2), pickupWindow(NOW, off)),
      off,
      NOW,
    );
    expect(second!.plan.stops.map((s) => `${s.rideId}:${s.kind}`)).toEqual([
      "r1:pickup",
      "r1:dropoff",
      "r2:pickup",
      "r2:dropoff",
    ]);
    // The first rider's times do not move for the second.
    expect(second!.times.get("r1")).toEqual(first!.times.get("r1"));
  });

  it("leaves out the vehicle it is told to exclude", async () => {
    const fleet = [vehicle("near", at(0, 0.2)), vehicle("other", at(0, 1.5))];
    const r = ride("r1", at(0, 0), at(0, 2));
    const placed = await findPlacement("t", fleet, r, SETTINGS, NOW, { excludeVehicleId: "near" });
    expect(placed?.plan.vehicleId).toBe("other");
    expect(await findPlacement("t", fleet.slice(0, 1), r, SETTINGS, NOW, { excludeVehicleId: "near" })).toBe(null);
  });

  it("keeps a rider aboard within their ride limit and never moves a done pickup", async () => {
    const pickedAt = NOW - 5 * MIN;
    const direct = estimateMs(at(0, 0), at(0, 4));
    const base = { rideId: "r0", passengerCt: 1, needs: [] as Need[], maxRideMs: direct + 2 * MIN };
    const plan: VehiclePlan = {
      tenant: "t",
      vehicleId: "a",
      driverId: "driver-a",
      updatedAt: pickedAt,
      stops: [
        {
          ...base,
          kind: "pickup",
          point: at(0, 0),
          name: null,
          earliest: pickedAt - MIN,
          latest: pickedAt + MIN,
          plannedAt: pickedAt,
          doneAt: pickedAt,
        },
        {
          ...base,
          kind: "dropoff",
          point: at(0, 4),
          name: "x",
          earliest: 0,
          latest: NOW + 60 * MIN,
          plannedAt: NOW + 10 * MIN,
        },
      ],
    };
    const fleet = withPlan([vehicle("a", at(0, 1.5)), vehicle("b", at(0, 3))], plan);
    // A detour to the north would keep the rider aboard past their limit, so the other vehicle goes.
    const placed = await findPlacement("t", fleet, ride("r1", at(2, 1.5), at(2, 3)), SETTINGS, NOW);
    expect(placed?.plan.vehicleId).toBe("b");
    // A pickup on the way is fine, and the done pickup stays first, as it was.
    const onTheWay = await findPlacement("t", fleet.slice(0, 1), ride("r2", at(0, 1.6), at(0, 3.9)), {
      ...SETTINGS,
      maxRideExtraMinutes: 20,
    }, NOW);
    expect(onTheWay?.plan.vehicleId).toBe("a");
    expect(onTheWay!.plan.stops[0]).toEqual(plan.stops[0]);
  });
});

describe("placing rides one after another", () => {
  it("answers only plans that keep every limit, for every rider of them, and changes no other vehicle's plan", () => {
    const km = fc.double({ min: -4, max: 4, noNaN: true });
    const arbRide = fc.record({
      from: fc.tuple(km, km),
      to: fc.tuple(km, km),
      passengerCt: fc.integer({ min: 1, max: 5 }),
      wheelchair: fc.boolean(),
      after: fc.integer({ min: 0, max: 10 }),
    });
    const arbVan = fc.record({
      at: fc.tuple(km, km),
      seats: fc.integer({ min: 1, max: 8 }),
      wheelchairSpaces: fc.integer({ min: 0, max: 2 }),
    });
    return fc.assert(
      fc.asyncProperty(
        fc.array(arbVan, { minLength: 1, maxLength: 4 }),
        fc.array(arbRide, { minLength: 1, maxLength: 10 }),
        fc.boolean(),
        async (vans, rides, pooling) => {
          const settings = { ...SETTINGS, pooling };
          let fleet = vans.map((v, i) =>
            vehicle(`v${i}`, at(...v.at), { seats: v.seats, wheelchairSpaces: v.wheelchairSpaces })
          );
          for (const [k, r] of rides.entries()) {
            const from = NOW + r.after * MIN;
            const placed = await findPlacement(
              "t",
              fleet,
              ride(`r${k}`, at(...r.from), at(...r.to), {
                passengerCt: r.passengerCt,
                needs: r.wheelchair ? ["wheelchair"] : [],
                ...pickupWindow(from, settings),
              }),
              settings,
              NOW,
            );
            if (!placed) continue;
            const van = fleet.find((f) => f.vehicle.id === placed.plan.vehicleId)!;
            keepsEveryLimit(placed.plan, van.vehicle.seats, van.vehicle.wheelchairSpaces);
            // The riders already planned keep their stops, in their order.
            const before = van.entry.value?.stops.map((s) => `${s.rideId}:${s.kind}`) ?? [];
            const after = placed.plan.stops.map((s) => `${s.rideId}:${s.kind}`).filter((x) => !x.startsWith(`r${k}:`));
            expect(after).toEqual(before);
            if (!pooling) expect(placed.plan.stops.slice(-2).map((s) => s.rideId)).toEqual([`r${k}`, `r${k}`]);
            fleet = withPlan(fleet, placed.plan);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("the travel model", () => {
  let osrm: ReturnType<typeof startFakeOsrm>;
  beforeAll(() => {
    osrm = startFakeOsrm();
  });
  afterAll(() => osrm.stop());

  it("asks ROUTING_URL's /table for the whole matrix in one call", async () => {
    osrm.state.requests.length = 0;
    osrm.state.seconds = 120;
    const matrix = await travelModel(osrm.url).matrix([at(0, 0), at(0, 1), at(1, 1)]);
    expect(osrm.state.requests).toHaveLength(1);
    expect(osrm.state.requests[0]).toMatch(/^\/table\/v1\/driving\/[-\d.,;]+\?annotations=duration$/);
    expect(matrix(0, 1)).toBe(120_000);
    expect(matrix(2, 0)).toBe(120_000);
    expect(matrix(1, 1)).toBe(0);
    osrm.state.seconds = null;
  });

  it("falls back to the estimate when the service fails or is slow", async () => {
    osrm.state.status = 500;
    const points = [at(0, 0), at(0, 1)];
    expect((await travelModel(osrm.url).matrix(points))(0, 1)).toBe(estimateMs(points[0], points[1]));
    osrm.state.status = 200;
    osrm.state.delayMs = 300;
    expect((await travelModel(osrm.url, { timeoutMs: 50 }).matrix(points))(0, 1)).toBe(
      estimateMs(points[0], points[1]),
    );
    osrm.state.delayMs = 0;
  });

  it("estimates without ROUTING_URL: the straight line × 1.4 at 25 km/h", async () => {
    const points = [at(0, 0), at(0, 5)];
    const ms = (await travelModel(null).matrix(points))(0, 1);
    expect(ms / MIN).toBeCloseTo((5 * 1.4 / 25) * 60, 1);
  });
});
