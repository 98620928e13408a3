/**
 * The ride use cases (domain/rides/) called as the routes, the hand-over and
 * the CLI call them: each answers its result, or a refusal that names a
 * catalogue text and its values, never English, worded once at the edge
 * (domain/refusal.ts refusalText) in either language.
 *
 * The fake clock starts on Monday 5 January 2026 at 15:00 UTC, 10:00 in Greer.
 */
import { describe, expect, it } from "vitest";
import { isRefusal, type Refusal, refusalText } from "../../domain/refusal.ts";
import { setAvailability } from "../../domain/rides/driver_reports.ts";
import { moveRide, STATUS_TEXT } from "../../domain/rides/move.ts";
import { removeRide } from "../../domain/rides/remove.ts";
import { requestRide, servicePaused } from "../../domain/rides/request.ts";
import { getTenant } from "../../kv/tenants.ts";
import { getUser, type User } from "../../kv/users.ts";
import { MAX_SCHEDULED, MIN_AHEAD_MS, MINUTE_MS, TOO_MANY_BOOKED_TEXT, TOO_SOON_TEXT } from "../../lib/booking.ts";
import { NOT_AT_PICKUP } from "../../lib/no_show_wait.ts";
import { ILLEGAL_MOVE, RIDE_NOT_FOUND } from "../../lib/ride_moves.ts";
import { RIDE_STATUSES } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { SERVICE_PAUSED } from "../../lib/service_status.ts";
import { noticeDeps } from "../../server/rider_updates.ts";
import { makeApp } from "../helpers/app.ts";
import { INSIDE, INSIDE_2, OUTSIDE, rideWorld, type TestApp } from "../helpers/rides.ts";

const MIN = 60_000;
const START = Date.UTC(2026, 0, 5, 15, 0);
const TRIP = { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1 };

async function world() {
  const t = await makeApp();
  const w = await rideWorld(t);
  const tenant = (await getTenant(t.kv, "greer"))!;
  const person = async (id: string) => (await getUser(t.kv, id))!;
  return {
    t,
    tenant,
    rider: await person(w.rider.user.id),
    driver: await person(w.driver.user.id),
    rider2: await person(w.rider2.user.id),
  };
}

function refusal(answer: unknown): Refusal {
  if (!isRefusal(answer)) throw new Error(`not a refusal: ${JSON.stringify(answer)}`);
  return answer;
}

const request = (t: TestApp, tenant: Tenant, rider: User, input: Record<string, unknown>) =>
  requestRide(t, tenant, rider, input);

describe("requestRide", () => {
  it("creates the ride and answers it", async () => {
    const { t, tenant, rider } = await world();
    using _ = t;
    const answer = await request(t, tenant, rider, TRIP);
    if (isRefusal(answer)) throw new Error(answer.text);
    expect(answer.value).toMatchObject({ status: "pending", creatorId: rider.id, passengerCt: 1 });
  });

  it("refuses a paused service with its text and the organisation's name, in either language", async () => {
    const { t, tenant, rider } = await world();
    using _ = t;
    const paused = { ...tenant, status: "suspended" as const };
    const refused = refusal(await request(t, paused, rider, TRIP));
    expect(refused).toMatchObject({ status: 503, text: SERVICE_PAUSED, values: { organisation: "City of Greer" } });
    expect(refusalText("es", refused)).toBe(
      "Este servicio está en pausa. Comuníquese con City of Greer para obtener más información.",
    );
    // The rule the hand-over applies is the request's own.
    expect(servicePaused(paused)).toEqual(refused);
  });

  it("refuses a booking too soon with the minutes of MIN_AHEAD_MS", async () => {
    const { t, tenant, rider } = await world();
    using _ = t;
    const refused = refusal(await request(t, tenant, rider, { ...TRIP, scheduledFor: START + MIN_AHEAD_MS - MIN }));
    expect(refused).toMatchObject({ status: 400, text: TOO_SOON_TEXT, values: { minutes: MIN_AHEAD_MS / MINUTE_MS } });
    expect(refusalText("en", refused)).toBe(`Book at least ${MIN_AHEAD_MS / MINUTE_MS} minutes ahead.`);
    expect(refusalText("es", refused)).toBe(
      `Reserve con al menos ${MIN_AHEAD_MS / MINUTE_MS} minutos de anticipación.`,
    );
  });

  it("refuses a booking past MAX_SCHEDULED with that count", async () => {
    const { t, tenant, rider } = await world();
    using _ = t;
    for (let i = 0; i < MAX_SCHEDULED; i++) {
      const booked = await request(t, tenant, rider, { ...TRIP, scheduledFor: START + (60 + i * 15) * MIN });
      expect(isRefusal(booked)).toBe(false);
    }
    const refused = refusal(await request(t, tenant, rider, { ...TRIP, scheduledFor: START + 3 * 60 * MIN }));
    expect(refused).toMatchObject({ status: 409, text: TOO_MANY_BOOKED_TEXT, values: { count: MAX_SCHEDULED } });
    expect(refusalText("en", refused)).toBe(`You already have ${MAX_SCHEDULED} rides booked.`);
    expect(refusalText("es", refused)).toBe(`Ya tiene ${MAX_SCHEDULED} viajes reservados.`);
  });

  it("names a field refused for hidden characters as a text of its own, worded in the reader's language", async () => {
    const { t, tenant, rider } = await world();
    using _ = t;
    const refused = refusal(await request(t, tenant, rider, { ...TRIP, note: "gate\u202Ecode" }));
    expect(refused).toMatchObject({ status: 400, values: { label: { text: "Note" } } });
    expect(refusalText("es", refused)).toBe("Nota: contiene caracteres que no se permiten");
  });

  it("refuses a point outside the area with the distance in the reader's plural", async () => {
    const { t, tenant, rider } = await world();
    using _ = t;
    const refused = refusal(await request(t, tenant, rider, { ...TRIP, dropoff: OUTSIDE }));
    expect(refused.status).toBe(400);
    expect(refusalText("en", refused)).toMatch(
      /^Sorry, that location is outside our service area\. .* within 1 mile of /,
    );
  });
});

