/**
 * Generated bad input for the admin and people calls, the tenant's reads and
 * the sockets: trips queries (limit, cursor, status), the
 * trips CSV's range, schedule and settings saves, role changes, user removal,
 * every GET under a tenant with hostile tenant codes and tokens, socket
 * handshakes and ws-ticket. Rules in
 * tests/helpers/bad_input.ts; replay a failure with BAD_INPUT_SEED=<seed>.
 */
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  bodyFor,
  type BodySpec,
  hostileJson,
  hostileNumber,
  hostilePoint,
  hostileString,
  JsonObject,
  type JsonTree,
  multipartUpload,
  NumberText,
  template,
} from "../helpers/arbitraries.ts";
import { hostileQueryValue, hostileSegment } from "../helpers/hostile_urls.ts";
import { attack, type AttackRequest, type MayWrite, SEED, sentCount } from "../helpers/bad_input.ts";
import { INSIDE, INSIDE_2 } from "../helpers/rides.ts";
import { BAD_INPUT_RUNS, plannedRuns } from "../helpers/bad_input_plan.ts";
import {
  authorization,
  type BadInputWorld,
  badInputWorld,
  request,
  shot,
  tenantArenas,
  tenantSegment,
  UNKNOWN_ID,
  who,
} from "../helpers/bad_input_world.ts";

const RUNS = BAD_INPUT_RUNS.admin;
const { arena, closeAll, summary } = tenantArenas();
afterAll(closeAll);
const NO_BODY = fc.constant<BodySpec>({ kind: "none" });
/** A refused booking with a sound number was counted against the dispatcher's hourly limit, and wrote only that. */
const countedBookings: MayWrite = (key) => key.startsWith('"rate_limits","dispatch_bookings"');

/** A query parameter: absent, a valid value, hostile text, or given twice. */
function param(name: string, valid: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(""),
    fc.constantFrom(...valid).map((v) => `${name}=${v}`),
    hostileQueryValue.map((v) => `${name}=${v}`),
    fc.tuple(hostileQueryValue, fc.constantFrom(...valid)).map(([a, b]) => `${name}=${a}&${name}=${b}`),
    fc.constant(name),
  );
}
const query = (...parts: fc.Arbitrary<string>[]) =>
  fc.tuple(...parts).map((p) => {
    const q = p.filter(Boolean).join("&");
    return q ? `?${q}` : "";
  });

/** A user id: rider2 (a real member), one that names nothing, or hostile text. */
const userId = fc.oneof(
  { weight: 2, arbitrary: fc.constant("real") },
  { weight: 1, arbitrary: fc.constant(UNKNOWN_ID) },
  { weight: 4, arbitrary: hostileSegment },
);
const idOf = (w: BadInputWorld, id: string) => id === "real" ? w.rider2.user.id : id;

const hhmm = fc.oneof(
  fc.constantFrom("09:00", "17:00", "00:00", "23:59", "24:00", "9:00", "09:60", "-1:00", "09:00:00", "０９:００"),
  hostileString,
);
const slot: fc.Arbitrary<JsonTree> = fc.oneof(
  fc.tuple(hhmm, hhmm).map(([start, end]) => new JsonObject([["start", start], ["end", end]])),
  hostileJson,
);
const day = fc.oneof(fc.constantFrom("0", "6", "7", "-1", "01", " 1", "1.0", "Monday"), hostileString);
const schedule: fc.Arbitrary<JsonTree> = fc.oneof(
  fc.array(fc.tuple(day, fc.array(slot, { maxLength: 14 })), { maxLength: 8 }).map((days) => new JsonObject(days)),
  fc.integer({ min: 11, max: 40 }).map((n) =>
    new JsonObject([["1", Array.from({ length: n }, (_, i) => new JsonObject([["start", `0${i % 10}:00`]]))]])
  ),
  hostileJson,
);

