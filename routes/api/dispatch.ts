/**
 * The dispatcher's calls (dispatchers, admins and super admins):
 *
 * - GET /dispatch/state → {vehicles: [{vehicle, driver: {id, name}, position, seatsInUse, wheelchairsInUse, stops}],
 *   queue: [ride], alerts: [{kind, vehicleId, driverId, rideId?, minutes, since}]}: every online vehicle, the rides
 *   waiting with no driver and the alerts (late, silent, idle-outside; domain/dispatch/alerts.ts), oldest first.
 * - POST /dispatch/rides/{id}/assign {vehicleId, override?} → {ride}: the ride into that online vehicle's plan
 *   (domain/dispatch/assign.ts); 409 {error, limit} naming the limit it would break, unless override is true.
 * - PUT /dispatch/rides/{id}/pin {pinned} → {ride}: the engine never moves a pinned ride (domain/dispatch/pin.ts).
 * - POST /dispatch/rides/{id}/cancel {reason} → {ride}: canceled, the rider texted the reason
 *   (domain/dispatch/cancel.ts).
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { assignRide } from "../../domain/dispatch/assign.ts";
import { dispatchState } from "../../domain/dispatch/fleet_state.ts";
import { pinRide } from "../../domain/dispatch/pin.ts";
import { cancelRide, readReason } from "../../domain/dispatch/cancel.ts";
import { refusalText, refuse, refuseField } from "../../domain/refusal.ts";
import { RIDE_NOT_FOUND } from "../../lib/ride_moves.ts";
import { ID_PATTERN } from "../../lib/schemas.ts";
import { UNKNOWN_VEHICLE_TEXT } from "../../lib/vehicles.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";
import { noticeDeps } from "../../server/rider_updates.ts";

const assignBody = z.object({ vehicleId: z.optional(z.unknown()), override: z.optional(z.unknown()) });
const cancelBody = z.object({ reason: z.optional(z.unknown()) });
const pinBody = z.object({ pinned: z.boolean({ error: "pinned must be true or false" }) });

export function dispatchApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const app = new Hono<Env>();
  const { dispatcher } = roleGuards(deps, auth);
  const notices = noticeDeps(deps);
  const small = smallBody(1024);
  const rideId = idParam("id", RIDE_NOT_FOUND);

  app.get("/dispatch/state", ...dispatcher, async (c) => {
    return c.json(await dispatchState(kv, c.get("tenant"), clock.now()));
  });

  app.post("/dispatch/rides/:id/assign", ...dispatcher, rideId, small, jsonBody(assignBody), async (c) => {
    const { vehicleId, override } = c.req.valid("json");
    if (typeof vehicleId !== "string" || !ID_PATTERN.test(vehicleId)) {
      return refusalAnswer(c, refuseField(400, "vehicleId", UNKNOWN_VEHICLE_TEXT));
    }
    if (override !== undefined && typeof override !== "boolean") {
      return refusalAnswer(c, refuseField(400, "override", "override must be true or false"));
    }
    const out = await assignRide(notices, {
      tenant: c.get("tenant"),
      rideId: c.req.param("id"),
      vehicleId,
      override: override === true,
      by: c.get("user").id,
      now: clock.now(),
    });
    if (!out.refused) return c.json({ ride: out.value });
    if (!("limit" in out)) return refusalAnswer(c, out);
    const lang = c.get("lang") ?? "en";
    return c.json({
      error: refusalText(lang, out),
      limit: refusalText(lang, refuse(409, out.limit.text, out.limit.values)),
      limitCode: out.limit.code,
    }, 409);
  });

  app.put("/dispatch/rides/:id/pin", ...dispatcher, rideId, small, jsonBody(pinBody), async (c) => {
    const out = await pinRide(kv, {
      tenant: c.get("tenant").code,
      rideId: c.req.param("id"),
      pinned: c.req.valid("json").pinned,
      by: c.get("user").id,
      now: clock.now(),
    });
    return out.refused ? refusalAnswer(c, out) : c.json({ ride: out.value });
  });

  app.post("/dispatch/rides/:id/cancel", ...dispatcher, rideId, small, jsonBody(cancelBody), async (c) => {
    const reason = readReason(c.req.valid("json").reason);
    if (reason.refused) return refusalAnswer(c, reason);
    const out = await cancelRide(notices, {
      tenant: c.get("tenant"),
      rideId: c.req.param("id"),
      reason: reason.value,
      by: c.get("user").id,
    });
    return out.refused ? refusalAnswer(c, out) : c.json({ ride: out.value });
  });

  return app;
}
