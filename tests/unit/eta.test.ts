/** The arrival-time arithmetic (lib/eta.ts). */
import { describe, expect, it } from "vitest";
import { between } from "../../components/map/glide.ts";
import { arrivalLines } from "../../lib/arrival_lines.ts";
import { arrivalWindow } from "../../lib/pickup_window.ts";
import {
  ARRIVAL_METERS,
  atPickup,
  estimateMinutes,
  etaTarget,
  isTracked,
  lateMinutes,
  PULL_UP_MINUTES,
  ROAD_FACTOR,
  routeMinutes,
  URBAN_SPEED_KMH,
} from "../../lib/eta.ts";
import { distanceMeters } from "../../lib/geo.ts";

const PICKUP = { lat: 34.9387, lng: -82.2271 };
/** About `m` meters north of the pickup. */
const north = (m: number) => ({ lat: PICKUP.lat + m / 111_195, lng: PICKUP.lng });

describe("the estimate", () => {
  it("keeps its factors: 1.4 road factor, 25 km/h, a minute to pull up", () => {
    expect(ROAD_FACTOR).toBe(1.4);
    expect(URBAN_SPEED_KMH).toBe(25);
    expect(PULL_UP_MINUTES).toBe(1);
  });

  it("is a minute on the spot, and the straight line × 1.4 at 25 km/h plus a minute, rounded up", () => {
    expect(estimateMinutes(PICKUP, PICKUP)).toBe(1);
    // 3 km straight: 4.2 km of road at 25 km/h is 10.08 min, plus 1: 11.08, so 12.
    const far = north(3000);
    expect(distanceMeters(far, PICKUP)).toBeCloseTo(3000, 0);
    expect(estimateMinutes(far, PICKUP)).toBe(12);
    // 1 km: 1.4 km is 3.36 min, plus 1: 4.36, so 5.
    expect(estimateMinutes(north(1000), PICKUP)).toBe(5);
    // About 297 m is the edge of 2 minutes.
    expect(estimateMinutes(north(290), PICKUP)).toBe(2);
    expect(estimateMinutes(north(310), PICKUP)).toBe(3);
  });

  it("turns a route's seconds into whole minutes plus the pull-up minute", () => {
    expect(routeMinutes(0)).toBe(1);
    expect(routeMinutes(60)).toBe(2);
    expect(routeMinutes(61)).toBe(3);
    expect(routeMinutes(600)).toBe(11);
  });
});

describe("what is timed", () => {
  const ride = { pickup: PICKUP, dropoff: north(2000), assignedDriverId: "d1" };
  it("is the pickup until the rider is aboard, then the dropoff, if any", () => {
    expect(etaTarget({ ...ride, status: "accepted" })).toEqual(PICKUP);
    expect(etaTarget({ ...ride, status: "on-the-way" })).toEqual(PICKUP);
    expect(etaTarget({ ...ride, status: "arrived" })).toEqual(ride.dropoff);
    expect(etaTarget({ ...ride, status: "arrived", dropoff: null })).toBeNull();
    expect(etaTarget({ ...ride, status: "pending" })).toBeNull();
    expect(etaTarget({ ...ride, status: "completed" })).toBeNull();
  });

  it("tracks accepted, on-the-way and arrived rides with a driver", () => {
    expect(
      ["pending", "accepted", "on-the-way", "arrived", "picked-up", "completed"].map((status) =>
        isTracked({ status: status as "accepted", assignedDriverId: "d1" })
      ),
    ).toEqual([false, true, true, true, false, false]);
    expect(isTracked({ status: "accepted", assignedDriverId: null })).toBe(false);
  });

  it("says the driver is at the pickup within 100 m, before the rider is aboard", () => {
    expect(ARRIVAL_METERS).toBe(100);
    expect(atPickup({ status: "on-the-way", pickup: PICKUP }, north(90))).toBe(true);
    expect(atPickup({ status: "on-the-way", pickup: PICKUP }, north(120))).toBe(false);
    expect(atPickup({ status: "arrived", pickup: PICKUP }, north(10))).toBe(false);
  });
});

