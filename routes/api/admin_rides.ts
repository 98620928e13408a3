/**
 * The admin's trips (spec section 2 "Admin Trips", 8), one place
 * for the resource:
 *
 * - GET /admin/rides?limit&cursor&status: a page of trips, newest first; the
 *   next page's cursor travels in X-Next-Cursor (the body is the spec's array).
 * - GET /admin/rides/counts: trip counts by admin status, for the tiles and
 *   "Showing X of Y trips", read from counters.
 * - DELETE /rides/{id}: removes a trip and every index entry.
 */
import { Hono } from "hono";
import { getTripCounts, listRidesByTripStatus } from "../../kv/ride_stats.ts";
import { listRides } from "../../kv/ride_reads.ts";
import { deleteRide } from "../../kv/rides.ts";
import { isTripStatus, toTrip, TRIP_STATUSES } from "../../lib/trips.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { rideEventLogger } from "./rides.ts";

export function adminRidesApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
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
      return c.json({ error: `Status must be one of: ${TRIP_STATUSES.join(", ")}` }, 400);
    }
    const tenant = c.get("tenant").code;
    let page;
    try {
      page = status
        ? await listRidesByTripStatus(kv, tenant, status, { limit, cursor })
        : await listRides(kv, tenant, { limit, cursor });
    } catch {
      return c.json({ error: "Invalid cursor" }, 400);
    }
    if (page.cursor) c.header("x-next-cursor", page.cursor);
    return c.json(page.values.map(toTrip));
  });

  app.get("/admin/rides/counts", ...admin, async (c) => {
    return c.json(await getTripCounts(kv, c.get("tenant").code));
  });

  app.delete("/rides/:id", ...admin, rideId, async (c) => {
    const ride = await deleteRide(kv, c.get("tenant").code, c.req.param("id"), clock.now(), c.get("user").id);
    if (!ride) return c.json({ error: "Ride not found" }, 404);
    rideEvent(c, "ride.deleted", ride, ride.status, "deleted");
    return c.json({ ok: true });
  });

  return app;
}
