/**
 * Standing rides (lib/standing_rides.ts): a rider's repeated trip, booked
 * date by date as each enters the booking window (domain/bookings/standing_sweep.ts).
 *
 * - GET /rides/recurring[?riderId=] → { standingRides, maxStandingRides }
 * - POST /rides/recurring {trip, weekdays, time | arriveBy, startDate, endDate?, skipDates?, paused?, riderId?} → 201
 * - PUT /rides/recurring/{id} (the whole standing ride) → { standingRide }
 * - DELETE /rides/recurring/{id} → 204
 *
 * `riderId` names another rider, for dispatchers only (domain/bookings/standing_rides.ts).
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import {
  changeStandingRide,
  listForRider,
  removeStandingRide,
  setUpStandingRide,
} from "../../domain/bookings/standing_rides.ts";
import { isRefusal } from "../../domain/refusal.ts";
import { STANDING_NOT_FOUND_TEXT } from "../../lib/standing_rides.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";

const standingBody = z.object({
  pickup: z.optional(z.unknown()),
  pickupPlaceId: z.optional(z.unknown()),
  dropoff: z.optional(z.unknown()),
  dropoffPlaceId: z.optional(z.unknown()),
  destination: z.optional(z.unknown()),
  passengerCt: z.optional(z.unknown()),
  needs: z.optional(z.unknown()),
  note: z.optional(z.unknown()),
  weekdays: z.optional(z.unknown()),
  time: z.optional(z.unknown()),
  arriveBy: z.optional(z.unknown()),
  startDate: z.optional(z.unknown()),
  endDate: z.optional(z.unknown()),
  skipDates: z.optional(z.unknown()),
  paused: z.optional(z.unknown()),
  riderId: z.optional(z.unknown()),
});

/** Sixty skipped dates and a note make about 1.5 KB of JSON. */
export const STANDING_BODY_MAX = 4096;

export function standingRidesApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const log = deps.log!;
  const app = new Hono<Env>();
  const { member } = roleGuards(deps, auth);
  const small = smallBody(STANDING_BODY_MAX);
  const standingId = idParam("id", STANDING_NOT_FOUND_TEXT);
  const actorOf = (
    c: { get(key: "user"): Env["Variables"]["user"]; get(key: "roles"): Env["Variables"]["roles"] },
  ) => ({
    user: c.get("user"),
    roles: c.get("roles"),
  });

  app.get("/rides/recurring", ...member, async (c) => {
    const tenant = c.get("tenant");
    const answer = await listForRider(kv, tenant, actorOf(c), c.req.query("riderId"), clock.now());
    if (isRefusal(answer)) return refusalAnswer(c, answer);
    return c.json({ standingRides: answer.value, maxStandingRides: settingsOf(tenant).maxStandingRides });
  });

  app.post("/rides/recurring", ...member, small, jsonBody(standingBody), async (c) => {
    const answer = await setUpStandingRide(kv, c.get("tenant"), actorOf(c), c.req.valid("json"), clock.now());
    if (isRefusal(answer)) return refusalAnswer(c, answer);
    const { id, riderId, tenant } = answer.value;
    log({ event: "standing_ride.created", tenant, standingRideId: id, riderId, by: c.get("user").id });
    return c.json({ standingRide: answer.value }, 201);
  });

  app.put("/rides/recurring/:id", ...member, standingId, small, jsonBody(standingBody), async (c) => {
    const tenant = c.get("tenant");
    const body = c.req.valid("json");
    const answer = await changeStandingRide(kv, tenant, actorOf(c), c.req.param("id"), body, clock.now());
    if (isRefusal(answer)) return refusalAnswer(c, answer);
    return c.json({ standingRide: answer.value });
  });

  app.delete("/rides/recurring/:id", ...member, standingId, async (c) => {
    const answer = await removeStandingRide(kv, c.get("tenant"), actorOf(c), c.req.param("id"));
    if (isRefusal(answer)) return refusalAnswer(c, answer);
    log({ event: "standing_ride.deleted", tenant: c.get("tenant").code, standingRideId: c.req.param("id") });
    return c.body(null, 204);
  });

  return app;
}
