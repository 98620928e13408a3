/**
 * Arrival times: how long the rider's driver needs to reach them,
 * or, once aboard, their destination. Shared by the server (the socket's
 * driver-location message, GET rides/my, the texts) and the rider's card.
 *
 * Without a routing service the time is estimated: the straight line times a
 * road factor, at an urban speed, plus a minute to pull up. With ROUTING_URL
 * the route's own duration is used (lib/routing.ts), and this estimate when
 * the service fails or is slow.
 */
import { distanceMeters, type Point } from "./geo.ts";
import type { Ride } from "./rides.ts";

/** Streets are longer than the straight line: about 1.4 times in a town grid. */
export const ROAD_FACTOR = 1.4;
/** A shuttle's average speed in town, stops and lights included. */
export const URBAN_SPEED_KMH = 25;
/** Pulling up, finding the rider, a door opening. */
export const PULL_UP_MINUTES = 1;
/** Closer than this to the pickup, the driver is there: "Arriving now", and the "here" text. */
export const ARRIVAL_METERS = 100;
/** The "almost there" text goes once the time falls to this or less. */
export const NEAR_MINUTES = 2;
/** A changed time is worth a text when it moved by at least this much from the first one sent. */
export const CHANGED_MINUTES = 3;
/** The rider hears they are waiting longer once the arrival slipped by this much past what they were told. */
export const LATE_MINUTES = 5;

const METERS_PER_MINUTE = (URBAN_SPEED_KMH * 1000) / 60;

/** Whole minutes (rounded up) from `from` to `to` by the estimate. */
export function estimateMinutes(from: Point, to: Point): number {
  const minutes = (distanceMeters(from, to) * ROAD_FACTOR) / METERS_PER_MINUTE + PULL_UP_MINUTES;
  return Math.ceil(minutes - 1e-9);
}

/** Whole minutes (rounded up, at least 1) from a route's duration in seconds, plus the pull-up minute. */
export function routeMinutes(durationSeconds: number): number {
  return Math.max(1, Math.ceil(durationSeconds / 60 - 1e-9) + PULL_UP_MINUTES);
}

/** Where the rider's driver is and how long they need (GET rides/my, the driver-location message). */
export interface Tracking {
  driverLocation: Point | null;
  etaMinutes: number | null;
  /** Minutes past the arrival time the rider was given, from LATE_MINUTES (lateMinutes below); else null. */
  lateMinutes: number | null;
}

/** The statuses in which the rider sees where their driver is. */
export const TRACKED_STATUSES: readonly Ride["status"][] = ["accepted", "on-the-way", "arrived"];

/**
 * Where the driver is headed for this ride: the pickup until the rider is
 * aboard ("Picked up" moves the ride to arrived), then the dropoff point if
 * the ride has one. Null when there is nothing to time.
 */
export function etaTarget(ride: Pick<Ride, "status" | "pickup" | "dropoff">): Point | null {
  if (ride.status === "accepted" || ride.status === "on-the-way") return ride.pickup;
  if (ride.status === "arrived") return ride.dropoff;
  return null;
}

/** Whether the rider's driver is being shown on their map: the ride is accepted and not yet over. */
export function isTracked(ride: Pick<Ride, "status" | "assignedDriverId">): boolean {
  return ride.assignedDriverId !== null && TRACKED_STATUSES.includes(ride.status);
}

/** Whether the driver is at the pickup (still to collect the rider). */
export function atPickup(ride: Pick<Ride, "status" | "pickup">, driver: Point): boolean {
  return (ride.status === "accepted" || ride.status === "on-the-way") &&
    distanceMeters(driver, ride.pickup) <= ARRIVAL_METERS;
}

/**
 * How many minutes later than promised the driver will now arrive: the
 * arrival time the rider was last told (`promisedAt`, epoch ms) against now
 * plus the current ETA. Null unless it slipped by LATE_MINUTES or more.
 */
export function lateMinutes(promisedAt: number | null, now: number, etaMinutes: number): number | null {
  if (promisedAt === null) return null;
  const late = Math.round((now + etaMinutes * 60_000 - promisedAt) / 60_000);
  return late >= LATE_MINUTES ? late : null;
}