/** Places: names near the rules' edges, points in and out of the area and off the globe, notes. */
const placeNear = {
  name: fc.oneof(
    fc.constantFrom("City Hall", "city HALL", "Café", "", " ", "x".repeat(80), "x".repeat(81)),
    hostileString,
  ),
  lat: fc.oneof(
    fc.constantFrom("34.941", "34.965", "91", "-90.0001", "1e309", "NaN").map((n) => new NumberText(n)),
    hostileJson,
  ),
  lng: fc.oneof(fc.constantFrom("-82.225", "-181", "180", "-0").map((n) => new NumberText(n)), hostileJson),
  note: fc.oneof(fc.constantFrom(null, "", "north entrance", "n".repeat(140), "n".repeat(141)), hostileJson),
};
const placeBody = bodyFor(template({ name: "Bad Input Stop", lat: 34.941, lng: -82.225, note: "door" }), placeNear);
/** A place id: one of the tenant's places, one that names nothing, or hostile text. */
const placeId = fc.oneof(
  { weight: 2, arbitrary: fc.constant("real") },
  { weight: 1, arbitrary: fc.constant(UNKNOWN_ID) },
  { weight: 4, arbitrary: hostileSegment },
);
const placeOf = (w: BadInputWorld, id: string) => id === "real" ? w.placeId : id;

/** Vehicles: names near the rules' edges, seats and wheelchair spaces in and out of range and not numbers. */
const whole = (edges: string[]) => fc.oneof(fc.constantFrom(...edges).map((n) => new NumberText(n)), hostileJson);
const vehicleBody = bodyFor(template({ name: "Bad Input Car", seats: 6, wheelchairSpaces: 0 }), {
  name: fc.oneof(
    fc.constantFrom("Bad Input Van", "bad input VAN", "Café", "", " ", "x".repeat(40), "x".repeat(41)),
    hostileString,
  ),
  seats: whole(["1", "60", "0", "61", "-1", "2.5", "1e309", "NaN", "-0", "12.0"]),
  wheelchairSpaces: whole(["0", "10", "11", "-1", "0.5", "1e2", "-0"]),
});
/** A vehicle id: the tenant's vehicle, one that names nothing, or hostile text. */
const vehicleId = fc.oneof(
  { weight: 2, arbitrary: fc.constant("real") },
  { weight: 1, arbitrary: fc.constant(UNKNOWN_ID) },
  { weight: 4, arbitrary: hostileSegment },
);
const vehicleOf = (w: BadInputWorld, id: string) => id === "real" ? w.vehicleId : id;

