/**
 * The admin's trips (spec section 2 "Admin Trips", 8), one place for the
 * resource:
 *
 * - GET /admin/rides?limit&cursor&status: a page of trips, newest first; the
 *   next page's cursor travels in X-Next-Cursor (the body is the spec's array).
 * - GET /admin/rides/counts: trip counts by admin status, for the tiles and
 *   "Showing X of Y trips", read from counters.
 * - DELETE /rides/{id}: removes a trip and every index entry.
 */
import { Hono } from "hono";
import { isRefusal, refuse } from "../../domain/refusal.ts";
import { STATUS_TEXT } from "../../domain/rides/move.ts";
import { removeRide } from "../../domain/rides/remove.ts";
import { getTripCounts, listRidesByTripStatus } from "../../kv/ride_stats.ts";
import { listRides } from "../../kv/ride_reads.ts";
import { vehicleNames } from "../../kv/vehicles.ts";
import { isTripStatus, toTrip, TRIP_STATUSES } from "../../lib/trips.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";
import { rideEventLogger } from "./rides.ts";

export function adminRidesApi(deps: AppDeps, auth: AuthServices) {
  const { kv } = deps;
  const app = new Hono<Env>();
  const { admin } = roleGuards(deps, auth);
  const rideEvent = rideEventLogger(deps);
  const rideId = idParam("id", "Ride not found");

  app.get("/admin/rides", ...admin, async (c) => {
    const limit = Math.min(500, Math.max(1, Number(c.req.query("limit")) || 100));
    const cursor = c.req.query("cursor") || undefined;
    // ?status= filters by admin trip status (lib/trips.ts) through its index, so a rare status pages as fast.
    const status = c.req.query("status") || undefined;
    if (status !== undefined && !isTripStatus(status)) {
      return refusalAnswer(c, refuse(400, STATUS_TEXT, { statuses: TRIP_STATUSES.join(", ") }));
    }
    const tenant = c.get("tenant").code;
    let page;
    try {
      page = status
        ? await listRidesByTripStatus(kv, tenant, status, { limit, cursor })
        : await listRides(kv, tenant, { limit, cursor });
    } catch {
      return refusalAnswer(c, refuse(400, "Invalid cursor"));
    }
    if (page.cursor) c.header("x-next-cursor", page.cursor);
    const named = await vehicleNames(kv, tenant);
    return c.json(page.values.map((ride) => toTrip(ride, named)));
  });

  app.get("/admin/rides/counts", ...admin, async (c) => {
    return c.json(await getTripCounts(kv, c.get("tenant").code));
  });

  app.delete("/rides/:id", ...admin, rideId, async (c) => {
    const answer = await removeRide(deps, c.get("tenant").code, c.req.param("id"), c.get("user").id);
    if (isRefusal(answer)) return refusalAnswer(c, answer);
    rideEvent(c, "ride.deleted", answer.value, answer.value.status, "deleted");
    return c.json({ ok: true });
  });

  return app;
}