describe("moveRide", () => {
  async function pending() {
    const w = await world();
    const answer = await requestRide(w.t, w.tenant, w.rider, TRIP);
    if (isRefusal(answer)) throw new Error(answer.text);
    return { ...w, ride: answer.value };
  }

  it("moves the ride and answers where it came from", async () => {
    const { t, tenant, driver, ride } = await pending();
    using _ = t;
    const answer = await moveRide(noticeDeps(t), {
      tenant,
      actor: driver,
      drives: true,
      rideId: ride.id,
      to: "accepted",
    });
    if (isRefusal(answer)) throw new Error(answer.text);
    expect(answer.value).toMatchObject({ from: "pending", changed: true, ride: { status: "accepted" } });
  });

  it("refuses an unknown status with the list of statuses", async () => {
    const { t, tenant, driver, ride } = await pending();
    using _ = t;
    const refused = refusal(
      await moveRide(noticeDeps(t), { tenant, actor: driver, drives: true, rideId: ride.id, to: "flying" }),
    );
    expect(refused).toEqual({
      refused: true,
      status: 400,
      text: STATUS_TEXT,
      values: { statuses: RIDE_STATUSES.join(", ") },
    });
  });

  it("refuses with the table's reason and its values: not found, an illegal move, a no-show before the wait", async () => {
    const { t, tenant, driver, rider, rider2, ride } = await pending();
    using _ = t;
    const deps = noticeDeps(t);
    const missing = refusal(
      await moveRide(deps, { tenant, actor: driver, drives: true, rideId: "nope", to: "accepted" }),
    );
    expect(missing).toMatchObject({ status: 404, text: RIDE_NOT_FOUND });
    const stranger = refusal(
      await moveRide(deps, { tenant, actor: rider2, drives: false, rideId: ride.id, to: "canceled" }),
    );
    expect(stranger).toMatchObject({ status: 404, text: RIDE_NOT_FOUND });
    const own = refusal(await moveRide(deps, { tenant, actor: rider, drives: false, rideId: ride.id, to: "accepted" }));
    expect(own).toMatchObject({ status: 409, text: ILLEGAL_MOVE, values: { from: "pending", to: "accepted" } });
    expect(refusalText("es", own)).toBe("No se puede cambiar un viaje de pending a accepted");

    for (const to of ["accepted", "on-the-way"]) {
      expect(isRefusal(await moveRide(deps, { tenant, actor: driver, drives: true, rideId: ride.id, to }))).toBe(false);
    }
    const early = refusal(
      await moveRide(deps, { tenant, actor: driver, drives: true, rideId: ride.id, to: "no-show" }),
    );
    expect(early).toMatchObject({ status: 409, text: NOT_AT_PICKUP });
  });
});

describe("setAvailability", () => {
  it("refuses going online in a paused service with the request's own refusal, and lets a driver go offline", async () => {
    const { t, tenant, driver } = await world();
    using _ = t;
    const paused = { ...tenant, status: "suspended" as const };
    const online = refusal(await setAvailability(noticeDeps(t), paused, driver, { isAvailable: true }));
    expect(online).toEqual(servicePaused(paused));
    const offline = await setAvailability(noticeDeps(t), paused, driver, { isAvailable: false });
    expect(isRefusal(offline)).toBe(false);
  });
});

describe("removeRide", () => {
  it("removes the ride and answers it, then refuses it as not found", async () => {
    const { t, tenant, rider, driver } = await world();
    using _ = t;
    const answer = await requestRide(t, tenant, rider, TRIP);
    if (isRefusal(answer)) throw new Error(answer.text);
    const removed = await removeRide(t, "greer", answer.value.id, driver.id);
    expect(isRefusal(removed) ? removed : removed.value.id).toBe(answer.value.id);
    expect(refusal(await removeRide(t, "greer", answer.value.id, driver.id))).toMatchObject({
      status: 404,
      text: RIDE_NOT_FOUND,
    });
  });
});
