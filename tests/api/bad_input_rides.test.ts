/**
 * Generated bad input for the ride and driver calls: ride
 * requests, status moves, deletes, availability and location reports, with
 * hostile bodies, content types, ride ids, tenant codes and tokens. Rules in
 * tests/helpers/bad_input.ts; replay a failure with BAD_INPUT_SEED=<seed>.
 */
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { RIDE_STATUSES } from "../../lib/rides.ts";
import {
  bodyFor,
  type BodySpec,
  hostileJson,
  hostileNumber,
  hostilePoint,
  hostileString,
  type JsonTree,
  NumberText,
  template,
} from "../helpers/arbitraries.ts";
import { hostileSegment } from "../helpers/hostile_urls.ts";
import { Arena, attack, SEED, sentCount } from "../helpers/bad_input.ts";
import { BAD_INPUT_RUNS, plannedRuns } from "../helpers/bad_input_plan.ts";
import {
  automaticInputWorld,
  type BadInputWorld,
  badInputWorld,
  cancelNewRides,
  request,
  shot,
  tenantArenas,
  UNKNOWN_ID,
} from "../helpers/bad_input_world.ts";
import { CENTRE, INSIDE, INSIDE_2, move, post } from "../helpers/rides.ts";
import { bearer } from "../helpers/app.ts";

const RUNS = BAD_INPUT_RUNS.rides;
const { arena, closeAll, summary } = tenantArenas();
afterAll(closeAll);

/** A ride id: the rider's pending ride, one that names nothing, or hostile text. */
const rideId = fc.oneof(
  { weight: 3, arbitrary: fc.constant<"real" | string>("real") },
  { weight: 1, arbitrary: fc.constant(UNKNOWN_ID) },
  { weight: 4, arbitrary: hostileSegment },
);
const idOf = (w: BadInputWorld, id: string) => id === "real" ? w.rideId : id;

const status = fc.oneof(
  fc.constantFrom(...RIDE_STATUSES),
  fc.constantFrom("Accepted", "accepted ", "deleted", "on_the_way", "picked up"),
);

