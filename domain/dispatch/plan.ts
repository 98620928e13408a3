/**
 * The dispatch engine's words: requests, vehicles and their plans. Pure data; times and travel times are in one unit
 * the caller picks (minutes for the benchmark instances, milliseconds in the product), and places are node numbers a
 * travel-time function understands.
 */

/** Where a stop happens and when it may begin: service begins within [earliest, latest] and lasts `service`. */
export interface Place {
  node: number;
  earliest: number;
  latest: number;
  service: number;
}

/** One rider's (or party's) trip: picked up at `pickup`, dropped at `dropoff`, aboard at most `maxRide`. */
export interface Request {
  pickup: Place;
  dropoff: Place;
  seats: number;
  wheelchairs: number;
  maxRide: number;
}

/**
 * A vehicle: it leaves `start` (where it is, from when) and, when `end` is set, returns there; from leaving to the
 * end it takes at most `maxDuration`.
 */
export interface Vehicle {
  seats: number;
  wheelchairSpaces: number;
  start: Place;
  end: Place | null;
  maxDuration: number;
}

/** A stop of a plan: a request's pickup or drop-off; `at` is when its service began once it is done. */
export interface Stop {
  request: number;
  kind: "pickup" | "dropoff";
  at?: number;
}

/** A vehicle's plan: its stops in order, of which the first `done` are done and are never moved. */
export interface Route {
  vehicle: Vehicle;
  stops: Stop[];
  done: number;
}

/** Travel time from one node to another. */
export type TravelTime = (from: number, to: number) => number;

/** What every rule reads: the requests (stops name them by index) and the travel times. */
export interface Problem {
  requests: readonly Request[];
  travel: TravelTime;
}

/** When each stop of a plan begins (`begins[k]` for stop k; done stops keep their `at`), and the trip's ends. */
export interface Schedule {
  departure: number;
  begins: number[];
  finish: number;
}
