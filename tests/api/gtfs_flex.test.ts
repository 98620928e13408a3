/**
 * GET /{t}/gtfs-flex.zip, the organisation's GTFS-Flex feed, read back as a
 * trip planner reads it (tests/helpers/gtfs_zip.ts: fflate, csv-parse and gtfs-utils),
 * checked against the GTFS reference's required files and fields, the
 * schedule's hours (across midnight and the week), the service area
 * (@turf/boolean-point-in-polygon against the app's own in-area rule), its
 * cache validators, a paused and an unknown organisation.
 */
import { describe, expect, it } from "vitest";
import { booleanPointInPolygon } from "@turf/boolean-point-in-polygon";
import { createPlace } from "../../kv/places.ts";
import { updateTenant } from "../../kv/tenants.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { distanceMeters, insideArea } from "../../lib/geo.ts";
import { makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { readGtfsZip } from "../helpers/gtfs_zip.ts";
import { post, put } from "../helpers/rides.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;
const PUBLIC_URL = "https://rides.example.org";
const FEED = "/greer/gtfs-flex.zip";
const slot = (start: string, end: string) => ({ start, end });
const AREA = { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "downtown Greer" };

/** Weekdays with two slots, Friday night running to 2 AM Saturday, Saturday daytime, no Sunday. */
const WEEK = {
  "0": [],
  "1": [slot("07:00", "12:00"), slot("13:00", "19:00")],
  "2": [slot("07:00", "12:00"), slot("13:00", "19:00")],
  "3": [slot("07:00", "12:00"), slot("13:00", "19:00")],
  "4": [slot("07:00", "12:00"), slot("13:00", "19:00")],
  "5": [slot("07:00", "12:00"), slot("13:00", "19:00"), slot("20:00", "23:59")],
  "6": [slot("00:00", "02:00"), slot("10:00", "16:00")],
};
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const WORKDAY = [["07:00:00", "12:00:00"], ["13:00:00", "19:00:00"]];
/** What the feed must say of WEEK: Friday's service day ends at 26:00:00 (2 AM Saturday), Saturday's starts at 10. */
const WEEK_HOURS = {
  monday: WORKDAY,
  tuesday: WORKDAY,
  wednesday: WORKDAY,
  thursday: WORKDAY,
  friday: [...WORKDAY, ["20:00:00", "26:00:00"]],
  saturday: [["10:00:00", "16:00:00"]],
  sunday: [],
};

/** Fields the reference requires in each file, and those it requires here (zones, windows, stops of type 0). */
const REQUIRED: Record<string, string[]> = {
  "agency.txt": ["agency_name", "agency_url", "agency_timezone"],
  "routes.txt": ["route_id", "route_type", "route_long_name"],
  "trips.txt": ["route_id", "service_id", "trip_id"],
  "stop_times.txt": ["trip_id", "stop_sequence", "start_pickup_drop_off_window", "end_pickup_drop_off_window"],
  "calendar.txt": [...["service_id", ...DAYS], "start_date", "end_date"],
  "stops.txt": ["stop_id", "stop_name", "stop_lat", "stop_lon"],
  "location_groups.txt": ["location_group_id"],
  "location_group_stops.txt": ["location_group_id", "stop_id"],
  "booking_rules.txt": ["booking_rule_id", "booking_type"],
  "feed_info.txt": ["feed_publisher_name", "feed_publisher_url", "feed_lang"],
};

async function feedWorld() {
  const t = await makeApp({ PUBLIC_URL });
  const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
  await updateTenant(t.kv, "greer", (x) => ({
    ...x,
    contactPhone: "8645550123",
    contactEmail: "rides@greer.test",
    maxDaysAhead: 14,
  }));
  expect((await t.request("/greer/api/admin/schedule", put(admin.token, { schedule: WEEK }))).status).toBe(200);
  // A place beyond the area: riders cannot be taken there, so the feed must not offer it.
  await createPlace(t.kv, "greer", { name: "Airport, Terminal", lat: 34.8957, lng: -82.2189, note: null }, null, 0);
  return { t, admin };
}

async function getFeed(t: TestApp, headers: Record<string, string> = {}) {
  const res = await t.request(FEED, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  return { res, zip: readGtfsZip(new Uint8Array(await res.arrayBuffer())) };
}

/** Each weekday's windows as the feed states them: calendar → trips → stop times. */
function hoursByDay(zip: ReturnType<typeof readGtfsZip>) {
  const trips = zip.rows("trips.txt");
  const times = zip.rows("stop_times.txt");
  const out: Record<string, string[][]> = {};
  for (const day of DAYS) {
    const services = new Set(zip.rows("calendar.txt").filter((c) => c[day] === "1").map((c) => c.service_id));
    const ids = new Set(trips.filter((x) => services.has(x.service_id)).map((x) => x.trip_id));
    const windows = new Set(
      times.filter((s) => ids.has(s.trip_id)).map((s) =>
        `${s.start_pickup_drop_off_window}|${s.end_pickup_drop_off_window}`
      ),
    );
    out[day] = [...windows].sort().map((w) => w.split("|"));
  }
  return out;
}

/**
 * The point `meters` from the area's centre on bearing `deg`: a local flat projection, corrected twice by the app's
 * own distance (lib/geo.ts), so "just inside" is just inside by the rule rides are judged by.
 */
function pointAt(meters: number, deg: number) {
  const b = (deg * Math.PI) / 180;
  const mPerLat = 111_195;
  const mPerLng = mPerLat * Math.cos((AREA.lat * Math.PI) / 180);
  const at = (m: number) => ({
    lat: AREA.lat + (m * Math.cos(b)) / mPerLat,
    lng: AREA.lng + (m * Math.sin(b)) / mPerLng,
  });
  let m = meters;
  for (let i = 0; i < 2; i++) m *= meters / distanceMeters(at(m), AREA);
  return at(m);
}

describe("GET /{tenant}/gtfs-flex.zip", () => {
  it("holds every file the reference requires and the Flex files, at the zip's root, with their required fields", async () => {
    const { t } = await feedWorld();
    using _ = t;
    const { res, zip } = await getFeed(t);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    expect(zip.names).toEqual([
      "agency.txt",
      "booking_rules.txt",
      "calendar.txt",
      "feed_info.txt",
      "location_group_stops.txt",
      "location_groups.txt",
      "locations.geojson",
      "routes.txt",
      "stop_times.txt",
      "stops.txt",
      "trips.txt",
    ]);
    for (const [file, fields] of Object.entries(REQUIRED)) {
      expect(zip.header(file), file).toEqual(expect.arrayContaining(fields));
      const rows = zip.rows(file);
      expect(rows.length, file).toBeGreaterThan(0);
      for (const row of rows) for (const f of fields) expect(row[f], `${file} ${f}`).not.toBe("");
      // The reference forbids tabs and line breaks in values.
      expect(zip.text(file)).not.toMatch(/\t|\r(?!\n)|[^\r]\n/);
    }
  });

  it("names the organisation, its pages on PUBLIC_URL, its time zone and contacts", async () => {
    const { t } = await feedWorld();
    using _ = t;
    const { zip } = await getFeed(t);
    expect(zip.rows("agency.txt")).toEqual([{
      agency_id: "greer",
      agency_name: "City of Greer",
      agency_url: `${PUBLIC_URL}/greer/about`,
      agency_timezone: "America/New_York",
      agency_lang: "en",
      agency_phone: "(864) 555-0123",
      agency_email: "rides@greer.test",
    }]);
    const [route] = zip.rows("routes.txt");
    expect(zip.rows("routes.txt")).toHaveLength(1);
    expect(route).toMatchObject({ agency_id: "greer", route_type: "715", route_long_name: "City of Greer" });
    expect(zip.rows("trips.txt").every((x) => x.route_id === route.route_id)).toBe(true);
    const [info] = zip.rows("feed_info.txt");
    // The fake clock is Monday 5 January 2026, 10 AM in Greer; the calendar opens the day before, for a year.
    expect(info).toMatchObject({
      feed_publisher_name: "City of Greer",
      feed_publisher_url: `${PUBLIC_URL}/greer/about`,
      feed_lang: "en",
      feed_start_date: "20260104",
      feed_end_date: "20270103",
      feed_contact_email: "rides@greer.test",
    });
    expect(info.feed_version).toMatch(/^[0-9a-z]+$/);
    for (const row of zip.rows("calendar.txt")) {
      expect([row.start_date, row.end_date]).toEqual(["20260104", "20270103"]);
    }
  });

  it("has one service for each distinct set of hours, and the hours of every weekday, Friday's past midnight", async () => {
    const { t } = await feedWorld();
    using _ = t;
    const { zip } = await getFeed(t);
    const calendar = zip.rows("calendar.txt");
    expect(calendar).toHaveLength(3);
    expect(calendar.map((c) => DAYS.filter((d) => c[d] === "1").join(" ")).sort()).toEqual([
      "friday",
      "monday tuesday wednesday thursday",
      "saturday",
    ]);
    for (const c of calendar) for (const d of DAYS) expect(["0", "1"]).toContain(c[d]);
    expect(hoursByDay(zip)).toEqual(WEEK_HOURS);
    // Read by a GTFS toolkit: the dates each service runs, from Sunday 4 January 2026 to Sunday 3 January 2027.
    const dates = await zip.serviceDates("America/New_York");
    const weekdays = (id: string) => new Set(dates.get(id)!.map((d) => new Date(`${d}T12:00:00Z`).getUTCDay()));
    const byDays = Object.fromEntries(calendar.map((c) => [DAYS.filter((d) => c[d] === "1").join(" "), c.service_id]));
    expect(weekdays(byDays["monday tuesday wednesday thursday"])).toEqual(new Set([1, 2, 3, 4]));
    expect(dates.get(byDays["monday tuesday wednesday thursday"])).toHaveLength(4 * 52);
    expect(weekdays(byDays.friday)).toEqual(new Set([5]));
    expect(dates.get(byDays.friday)).toHaveLength(52);
    expect(dates.get(byDays.saturday)?.[0]).toBe("2026-01-10");
    expect(dates.get(byDays.saturday)?.at(-1)).toBe("2027-01-02");
  });

  it("offers each window in the area and among the places, asked for now or booked ahead, as the reference writes zones", async () => {
    const { t } = await feedWorld();
    using _ = t;
    const { zip } = await getFeed(t);
    const rules = zip.rows("booking_rules.txt");
    const rider = `${PUBLIC_URL}/greer/rider`;
    expect(rules).toEqual([
      {
        booking_rule_id: "now",
        booking_type: "0",
        prior_notice_duration_min: "",
        prior_notice_duration_max: "",
        phone_number: "(864) 555-0123",
        info_url: rider,
        booking_url: rider,
      },
      {
        booking_rule_id: "ahead",
        booking_type: "1",
        prior_notice_duration_min: "30",
        prior_notice_duration_max: String(14 * 24 * 60),
        phone_number: "(864) 555-0123",
        info_url: rider,
        booking_url: rider,
      },
    ]);
    const [area] = JSON.parse(zip.text("locations.geojson")).features;
    const [group] = zip.rows("location_groups.txt");
    const times = zip.rows("stop_times.txt");
    const trips = zip.rows("trips.txt");
    // Each window of each service (Monday-Thursday 2, Friday 3, Saturday 1), for 2 zones and 2 booking rules.
    expect(trips).toHaveLength((2 + 3 + 1) * 2 * 2);
    expect(new Set(trips.map((x) => x.trip_id)).size).toBe(trips.length);
    for (const trip of trips) {
      const [pickup, dropOff, ...more] = times.filter((s) => s.trip_id === trip.trip_id)
        .sort((a, b) => Number(a.stop_sequence) - Number(b.stop_sequence));
      expect(more).toEqual([]);
      const zone = pickup.location_id ? { location_id: area.id } : { location_group_id: group.location_group_id };
      expect(pickup).toMatchObject({ ...zone, pickup_type: "2", drop_off_type: "1" });
      expect(dropOff).toMatchObject({ ...zone, pickup_type: "1", drop_off_type: "2" });
      expect(pickup.location_id === "" || pickup.location_group_id === "").toBe(true);
      expect(Number(pickup.stop_sequence)).toBeLessThan(Number(dropOff.stop_sequence));
      expect(dropOff.start_pickup_drop_off_window).toBe(pickup.start_pickup_drop_off_window);
      expect(dropOff.end_pickup_drop_off_window).toBe(pickup.end_pickup_drop_off_window);
      expect(pickup.start_pickup_drop_off_window).toMatch(/^\d\d:[0-5]\d:[0-5]\d$/);
      expect(pickup.pickup_booking_rule_id).toBe(dropOff.drop_off_booking_rule_id);
      expect(["now", "ahead"]).toContain(pickup.pickup_booking_rule_id);
      // Windows forbid arrival and departure times.
      expect(zip.header("stop_times.txt")).not.toContain("arrival_time");
      expect(zip.header("stop_times.txt")).not.toContain("departure_time");
    }
    const kinds = new Set(times.map((s) => `${s.location_id ? "area" : "places"} ${s.pickup_booking_rule_id}`));
    expect(kinds).toEqual(new Set(["area now", "area ahead", "places now", "places ahead", "area ", "places "]));
  });

  it("lists the named places inside the area as stops of one group, and no place beyond it", async () => {
    const { t } = await feedWorld();
    using _ = t;
    const { zip } = await getFeed(t);
    const stops = zip.rows("stops.txt");
    expect(stops.map((s) => s.stop_name).sort()).toEqual([
      "City Hall",
      "Greer City Park",
      "Greer Station",
      "Public Library",
    ]);
    expect(stops.find((s) => s.stop_name === "Greer Station")).toMatchObject({
      stop_desc: "Trade Street side",
      stop_lat: "34.9384",
      stop_lon: "-82.2279",
    });
    const [group] = zip.rows("location_groups.txt");
    expect(zip.rows("location_groups.txt")).toHaveLength(1);
    expect(group.location_group_name).toBe("City of Greer");
    const members = zip.rows("location_group_stops.txt");
    expect(members.map((m) => m.stop_id).sort()).toEqual(stops.map((s) => s.stop_id).sort());
    expect(members.every((m) => m.location_group_id === group.location_group_id)).toBe(true);
    // Ids are unique across stops, locations and groups, as the reference requires.
    const area = JSON.parse(zip.text("locations.geojson")).features[0];
    const ids = [...stops.map((s) => s.stop_id), area.id, group.location_group_id];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("draws the area as a closed 64-corner polygon holding the whole circle and nothing more than its edge", async () => {
    const { t } = await feedWorld();
    using _ = t;
    const { zip } = await getFeed(t);
    const geojson = JSON.parse(zip.text("locations.geojson"));
    expect(geojson.type).toBe("FeatureCollection");
    expect(geojson.features).toHaveLength(1);
    const [feature] = geojson.features;
    expect(feature).toMatchObject({ type: "Feature", id: "area", properties: { stop_name: "downtown Greer" } });
    expect(feature.geometry.type).toBe("Polygon");
    const [ring, ...holes] = feature.geometry.coordinates as number[][][];
    expect(holes).toEqual([]);
    expect(ring).toHaveLength(65);
    expect(ring[64]).toEqual(ring[0]);
    // Counter-clockwise (RFC 7946): a positive signed area.
    const twiceArea = ring.slice(1).reduce((s, p, i) => s + (ring[i][0] * p[1] - p[0] * ring[i][1]), 0);
    expect(twiceArea).toBeGreaterThan(0);
    expect(booleanPointInPolygon([AREA.lng, AREA.lat], feature)).toBe(true);
    for (let bearing = 0; bearing < 360; bearing += 1.5) {
      // Half a metre inside the circle, and 0.25% of the radius (2 m) beyond it: more than a corner's sliver.
      const inside = pointAt(AREA.radiusMeters - 0.5, bearing);
      const outside = pointAt(AREA.radiusMeters * 1.0025, bearing);
      expect(insideArea(inside, AREA)).toBe(true);
      expect(insideArea(outside, AREA)).toBe(false);
      expect(distanceMeters(inside, AREA)).toBeGreaterThan(AREA.radiusMeters - 0.6);
      expect(distanceMeters(outside, AREA)).toBeLessThan(AREA.radiusMeters + 2.1);
      expect(booleanPointInPolygon([inside.lng, inside.lat], feature), `inside at ${bearing}°`).toBe(true);
      expect(booleanPointInPolygon([outside.lng, outside.lat], feature), `outside at ${bearing}°`).toBe(false);
    }
  });

  it("answers 304 to its ETag, and a new schedule makes a new feed with a new ETag", async () => {
    const { t, admin } = await feedWorld();
    using _ = t;
    const first = await getFeed(t);
    const etag = first.res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-z]+"$/);
    expect(JSON.stringify(first.zip.rows("feed_info.txt")[0].feed_version)).toBe(etag);
    const again = await t.request(FEED, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    // A list naming it (weakly or not), or "*", matches too; an old version does not.
    for (const asked of [`"old", W/${etag}`, "*"]) {
      expect((await t.request(FEED, { headers: { "if-none-match": asked } })).status).toBe(304);
    }
    expect((await t.request(FEED, { headers: { "if-none-match": '"old"' } })).status).toBe(200);
    // Asked twice, the same bytes.
    const repeat = await getFeed(t);
    expect(repeat.res.headers.get("etag")).toBe(etag);

    const sunday = { ...WEEK, "0": [slot("09:00", "13:00")] };
    expect((await t.request("/greer/api/admin/schedule", put(admin.token, { schedule: sunday }))).status).toBe(200);
    const changed = await t.request(FEED, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    const newTag = changed.headers.get("etag");
    expect(newTag).not.toBe(etag);
    const zip = readGtfsZip(new Uint8Array(await changed.arrayBuffer()));
    expect(hoursByDay(zip)).toEqual({ ...WEEK_HOURS, sunday: [["09:00:00", "13:00:00"]] });
    expect(JSON.stringify(zip.rows("feed_info.txt")[0].feed_version)).toBe(newTag);
  });

  it("changes with the settings it holds: the area, the name, the contacts, the days ahead, and with the places", async () => {
    const { t, admin } = await feedWorld();
    using _ = t;
    let etag = (await getFeed(t)).res.headers.get("etag");
    const changes = [
      { serviceArea: { ...AREA, radiusMeters: 1200 } },
      { name: "Greer Rides" },
      { contactPhone: "8645550199" },
      { contactEmail: "hello@greer.test" },
      { maxDaysAhead: 3 },
    ];
    for (const change of changes) {
      expect((await t.request("/greer/api/admin/settings", put(admin.token, change))).status).toBe(200);
      const { res, zip } = await getFeed(t);
      expect(res.headers.get("etag"), JSON.stringify(change)).not.toBe(etag);
      etag = res.headers.get("etag");
      if ("maxDaysAhead" in change) {
        expect(zip.rows("booking_rules.txt")[1].prior_notice_duration_max).toBe(String(3 * 24 * 60));
      }
    }
    const place = { name: "Farmers Market", lat: 34.9395, lng: -82.2262, note: null };
    expect((await t.request("/greer/api/admin/places", post(admin.token, place))).status).toBe(201);
    const { res, zip } = await getFeed(t);
    expect(res.headers.get("etag")).not.toBe(etag);
    expect(zip.rows("stops.txt").map((s) => s.stop_name)).toContain("Farmers Market");
  });

  it("stays valid for a paused organisation, with no trips", async () => {
    const { t } = await feedWorld();
    using _ = t;
    const boss = await superAdmin(t);
    expect((await t.request("/api/super/tenants/greer", put(boss.token, { status: "suspended" }))).status).toBe(200);
    const { zip } = await getFeed(t);
    expect(zip.rows("trips.txt")).toEqual([]);
    expect(zip.rows("stop_times.txt")).toEqual([]);
    expect(zip.rows("calendar.txt")).toEqual([]);
    expect(zip.header("trips.txt")).toEqual(["route_id", "service_id", "trip_id"]);
    expect(zip.header("calendar.txt")).toEqual(expect.arrayContaining(REQUIRED["calendar.txt"]));
    expect(zip.rows("agency.txt")[0].agency_name).toBe("City of Greer");
    expect(zip.rows("routes.txt")).toHaveLength(1);
    expect(JSON.parse(zip.text("locations.geojson")).features).toHaveLength(1);
  });

  it("answers 404 JSON for an organisation that does not exist, with no redirect", async () => {
    using t = await makeApp({ PUBLIC_URL });
    const res = await t.request("/nowhere/gtfs-flex.zip");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: "Organization not found" });
  });
});
