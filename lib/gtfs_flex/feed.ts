/**
 * An organisation's GTFS-Flex feed (GET /{t}/gtfs-flex.zip), as the files
 * of the zip: the service as trip planners read demand-responsive transit.
 * Pure: the caller reads the tenant, its schedule and places, and the day.
 *
 * - agency.txt and feed_info.txt: the organisation, its pages and contacts;
 * - routes.txt: one route of route_type 715 (demand and response bus);
 * - calendar.txt, trips.txt, stop_times.txt: the weekly hours
 *   (lib/gtfs_flex/trip_tables.ts), none while the service is paused;
 * - locations.geojson: the service area as a polygon (lib/gtfs_flex/area_polygon.ts);
 * - booking_rules.txt: asking now or booking ahead (lib/gtfs_flex/booking_rules.ts);
 * - stops.txt, location_groups.txt, location_group_stops.txt: the named
 *   places inside the area, one group, left out when there are none.
 *
 * The calendar starts the day before the feed is made, so the hours past
 * midnight of last night's service are still in it, and runs a year.
 */
import { insideArea } from "../geo.ts";
import { formatPhone } from "../phone.ts";
import type { Place } from "../places.ts";
import type { Schedule, ServiceArea } from "../schemas.ts";
import { areaRing } from "./area_polygon.ts";
import { bookingRulesTable } from "./booking_rules.ts";
import { servicesOf } from "./service_hours.ts";
import { table } from "./table.ts";
import { AREA_ID, calendarTable, PLACES_GROUP_ID, ROUTE_ID, tripTables } from "./trip_tables.ts";

/** Demand and Response Bus Service, of the extended route types the GTFS-Flex consumers read. */
export const FLEX_ROUTE_TYPE = 715;
/** How long the calendar runs from its first day. */
export const CALENDAR_DAYS = 365;

export interface FeedInput {
  tenant: {
    code: string;
    name: string;
    timezone: string;
    serviceArea: ServiceArea;
    contactPhone: string | null;
    contactEmail: string | null;
    maxDaysAhead: number;
    paused: boolean;
  };
  schedule: Schedule;
  places: readonly Place[];
  /** The site's address, no trailing slash (PUBLIC_URL). */
  publicUrl: string;
  /** The organisation's date when the feed is made, "YYYY-MM-DD". */
  today: string;
  /** Names this feed's inputs: feed_info's version. */
  version: string;
}

/** "2026-11-27" plus `days` → "YYYY-MM-DD" (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The feed's files by name, as text. */
export function feedFiles(input: FeedInput): Record<string, string> {
  const { tenant, publicUrl } = input;
  const home = `${publicUrl}/${tenant.code}`;
  const phone = tenant.contactPhone ? formatPhone(tenant.contactPhone) : null;
  const start = addDays(input.today, -1);
  const end = addDays(start, CALENDAR_DAYS - 1);
  const services = tenant.paused ? [] : servicesOf(input.schedule);
  const places = input.places.filter((p) => insideArea(p, tenant.serviceArea));
  const { trips, stopTimes } = tripTables(services, places.length > 0);

  const files: Record<string, string> = {
    "agency.txt": table(
      ["agency_id", "agency_name", "agency_url", "agency_timezone", "agency_lang", "agency_phone", "agency_email"],
      [[tenant.code, tenant.name, `${home}/about`, tenant.timezone, "en", phone, tenant.contactEmail]],
    ),
    "routes.txt": table(
      ["route_id", "agency_id", "route_long_name", "route_desc", "route_type", "route_url"],
      [[ROUTE_ID, tenant.code, tenant.name, tenant.serviceArea.label, FLEX_ROUTE_TYPE, `${home}/rider`]],
    ),
    "calendar.txt": calendarTable(services, start, end),
    "trips.txt": trips,
    "stop_times.txt": stopTimes,
    "locations.geojson": JSON.stringify({
      type: "FeatureCollection",
      features: [{
        type: "Feature",
        id: AREA_ID,
        properties: { stop_name: tenant.serviceArea.label },
        geometry: { type: "Polygon", coordinates: [areaRing(tenant.serviceArea)] },
      }],
    }),
    "booking_rules.txt": bookingRulesTable({ riderUrl: `${home}/rider`, phone, maxDaysAhead: tenant.maxDaysAhead }),
    "feed_info.txt": table(
      [
        "feed_publisher_name",
        "feed_publisher_url",
        "feed_lang",
        "feed_start_date",
        "feed_end_date",
        "feed_version",
        "feed_contact_email",
      ],
      [[tenant.name, `${home}/about`, "en", compact(start), compact(end), input.version, tenant.contactEmail]],
    ),
  };
  if (places.length > 0) {
    files["stops.txt"] = table(
      ["stop_id", "stop_name", "stop_desc", "stop_lat", "stop_lon", "location_type"],
      places.map((p) => [stopId(p), p.name, p.note, p.lat, p.lng, 0]),
    );
    files["location_groups.txt"] = table(
      ["location_group_id", "location_group_name"],
      [[PLACES_GROUP_ID, tenant.name]],
    );
    files["location_group_stops.txt"] = table(
      ["location_group_id", "stop_id"],
      places.map((p) => [PLACES_GROUP_ID, stopId(p)]),
    );
  }
  return files;
}

const compact = (date: string) => date.replaceAll("-", "");
/** A place's id is a ULID, so it cannot meet the area's or the group's id. */
const stopId = (p: Place) => `place_${p.id}`;