describe("running late", () => {
  const promised = 1_000_000_000;
  it("is how far the arrival slipped past what the rider was told, from 5 minutes", () => {
    // Told 10:00; at 9:55 the ETA is 9 min, arriving 10:04: 4 late, not yet said.
    expect(lateMinutes(promised, promised - 5 * 60_000, 9)).toBeNull();
    expect(lateMinutes(promised, promised - 5 * 60_000, 10)).toBe(5);
    expect(lateMinutes(promised, promised + 60_000, 7)).toBe(8);
    expect(lateMinutes(null, promised, 30)).toBeNull();
  });
});

describe("the card's arrival lines", () => {
  const ride = { pickup: PICKUP, dropoff: north(2000) };
  const tracking = (m: number, eta: number, late: number | null = null) => ({
    driverLocation: north(m),
    etaMinutes: eta,
    lateMinutes: late,
  });
  it("counts down to Arriving now at the pickup, says when it runs late, then times the way to the destination", () => {
    expect(arrivalLines({ ...ride, status: "accepted" }, tracking(1000, 5))).toEqual([
      { text: "Arriving in about {minutes} min", minutes: 5 },
    ]);
    expect(arrivalLines({ ...ride, status: "on-the-way" }, tracking(1000, 9, 6))).toEqual([
      { text: "Arriving in about {minutes} min", minutes: 9 },
      { text: "Running about {minutes} min late", minutes: 6 },
    ]);
    expect(arrivalLines({ ...ride, status: "on-the-way" }, tracking(60, 2))).toEqual([{ text: "Arriving now" }]);
    expect(arrivalLines({ ...ride, status: "arrived" }, tracking(0, 6))).toEqual([
      { text: "About {minutes} min to your destination", minutes: 6 },
    ]);
    expect(arrivalLines({ ...ride, dropoff: null, status: "arrived" }, tracking(0, 6))).toEqual([]);
    expect(arrivalLines({ ...ride, status: "accepted" }, null)).toEqual([]);
  });

  it("in automatic dispatch, is not Arriving now when the plan has the driver elsewhere first, however close they pass", () => {
    const planned = { ...ride, status: "accepted" as const, vehicleId: "v1" };
    expect(arrivalLines(planned, tracking(40, 9))).toEqual([{ text: "Arriving in about {minutes} min", minutes: 9 }]);
    expect(arrivalLines(planned, tracking(40, 2))).toEqual([{ text: "Arriving now" }]);
  });
});

describe("the pickup window of a planned ride", () => {
  const MIN = 60_000;
  const at = Date.UTC(2027, 5, 1, 14, 4);
  it("runs from 2 minutes before the planned time to the room the plan leaves before the latest, on whole minutes", () => {
    expect(arrivalWindow(at, at + 5 * MIN, 15)).toEqual({ from: at - 2 * MIN, to: at + 5 * MIN });
    // Part minutes widen it, never narrow it.
    expect(arrivalWindow(at + 20_000, at + 5 * MIN, 15)).toEqual({ from: at - 2 * MIN, to: at + 5 * MIN });
  });
  it("takes at most the tenant's longest wait after the planned time, and none when the plan has no room", () => {
    expect(arrivalWindow(at, at + 40 * MIN, 15)).toEqual({ from: at - 2 * MIN, to: at + 15 * MIN });
    expect(arrivalWindow(at, at - 3 * MIN, 15)).toEqual({ from: at - 2 * MIN, to: at });
  });
});

describe("the glide", () => {
  it("eases from one point to the next, starting and ending on them", () => {
    const a = { lat: 0, lng: 0 };
    const b = { lat: 1, lng: 2 };
    expect(between(a, b, 0)).toEqual(a);
    expect(between(a, b, 1)).toEqual(b);
    expect(between(a, b, 0.5)).toEqual({ lat: 0.5, lng: 1 });
    expect(between(a, b, 0.25).lat).toBeLessThan(0.25); // slow at the start
  });
});