describe("bad input: rides and drivers", { timeout: 120_000 }, () => {
  it("ride requests never 5xx and refusals write nothing", async () => {
    const body = bodyFor(
      template({
        pickup: INSIDE,
        dropoff: INSIDE_2,
        destination: "Library",
        passengerCt: 1,
        needs: ["assistance"],
        note: "blue door",
      }),
      {
        // This ride's needs and the note for the driver.
        needs: fc.constantFrom<JsonTree>(
          ["wheelchair"],
          ["assistance", "assistance"],
          ["Wheelchair"],
          "wheelchair",
          null,
          [new NumberText("1")],
        ),
        note: fc.integer({ min: 138, max: 142 }).map((n) => "n".repeat(n)),
        pickup: hostilePoint,
        dropoff: hostilePoint,
        destination: hostileString,
        passengerCt: fc.constantFrom("0", "1", "5", "6", "-0", "1.5", "1e309", "5.0000001", "2e0").map((n) =>
          new NumberText(n)
        ),
      },
    );
    const requests = arena(cancelNewRides);
    await attack(
      shot(["rider", "rider2"], body),
      RUNS.requestRide,
      (s) => requests.send((w) => request(w, s, "POST", "/rides")),
    );
  });

  it("ride requests in automatic dispatch never 5xx and refusals write nothing", async () => {
    const body = bodyFor(
      template({ pickup: INSIDE, dropoff: INSIDE_2, destination: "Library", passengerCt: 1, needs: ["wheelchair"] }),
      {
        needs: fc.constantFrom<JsonTree>(["wheelchair"], [], ["Wheelchair"], null),
        pickup: hostilePoint,
        dropoff: hostilePoint,
        destination: hostileString,
        passengerCt: fc.constantFrom("1", "5", "6", "13", "1.5").map((n) => new NumberText(n)),
      },
    );
    // A planned ride holds a place in the van's plan: each one starts the world again.
    const planned = new Arena(automaticInputWorld, "rebuild");
    try {
      await attack(
        shot(["rider", "rider2"], body),
        RUNS.requestPlanned,
        (s) => planned.send((w) => request(w, s, "POST", "/rides")),
      );
    } finally {
      planned.close();
    }
  });

  it("bookings ahead never 5xx and refusals write nothing", async () => {
    // The world's clock: Monday 10:00 in Greer. Times at and past each bound, and hostile numbers.
    const now = Date.UTC(2026, 0, 5, 15, 0);
    const edges = [29, 30, 31, 60 * 24 * 7, 60 * 24 * 7 + 1, 60 * 9, -30, 60 * 24 * 5].map((m) =>
      String(now + m * 60_000)
    );
    const time = fc.oneof(fc.constantFrom(...edges).map((n) => new NumberText(n)), hostileNumber, hostileString);
    // A pickup time, or a time to arrive by (its pickup set from the trip), with the other field sometimes sent too.
    const body = fc.oneof(
      bodyFor(
        template({ pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1, scheduledFor: now + 2 * 3_600_000 }),
        { pickup: hostilePoint, dropoff: hostilePoint, scheduledFor: time },
      ),
      bodyFor(
        template({ pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1, arriveBy: now + 2 * 3_600_000 }),
        { pickup: hostilePoint, dropoff: hostilePoint, arriveBy: time },
      ),
    );
    const bookings = arena(async (w) => {
      // Puts the world back: every booking made is canceled, as is any ride asked for now.
      for (const who of ["rider", "rider2", "driver", "driver2", "admin"] as const) {
        const res = await w.t.request("/greer/api/rides/upcoming", bearer(w[who].token));
        const { rides } = await res.json() as { rides: { id: string }[] };
        for (const ride of rides) await move(w.t, w[who].token, ride.id, "canceled");
      }
      await cancelNewRides(w);
    });
    await attack(
      shot(["rider", "rider2"], body),
      RUNS.requestBooking,
      (s) => bookings.send((w) => request(w, s, "POST", "/rides")),
    );
  });

  it("ride moves never 5xx and refusals write nothing", async () => {
    const arb = fc.tuple(
      shot(["rider", "driver", "driver2", "admin"], bodyFor(template({ status: "accepted" }), { status })),
      rideId,
    );
    const moves = arena("rebuild");
    await attack(arb, RUNS.moveRide, ([s, id]) => moves.send((w) => request(w, s, "PUT", `/rides/${idOf(w, id)}`)));
  });

  it("ride changes never 5xx and refusals write nothing", async () => {
    // The world's clock: Monday 10:00 in Greer; the rider's booking is for noon, their pending ride is handed over.
    const now = Date.UTC(2026, 0, 5, 15, 0);
    const time = fc.oneof(
      fc.constantFrom(29, 30, 31, 60 * 24 * 7 + 1, 60 * 9, -30).map((m) => new NumberText(String(now + m * 60_000))),
      hostileNumber,
      hostileString,
    );
    const near = { lat: INSIDE.lat + 0.0003, lng: INSIDE.lng };
    const body = fc.oneof(
      bodyFor(template({ pickup: near }), { pickup: hostilePoint }),
      bodyFor(
        template({ scheduledFor: now + 3 * 3_600_000, passengerCt: 2, dropoff: INSIDE_2, note: "gate", needs: [] }),
        {
          scheduledFor: time,
          arriveBy: time,
          dropoff: hostilePoint,
          passengerCt: fc.constantFrom("0", "6", "1.5", "2e0").map((n) => new NumberText(n)),
          needs: fc.constantFrom<JsonTree>(["wheelchair"], ["Wheelchair"], "wheelchair", null),
          note: fc.integer({ min: 139, max: 142 }).map((n) => "n".repeat(n)),
          status: status,
        },
      ),
    );
    const target = fc.oneof(
      { weight: 3, arbitrary: fc.constant("booking") },
      { weight: 5, arbitrary: rideId },
    );
    const changes = new Arena(async () => {
      const w = await badInputWorld();
      const booked = await w.t.request(
        "/greer/api/rides",
        post(w.rider.token, { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1, scheduledFor: now + 2 * 3_600_000 }),
      );
      if (booked.status !== 201) throw new Error(`booking answered ${booked.status}`);
      return { ...w, bookingId: (await booked.json()).ride.id as string };
    }, "rebuild");
    try {
      await attack(
        fc.tuple(shot(["rider", "rider2", "driver", "admin"], body), target),
        RUNS.changeRide,
        ([s, id]) =>
          changes.send((w) => request(w, s, "PUT", `/rides/${id === "booking" ? w.bookingId : idOf(w, id)}`)),
      );
    } finally {
      changes.close();
    }
  });

  it("ride deletes never 5xx and refusals write nothing", async () => {
    const arb = fc.tuple(shot(["admin", "driver", "rider"], fc.constant<BodySpec>({ kind: "none" })), rideId);
    const deletes = arena("rebuild");
    await attack(
      arb,
      RUNS.deleteRide,
      ([s, id]) => deletes.send((w) => request(w, s, "DELETE", `/rides/${idOf(w, id)}`)),
    );
  });

  it("availability changes never 5xx and refusals write nothing", async () => {
    // The world's vehicle id is known once the world is built: the template names it by a stand-in.
    const OURS = "the-worlds-vehicle";
    const body = bodyFor(
      template({ isAvailable: true, location: CENTRE, wheelchairAccessible: true, vehicleId: OURS }),
      {
        location: hostilePoint,
        wheelchairAccessible: fc.constantFrom<JsonTree>("true", null, new NumberText("1"), false),
        isAvailable: fc.constantFrom("true", "false", null, new NumberText("1"), new NumberText("0")),
        vehicleId: fc.oneof(fc.constantFrom<JsonTree>(OURS, null, UNKNOWN_ID, ""), hostileJson),
      },
    );
    const drivers = arena("keep");
    await attack(
      shot(["driver", "driver2", "admin"], body),
      RUNS.availability,
      (s) =>
        drivers.send((w) => {
          const sent = request(w, s, "PUT", "/drivers/availability");
          const b = sent.body;
          return b?.kind === "json"
            ? { ...sent, body: { kind: "json", text: b.text.replaceAll(OURS, w.vehicleId) } }
            : sent;
        }),
    );
  });

  it("location reports never 5xx and refusals write nothing", async () => {
    const body = bodyFor(template({ location: CENTRE }), { location: hostilePoint });
    const reports = arena("keep");
    await attack(
      shot(["driver", "driver2"], body),
      RUNS.location,
      (s) => reports.send((w) => request(w, s, "PUT", "/users/location")),
    );
  });

  it("ratings never 5xx and refusals write nothing", async () => {
    const near = {
      rating: fc.oneof(
        fc.constantFrom("0", "6", "4.5", "-1", "1e309", "5.0000001", "5e0").map((n) => new NumberText(n)),
        hostileJson,
      ),
      comment: fc.oneof(hostileString, fc.constant("x".repeat(501)), hostileJson),
    };
    const arb = fc.tuple(
      shot(["rider", "rider2", "driver", "admin"], bodyFor(template({ rating: 5, comment: "Thanks" }), near)),
      rideId,
    );
    const ratings = arena("rebuild");
    await attack(
      arb,
      RUNS.rateRide,
      ([s, id]) => ratings.send((w) => request(w, s, "POST", `/rides/${idOf(w, id)}/feedback`)),
    );
  });

  it("history pages never 5xx, whatever the cursor", async () => {
    const arb = fc.tuple(shot(["rider", "driver", "admin"], fc.constant<BodySpec>({ kind: "none" })), hostileSegment);
    const reads = arena("keep");
    await attack(
      arb,
      RUNS.historyCursor,
      ([s, cursor]) => reads.send((w) => request(w, s, "GET", `/rides/history?cursor=${cursor}`)),
    );
  });

  it("standing rides never 5xx and refusals write nothing", async () => {
    const date = fc.oneof(
      fc.constantFrom<JsonTree>("2026-01-05", "2026-02-29", "2026-1-5", "2026-13-01", "", null, "2026-01-05T00:00"),
      hostileJson,
    );
    const body = bodyFor(
      template({
        pickup: INSIDE,
        dropoff: INSIDE_2,
        destination: "Clinic",
        passengerCt: 1,
        weekdays: [1, 3, 5],
        time: "08:30",
        startDate: "2026-01-05",
        endDate: "2026-01-30",
        skipDates: ["2026-01-07"],
        paused: false,
      }),
      {
        pickup: hostilePoint,
        weekdays: fc.oneof(
          fc.constantFrom<JsonTree>(
            [],
            [new NumberText("7")],
            [new NumberText("-1")],
            ["1"],
            [new NumberText("1"), new NumberText("1")],
            [new NumberText("1.5")],
            null,
            new NumberText("3"),
          ),
          hostileJson,
        ),
        time: fc.oneof(fc.constantFrom<JsonTree>("8:30", "24:00", "23:59", "00:00", null), hostileString),
        startDate: date,
        endDate: date,
        skipDates: fc.oneof(fc.constantFrom<JsonTree>([], ["2026-02-30"], Array(61).fill("2026-01-07")), hostileJson),
        paused: fc.constantFrom<JsonTree>(true, false, "true", null, new NumberText("1")),
      },
    );
    const standing = arena(async (w) => {
      // Puts the world back: every standing ride set up is deleted.
      for (const who of ["rider", "rider2"] as const) {
        const res = await w.t.request("/greer/api/rides/recurring", bearer(w[who].token));
        const { standingRides } = await res.json() as { standingRides: { id: string }[] };
        for (const s of standingRides) {
          await w.t.request(`/greer/api/rides/recurring/${s.id}`, bearer(w[who].token, { method: "DELETE" }));
        }
      }
    });
    await attack(
      shot(["rider", "rider2"], body),
      RUNS.standingRides,
      (s) => standing.send((w) => request(w, s, "POST", "/rides/recurring")),
    );
  });

  it("standing ride changes and deletes of ids that name none never 5xx and write nothing", async () => {
    const arb = fc.tuple(
      shot(["rider", "admin"], bodyFor(template({ weekdays: [1], time: "08:30", startDate: "2026-01-05" }), {})),
      fc.oneof(fc.constant(UNKNOWN_ID), hostileSegment),
      fc.constantFrom("PUT", "DELETE"),
    );
    const ids = arena("rebuild");
    await attack(
      arb,
      RUNS.standingRideIds,
      ([s, id, method]) => ids.send((w) => request(w, s, method, `/rides/recurring/${id}`)),
    );
  });

  it("sent every planned request", () => {
    expect(sentCount()).toBeGreaterThanOrEqual(plannedRuns("rides"));
    console.log(`bad input (rides): ${sentCount()} requests, seed ${SEED}, worlds built/healed ${summary()}`);
  });
});
