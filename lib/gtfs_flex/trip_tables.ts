/**
 * calendar.txt, trips.txt and stop_times.txt of the feed: one service for
 * each distinct set of weekly hours (lib/gtfs_flex/service_hours.ts), and
 * for each of its windows, trips within the service area and between the
 * named places.
 *
 * Each trip has two stop times in the same zone: the first offers the
 * pickup (pickup_type 2, drop-off none), the second the drop-off (drop_off_type
 * 2, pickup none), both over the window. This is how the reference writes
 * travel within one zone; two rows that both offered pickup and drop-off over
 * the same hours would break its rule against overlapping stop times.
 *
 * A trip names one booking rule, and a ride can be asked for now or booked
 * ahead: each window has a trip for each of the two rules (lib/gtfs_flex/
 * booking_rules.ts), so a planner can offer the one that fits when the rider
 * travels.
 */
import type { Service } from "./service_hours.ts";
import { clock } from "./service_hours.ts";
import { BOOKING_RULE_IDS } from "./booking_rules.ts";
import { type Cell, table } from "./table.ts";

export const ROUTE_ID = "shuttle";
export const AREA_ID = "area";
export const PLACES_GROUP_ID = "places";

const NONE = 1;
const ARRANGED = 2;
const WEEKDAYS_GTFS_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** "2026-11-27" → "20261127" */
const gtfsDate = (date: string) => date.replaceAll("-", "");

export function calendarTable(services: readonly Service[], startDate: string, endDate: string): string {
  const header = ["service_id", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
  return table(
    [...header, "start_date", "end_date"],
    services.map((s) => [
      s.id,
      ...WEEKDAYS_GTFS_ORDER.map((d) => (s.days[d] ? 1 : 0)),
      gtfsDate(startDate),
      gtfsDate(endDate),
    ]),
  );
}

interface Trip {
  id: string;
  serviceId: string;
  /** The zone: the area's location_id, or the places' location_group_id. */
  zone: { location_id: string } | { location_group_id: string };
  start: number;
  end: number;
  rule: string;
}

function tripsOf(services: readonly Service[], withPlaces: boolean): Trip[] {
  const trips: Trip[] = [];
  const zones = [
    { name: AREA_ID, zone: { location_id: AREA_ID } },
    ...(withPlaces ? [{ name: PLACES_GROUP_ID, zone: { location_group_id: PLACES_GROUP_ID } }] : []),
  ];
  for (const s of services) {
    for (const w of s.windows) {
      for (const { name, zone } of zones) {
        for (const rule of BOOKING_RULE_IDS) {
          const id = `${s.id}__${clock(w.start, "")}-${clock(w.end, "")}__${name}__${rule}`;
          trips.push({ id, serviceId: s.id, zone, start: w.start, end: w.end, rule });
        }
      }
    }
  }
  return trips;
}

export function tripTables(
  services: readonly Service[],
  withPlaces: boolean,
): { trips: string; stopTimes: string } {
  const trips = tripsOf(services, withPlaces);
  const stopTimes: Cell[][] = [];
  for (const trip of trips) {
    const location = "location_id" in trip.zone ? trip.zone.location_id : null;
    const group = "location_group_id" in trip.zone ? trip.zone.location_group_id : null;
    const window = [clock(trip.start), clock(trip.end)];
    stopTimes.push([trip.id, location, group, 1, ...window, ARRANGED, NONE, trip.rule, null]);
    stopTimes.push([trip.id, location, group, 2, ...window, NONE, ARRANGED, null, trip.rule]);
  }
  return {
    trips: table(["route_id", "service_id", "trip_id"], trips.map((t) => [ROUTE_ID, t.serviceId, t.id])),
    stopTimes: table(
      [
        "trip_id",
        "location_id",
        "location_group_id",
        "stop_sequence",
        "start_pickup_drop_off_window",
        "end_pickup_drop_off_window",
        "pickup_type",
        "drop_off_type",
        "pickup_booking_rule_id",
        "drop_off_booking_rule_id",
      ],
      stopTimes,
    ),
  };
}