describe("bad input: admin, people, reads and sockets", { timeout: 120_000 }, () => {
  it("trips queries never 5xx and refusals write nothing", async () => {
    const arb = fc.tuple(
      fc.record({ tenant: tenantSegment, who: who(["admin", "boss"]), forged: fc.constant(null) }),
      fc.constantFrom("/admin/rides", "/admin/rides/counts"),
      query(
        param("limit", ["1", "100", "500", "501", "0", "-1", "1e309", "NaN", "-0", "1.5"]),
        param("cursor", ["", "AAAA", "eyJ9"]),
        param("status", ["pending", "accepted", "completed", "canceled", "no-show", "on-the-way", "PENDING"]),
      ),
    );
    const trips = arena("keep");
    await attack(arb, RUNS.trips, ([s, path, q]) =>
      trips.send((w) => ({
        method: "GET",
        path: `/${s.tenant}/api${path}${q}`,
        authorization: authorization(w, s.who, s.forged),
      })));
  });

  it("report queries never 5xx and refusals write nothing", async () => {
    const dates = ["2026-11-01", "2026-11-30", "2025-11-30", "2024-02-29", "2025-02-29", "2026-13-01", "", "today"];
    const arb = fc.tuple(
      fc.record({ tenant: tenantSegment, who: who(["rider", "driver", "admin", "boss"]), forged: fc.constant(null) }),
      query(param("from", [...dates, "1e309", "2026-11-1"]), param("to", [...dates, "9999-12-31", "0000-01-01"])),
    );
    const reports = arena("keep");
    await attack(arb, RUNS.trips, ([s, q]) =>
      reports.send((w) => ({
        method: "GET",
        path: `/${s.tenant}/api/admin/reports${q}`,
        authorization: authorization(w, s.who, s.forged),
      })));
  });

  it("trips CSV ranges never 5xx, refusals write nothing, and an accepted range answers a CSV", async () => {
    // Dates near the rules' edges (leap days, 366 days, ULID time's ends) and shapes that are no date.
    const dates = [
      "2026-01-05",
      "2026-01-01",
      "2025-01-05",
      "2027-01-05",
      "2024-02-29",
      "2026-02-29",
      "0100-01-01",
      "9999-12-31",
      "2026-1-5",
      "20260105",
      "2026-01-05T00:00",
      "２０２６-01-05",
    ];
    const arb = fc.tuple(
      fc.record({ tenant: tenantSegment, who: who(["admin", "boss"]), forged: fc.constant(null) }),
      query(param("from", dates), param("to", dates)),
    );
    const csv = arena("keep");
    await attack(arb, RUNS.tripsCsv, async ([s, q]) => {
      const status = await csv.send((w) => ({
        method: "GET",
        path: `/${s.tenant}/api/admin/trips.csv${q}`,
        authorization: authorization(w, s.who, s.forged),
      }));
      if (status === 200) {
        expect(csv.last!.contentType).toBe("text/csv; charset=utf-8");
        expect(csv.last!.text.startsWith("id,requested_at,")).toBe(true);
      }
    });
  });

  it("schedule saves never 5xx and refusals write nothing", async () => {
    const closedDates = fc.oneof(
      fc.constantFrom<JsonTree>([], ["2026-12-25"], ["2026-02-30"], "2026-12-25", null, Array(101).fill("2026-12-25")),
      hostileJson,
    );
    const body = bodyFor(
      template({ schedule: { "1": [{ start: "09:00", end: "17:00" }] }, closedDates: ["2026-12-25"] }),
      { schedule, closedDates },
    );
    const saves = arena("keep");
    await attack(
      shot(["admin", "boss"], body),
      RUNS.schedule,
      (s) => saves.send((w) => request(w, s, "PUT", "/admin/schedule")),
    );
  });

  it("settings saves, the texting budget, regions and dispatch among them, never 5xx and refusals write nothing", async () => {
    const perHour = fc.oneof(
      fc.constantFrom("0", "9", "10", "2000", "2001", "100000", "100001", "-0", "1e3", "5.5").map((n) =>
        new NumberText(n)
      ),
      hostileJson,
    );
    const region = fc.oneof(fc.constantFrom("PR", "pr", " JM ", "US", "GB", "", "P", "PRX"), hostileString);
    const regions = fc.oneof(
      fc.array(region, { maxLength: 30 }),
      fc.constant(Array.from({ length: 40 }, () => "PR")),
      hostileJson,
    );
    // The dispatch settings at and just past their bounds (5-60, 1.0-3.0, 0-60), the two modes and near misses.
    const numbers = (...texts: string[]) =>
      fc.oneof(fc.constantFrom(...texts).map((n) => new NumberText(n)), hostileJson);
    const body = bodyFor(
      template({
        name: "Greer",
        smsPerHour: 80,
        smsRegions: ["PR"],
        dispatchMode: "automatic",
        maxWaitMinutes: 15,
        maxRideFactor: 1.5,
        maxRideExtraMinutes: 10,
        pooling: true,
      }),
      {
        smsPerHour: perHour,
        smsRegions: regions,
        dispatchMode: fc.oneof(
          fc.constantFrom("drivers", "automatic", "Automatic", "auto", "", " drivers"),
          hostileJson,
        ),
        maxWaitMinutes: numbers("4", "5", "60", "61", "15.5", "-0", "1e1"),
        maxRideFactor: numbers("0.99", "1", "1.0", "3", "3.0000001", "2.25", "-1.5", "1e0"),
        maxRideExtraMinutes: numbers("-1", "0", "60", "61", "9.5", "-0"),
        pooling: fc.oneof(
          fc.constantFrom<JsonTree>(true, false, "true", "false", null, new NumberText("0")),
          hostileJson,
        ),
      },
    );
    const saves = arena("keep");
    await attack(
      shot(["admin", "boss"], body),
      RUNS.settings,
      (s) => saves.send((w) => request(w, s, "PUT", "/admin/settings")),
    );
  });

  it("place writes never 5xx and refusals write nothing", async () => {
    const places = arena("keep");
    const arb = fc.tuple(shot(["admin", "boss"], placeBody), fc.option(placeId, { nil: null }));
    await attack(
      arb,
      RUNS.placeWrites,
      ([s, id]) =>
        places.send((w) =>
          id === null ? request(w, s, "POST", "/admin/places") : request(w, s, "PUT", `/admin/places/${placeOf(w, id)}`)
        ),
    );
  });

  it("place deletes never 5xx and refusals write nothing", async () => {
    const deletes = arena("rebuild");
    await attack(
      fc.tuple(shot(["admin", "boss"], NO_BODY), placeId),
      RUNS.placeDeletes,
      ([s, id]) => deletes.send((w) => request(w, s, "DELETE", `/admin/places/${placeOf(w, id)}`)),
    );
  });

  it("vehicle writes never 5xx and refusals write nothing", async () => {
    const vehicles = arena("keep");
    const arb = fc.tuple(shot(["admin", "boss", "driver"], vehicleBody), fc.option(vehicleId, { nil: null }));
    await attack(
      arb,
      RUNS.vehicleWrites,
      ([s, id]) =>
        vehicles.send((w) =>
          id === null
            ? request(w, s, "POST", "/admin/vehicles")
            : request(w, s, "PUT", `/admin/vehicles/${vehicleOf(w, id)}`)
        ),
    );
  });

  it("a dispatcher's assigns never 5xx and refusals write nothing", async () => {
    const body = bodyFor(template({ vehicleId: UNKNOWN_ID, override: false }), {
      vehicleId: fc.oneof(fc.constantFrom(UNKNOWN_ID, "", "van", UNKNOWN_ID.toLowerCase()), hostileJson),
      override: fc.oneof(fc.constantFrom<JsonTree>(true, false, "true", new NumberText("1"), null), hostileJson),
    });
    const rideId = fc.oneof(
      { weight: 3, arbitrary: fc.constant("real") },
      { weight: 1, arbitrary: fc.constant(UNKNOWN_ID) },
      { weight: 3, arbitrary: hostileSegment },
    );
    const assigns = arena("keep");
    await attack(
      fc.tuple(shot(["dispatcher", "admin", "boss", "driver"], body), rideId),
      RUNS.dispatchAssign,
      ([s, id]) =>
        assigns.send((w) => request(w, s, "POST", `/dispatch/rides/${id === "real" ? w.rideId : id}/assign`)),
    );
  });

  it("a dispatcher's pins never 5xx and refusals write nothing", async () => {
    const body = bodyFor(template({ pinned: true }), {
      pinned: fc.oneof(fc.constantFrom<JsonTree>(true, false, "true", new NumberText("1"), null), hostileJson),
    });
    const rideId = fc.oneof(
      { weight: 3, arbitrary: fc.constant("real") },
      { weight: 1, arbitrary: fc.constant(UNKNOWN_ID) },
      { weight: 3, arbitrary: hostileSegment },
    );
    const pins = arena("keep");
    await attack(
      fc.tuple(shot(["dispatcher", "admin", "boss", "driver"], body), rideId),
      RUNS.dispatchPin,
      ([s, id]) => pins.send((w) => request(w, s, "PUT", `/dispatch/rides/${id === "real" ? w.rideId : id}/pin`)),
    );
  });

  it("a dispatcher's cancels never 5xx and refusals write nothing", async () => {
    const body = bodyFor(template({ reason: "The road is closed" }), {
      reason: fc.oneof(
        fc.constantFrom<JsonTree>("", " ", "x".repeat(200), "x".repeat(201), "Closed\u202e"),
        hostileJson,
      ),
    });
    const rideId = fc.oneof(
      { weight: 1, arbitrary: fc.constant(UNKNOWN_ID) },
      { weight: 3, arbitrary: hostileSegment },
    );
    const cancels = arena("keep");
    await attack(
      fc.tuple(shot(["dispatcher", "admin", "boss", "driver"], body), rideId),
      RUNS.dispatchCancel,
      ([s, id]) => cancels.send((w) => request(w, s, "POST", `/dispatch/rides/${id}/cancel`)),
    );
  });

  it("a dispatcher's replies to texted conversations never 5xx and refusals write nothing", async () => {
    const body = bodyFor(template({ text: "A driver will call you" }), {
      text: fc.oneof(
        fc.constantFrom<JsonTree>("", " ", "x".repeat(160), "x".repeat(161), "Call\u202e", "<b>hi</b>"),
        hostileJson,
      ),
    });
    const conversationId = fc.oneof(
      { weight: 1, arbitrary: fc.constant(UNKNOWN_ID) },
      { weight: 3, arbitrary: hostileSegment },
    );
    const replies = arena("keep");
    await attack(
      fc.tuple(shot(["dispatcher", "admin", "boss", "driver", "rider"], body), conversationId),
      RUNS.conversationReply,
      ([s, id]) => replies.send((w) => request(w, s, "POST", `/dispatch/conversations/${id}/reply`)),
    );
  });

  it("a dispatcher's bookings for a rider by phone never 5xx and refusals write only the dispatcher's count", async () => {
    const later = Date.UTC(2026, 0, 5, 17, 0);
    const body = bodyFor(
      template({ phoneNumber: "8645550199", name: "Rosa", pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1 }),
      {
        phoneNumber: fc.oneof(
          fc.constantFrom("864555019", "(864) 555-01999", "+1 864 555 0199", "8765550199", "8645550142", ""),
          hostileString,
        ),
        name: fc.oneof(fc.constantFrom<JsonTree>("", " ", "x".repeat(81), "Rosa\u202e", null), hostileJson),
        pickup: hostilePoint,
        pickupPlaceId: fc.oneof(fc.constantFrom<JsonTree>(UNKNOWN_ID, ""), hostileJson),
        passengerCt: fc.constantFrom("0", "1", "13", "1.5").map((n) => new NumberText(n)),
        scheduledFor: fc.oneof(fc.constant(new NumberText(String(later))), hostileNumber, hostileString),
        needs: fc.constantFrom<JsonTree>(["wheelchair"], [], ["Wheelchair"], null),
        note: fc.oneof(fc.constantFrom<JsonTree>("", "x".repeat(501)), hostileJson),
      },
    );
    // A booking makes a person and a ride: each one starts the world again.
    const bookings = arena("rebuild");
    await attack(
      shot(["dispatcher", "admin", "boss", "driver"], body),
      RUNS.dispatchBookings,
      (s) => bookings.send((w) => request(w, s, "POST", "/dispatch/bookings"), countedBookings),
    );
  });

  it("vehicle deletes never 5xx and refusals write nothing", async () => {
    const deletes = arena("rebuild");
    await attack(
      fc.tuple(shot(["admin", "boss"], NO_BODY), vehicleId),
      RUNS.vehicleDeletes,
      ([s, id]) => deletes.send((w) => request(w, s, "DELETE", `/admin/vehicles/${vehicleOf(w, id)}`)),
    );
  });

  it("the provider's organisation creates never 5xx and refusals write nothing", async () => {
    const valid = template({
      code: "spartan",
      name: "Spartanburg",
      serviceArea: { lat: 34.95, lng: -81.93, radiusMeters: 1500, label: "downtown" },
      timezone: "America/New_York",
      adminPhone: "8645550177",
    });
    const creates = arena("rebuild");
    await attack(
      shot(["boss", "admin"], bodyFor(valid)),
      RUNS.superCreate,
      (s) => creates.send((w) => ({ ...request(w, s, "POST", ""), path: "/api/super/tenants" })),
    );
  });

  it("the provider's pause and resume never 5xx and refusals write nothing", async () => {
    const status = fc.constantFrom("active", "suspended", "Active", "paused", "");
    const statuses = arena("rebuild");
    await attack(
      shot(["boss", "admin"], bodyFor(template({ status: "suspended" }), { status })),
      RUNS.superStatus,
      (s) => statuses.send((w) => ({ ...request(w, s, "PUT", ""), path: `/api/super/tenants/${s.tenant}` })),
    );
  });

  it("the provider's inquiry marks never 5xx and refusals write nothing", async () => {
    const handled = fc.oneof(fc.constantFrom<JsonTree>(true, false, "true", null), hostileJson);
    const id = fc.oneof(fc.constant(UNKNOWN_ID), hostileSegment);
    const marks = arena("rebuild");
    await attack(
      fc.tuple(shot(["boss", "admin"], bodyFor(template({ handled: true }), { handled })), id),
      RUNS.superInquiries,
      ([s, inquiry]) => marks.send((w) => ({ ...request(w, s, "PUT", ""), path: `/api/super/inquiries/${inquiry}` })),
    );
  });

  it("role grants never 5xx and refusals write nothing", async () => {
    const role = fc.constantFrom("rider", "driver", "admin", "super", "Driver", "driver ", "owner");
    const arb = fc.tuple(shot(["admin", "boss"], bodyFor(template({ role: "driver" }), { role })), userId);
    const grants = arena("keep");
    await attack(
      arb,
      RUNS.grantRole,
      ([s, id]) => grants.send((w) => request(w, s, "POST", `/user/${idOf(w, id)}/roles`)),
    );
  });

  it("role removals never 5xx and refusals write nothing", async () => {
    const arb = fc.tuple(
      shot(["admin", "boss"], NO_BODY),
      userId,
      query(param("role", ["rider", "driver", "admin", "super"])),
    );
    const removals = arena("keep");
    await attack(
      arb,
      RUNS.revokeRole,
      ([s, id, q]) => removals.send((w) => request(w, s, "DELETE", `/user/${idOf(w, id)}/roles${q}`)),
    );
  });

  it("user removals never 5xx and refusals write nothing", async () => {
    const arb = fc.tuple(shot(["boss", "admin"], NO_BODY), userId);
    const removals = arena("rebuild");
    await attack(
      arb,
      RUNS.removeUser,
      ([s, id]) => removals.send((w) => request(w, s, "DELETE", `/user/${idOf(w, id)}`)),
    );
  });

  it("adding people never 5xx and refusals write nothing", async () => {
    const near = {
      phoneNumber: fc.oneof(fc.constantFrom("864555019", "(864) 555-01999", "+1 864 555 0199", ""), hostileString),
      roles: fc.oneof(
        fc.constantFrom<JsonTree>([], ["super"], ["admin"], ["Rider"], ["rider", "rider"], "rider", null),
        hostileJson,
      ),
    };
    const arb = shot(["admin", "boss"], bodyFor(template({ phoneNumber: "8645550199", roles: ["rider"] }), near));
    const adds = arena("rebuild");
    await attack(arb, RUNS.addPerson, (s) => adds.send((w) => request(w, s, "POST", "/users")));
  });

  it("blocking never 5xx and refusals write nothing", async () => {
    const near = { blocked: fc.oneof(fc.constantFrom<JsonTree>("true", null, "false", [true]), hostileJson) };
    const arb = fc.tuple(shot(["admin", "boss"], bodyFor(template({ blocked: true }), near)), userId);
    const blocks = arena("rebuild");
    await attack(
      arb,
      RUNS.blockUser,
      ([s, id]) => blocks.send((w) => request(w, s, "PUT", `/users/${idOf(w, id)}/blocked`)),
    );
  });

  it("lifting a no-show pause never 5xx and refusals write nothing", async () => {
    const arb = fc.tuple(shot(["admin", "boss", "rider", "driver"], fc.constant<BodySpec>({ kind: "none" })), userId);
    const lifts = arena("rebuild");
    await attack(
      arb,
      RUNS.liftSuspension,
      ([s, id]) => lifts.send((w) => request(w, s, "DELETE", `/users/${idOf(w, id)}/suspension`)),
    );
  });

  it("unlocking a member's sign-in never 5xx and refusals write nothing", async () => {
    const arb = fc.tuple(shot(["admin", "boss", "rider", "driver"], NO_BODY), userId);
    const unlocks = arena("rebuild");
    await attack(
      arb,
      RUNS.unlockMember,
      ([s, id]) => unlocks.send((w) => request(w, s, "DELETE", `/users/${idOf(w, id)}/sign-in-lock`)),
    );
  });

  it("the provider's locked numbers and their unlock never 5xx and refusals write nothing", async () => {
    const phone = fc.oneof(
      fc.constantFrom("8645550142", "864555014", "86455501422", "(864)5550142", "+18645550142", "0000000000"),
      hostileSegment,
    );
    const locks = arena("rebuild");
    await attack(
      fc.tuple(shot(["boss", "admin"], NO_BODY), phone, fc.boolean()),
      RUNS.superLocks,
      ([s, number, list]) =>
        locks.send((w) => ({
          ...request(w, s, list ? "GET" : "DELETE", ""),
          path: list ? "/api/super/locked-numbers" : `/api/super/locked-numbers/${number}`,
        })),
    );
  });

  it("every read under a tenant never 5xx and refuses with JSON", async () => {
    const path = fc.constantFrom(
      "/tenant",
      "/schedule",
      "/user/roles",
      "/users",
      "/rides/my",
      "/driver/rides",
      "/drivers/availability",
      "/drivers/available",
      "/drivers/vehicles",
      "/admin/rides/counts",
      "/admin/vehicles",
      "/drivers/plan",
      "/admin/plans",
      "/dispatch/state",
      "/dispatch/conversations",
      "/rides/history",
      "/rides/standing",
    );
    const arb = fc.tuple(
      fc.record({
        tenant: tenantSegment,
        who: who(["rider", "driver", "dispatcher", "admin", "boss", "anon", "forged"]),
        forged: fc.constant<string | null>("Bearer x"),
      }),
      path,
      fc.constantFrom("GET", "GET", "OPTIONS", "PATCH"),
    );
    const reads = arena("keep");
    await attack(arb, RUNS.reads, ([s, p, method]) =>
      reads.send((w): AttackRequest => ({
        method,
        path: `/${s.tenant}/api${p}`,
        authorization: authorization(w, s.who, s.forged),
      })));
  });

  it("logo uploads of bytes that are no image never 5xx; refusals write at most the upload count", async () => {
    const arb = fc.tuple(
      fc.record({ tenant: tenantSegment, who: who(["admin", "boss"]), forged: fc.constant<string | null>("Bearer x") }),
      multipartUpload,
    );
    const uploads = arena("keep");
    await attack(arb, RUNS.logoUpload, ([s, [type, body]]) =>
      uploads.send(
        (w): AttackRequest => ({
          method: "POST",
          path: `/${s.tenant}/api/admin/settings/logo`,
          contentType: type,
          body,
          authorization: authorization(w, s.who, s.forged),
        }),
        (key) => key.startsWith('"rate_limits","logo_uploads"'),
      ));
  });

  it("logo removals never 5xx and refusals write nothing", async () => {
    const removals = arena("keep");
    await attack(
      shot(["admin", "boss", "rider"], NO_BODY),
      RUNS.logoRemove,
      (s) => removals.send((w) => request(w, s, "DELETE", "/admin/settings/logo")),
    );
  });

  it("logo reads with hostile tenants, versions and ETags never 5xx and refuse with JSON", async () => {
    const arb = fc.tuple(
      tenantSegment,
      fc.oneof(fc.constant(""), hostileQueryValue.map((v) => `?v=${v}`)),
      fc.constantFrom<string | null>(null, '"x"', "*", 'W/"x"'),
    );
    const reads = arena("keep");
    await attack(arb, RUNS.logoGet, ([tenant, q, etag]) =>
      reads.send((): AttackRequest => ({
        method: "GET",
        path: `/${tenant}/logo${q}`,
        headers: etag ? { "if-none-match": etag } : undefined,
      })));
  });

  it("socket handshakes and tickets never 5xx and refuse with JSON", async () => {
    const handshake = fc.constantFrom<Record<string, string>>(
      {},
      { upgrade: "websocket" },
      { upgrade: "WebSocket", connection: "Upgrade" },
      { upgrade: "websocket", connection: "Upgrade", "sec-websocket-key": "x", "sec-websocket-version": "13" },
      { upgrade: "websocket", connection: "Upgrade", origin: "https://evil.example" },
      { upgrade: "h2c" },
    );
    const socket = fc.record({
      tenant: tenantSegment,
      kind: fc.constantFrom("riders", "drivers", "admins", "%2e%2e"),
      headers: handshake,
      q: query(
        param("token", ["x", "a.b.c"]),
        param("ticket", ["x", "0".repeat(64)]),
        param("scope", ["all", "ALL", "mine"]),
      ),
    }).map((s) => ({ ...s, ticket: false as const }));
    const ticket = shot(["rider", "driver", "admin"], bodyFor(template({}))).map((s) => ({
      ...s,
      ticket: true as const,
    }));
    const sockets = arena("rebuild");
    await attack(
      fc.oneof({ weight: 3, arbitrary: socket }, { weight: 1, arbitrary: ticket }),
      RUNS.sockets,
      (s) =>
        sockets.send((w) =>
          s.ticket
            ? request(w, s, "POST", "/ws-ticket")
            : { method: "GET", path: `/${s.tenant}/ws/${s.kind}${s.q}`, headers: s.headers }
        ),
    );
  });

  it("answers a handshake a real server cannot complete with 400 JSON, not a 500", async () => {
    const w = await badInputWorld();
    await using server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => w.t.app.fetch(req));
    try {
      const handshakes: Record<string, string>[] = [{ upgrade: "websocket" }, {
        upgrade: "WebSocket",
        connection: "Upgrade",
      }];
      // Signed in: a connection with no credentials is refused (401) before the handshake is tried.
      const query = `?token=${encodeURIComponent(w.rider.token)}`;
      for (const headers of handshakes) {
        const res = await fetch(`http://127.0.0.1:${server.addr.port}/greer/ws/riders${query}`, { headers });
        expect(res.status, JSON.stringify(headers)).toBe(400);
        expect(await res.json()).toEqual({ error: "Invalid WebSocket handshake" });
      }
    } finally {
      w.t.kv.close();
    }
  });

  it("sent every planned request", () => {
    expect(sentCount()).toBeGreaterThanOrEqual(plannedRuns("admin"));
    console.log(`bad input (admin): ${sentCount()} requests, seed ${SEED}, worlds built/healed ${summary()}`);
  });
});
