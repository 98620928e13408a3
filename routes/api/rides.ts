/**
 * Rides (spec sections 3, 4, 5, 7). The server is the authority: every rule
 * a screen shows is enforced by the use cases (domain/rides/), and each
 * change commits with its indexes and feed entry in one atomic write
 * (kv/rides.ts). A handler reads its input, calls one use case and answers
 * its ride or its refusal.
 */
import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import { driverTakesWheelchair } from "../../kv/drivers.ts";
import { offeredInList } from "../../lib/ride_offers.ts";
import { listActiveRides } from "../../kv/ride_reads.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { recentActiveRideOf } from "../../kv/rides.ts";
import { listUpcoming } from "../../kv/bookings.ts";
import { getClosedDates, getSchedule } from "../../kv/tenants.ts";
import type { Ride } from "../../lib/rides.ts";
import { compareForDriver } from "../../lib/rides.ts";
import { can } from "../../lib/roles.ts";
import { isRefusal, refuse } from "../../domain/refusal.ts";
import { changeRide } from "../../domain/rides/change.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { moveRide } from "../../domain/rides/move.ts";
import { requestRide } from "../../domain/rides/request.ts";
import { rideMoved, trackRide } from "../../domain/rides/tell_rider.ts";
import { tellDrivers } from "../../domain/push/tell_drivers.ts";
import { riderShuttle } from "../../domain/rides/rider_view.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";
import { noticeDeps } from "../../server/rider_updates.ts";

const rideRequest = z.object({
  pickup: z.optional(z.unknown()),
  dropoff: z.optional(z.unknown()),
  destination: z.optional(z.unknown()),
  passengerCt: z.optional(z.unknown()),
  pickupPlaceId: z.optional(z.unknown()),
  dropoffPlaceId: z.optional(z.unknown()),
  scheduledFor: z.optional(z.unknown()),
  arriveBy: z.optional(z.unknown()),
  needs: z.optional(z.unknown()),
  note: z.optional(z.unknown()),
});
/** A PUT either moves the ride (`status` alone) or changes the rider's ride (domain/rides/change.ts). */
const rideChange = z.object({ ...rideRequest.shape, status: z.optional(z.unknown()) });
export const STATUS_AND_CHANGE_TEXT: Text = "Send status alone, or the ride's changes without it";

/** Logs a ride's change and counts it (ride.requested, ride.status, ride.deleted). */
export function rideEventLogger(deps: AppDeps) {
  const log = deps.log!;
  return (c: Context<Env>, event: string, ride: Ride, from: string | null, to: string) => {
    deps.metrics?.rideChanges.inc({ tenant: ride.tenant, to });
    log({
      event,
      tenant: ride.tenant,
      userId: c.get("user").id,
      rideId: ride.id,
      from,
      to,
      requestId: c.get("requestId"),
    });
  };
}

export function ridesApi(deps: AppDeps, auth: AuthServices) {
  const { kv } = deps;
  const notices = noticeDeps(deps);
  const app = new Hono<Env>();
  const { member, driver } = roleGuards(deps, auth);
  const small = smallBody();
  const rideId = idParam("id", "Ride not found");

  const rideEvent = rideEventLogger(deps);

  app.post("/rides", ...member, small, jsonBody(rideRequest), async (c) => {
    const answer = await requestRide(deps, c.get("tenant"), c.get("user"), c.req.valid("json"));
    if (isRefusal(answer)) return refusalAnswer(c, answer);
    rideEvent(c, "ride.requested", answer.value, null, answer.value.status);
    // Planned at once (automatic dispatch): the rider hears who is coming, as when a driver accepts.
    if (answer.value.status === "accepted") void rideMoved(notices, c.get("tenant"), answer.value);
    // Drivers online hear of a new request (drivers mode); the planned vehicle's driver, of a rider added.
    void tellDrivers(notices, c.get("tenant"), answer.value);
    return c.json({ ride: answer.value }, 201);
  });

  // The rider's bookings, soonest first, and what the Later choice needs to offer only bookable times.
  app.get("/rides/upcoming", ...member, async (c) => {
    const tenant = c.get("tenant");
    const [rides, schedule, closedDates] = await Promise.all([
      listUpcoming(kv, tenant.code, c.get("user").id),
      getSchedule(kv, tenant.code),
      getClosedDates(kv, tenant.code),
    ]);
    const maxDaysAhead = settingsOf(tenant).maxDaysAhead;
    const booking = { timezone: tenant.timezone, maxDaysAhead, schedule, closedDates };
    return c.json({ rides, booking });
  });

  // The rider's driver's position and arrival time ride along (null when the ride is not tracked), and in automatic
  // dispatch the vehicle's name, whether the ride is shared and the pickup window (domain/rides/rider_view.ts).
  app.get("/rides/my", ...member, async (c) => {
    const tenant = c.get("tenant");
    const ride = await recentActiveRideOf(kv, tenant.code, c.get("user").id);
    if (!ride) return c.json(null);
    const [tracking, shuttle] = await Promise.all([trackRide(notices, ride), riderShuttle(kv, tenant, ride)]);
    return c.json({ ...ride, ...tracking, ...shuttle });
  });

  app.put("/rides/:id", ...member, rideId, small, jsonBody(rideChange), async (c) => {
    const { status, ...change } = c.req.valid("json");
    const changing = Object.values(change).some((v) => v !== undefined);
    if (status !== undefined && changing) return refusalAnswer(c, refuse(400, STATUS_AND_CHANGE_TEXT));
    if (status === undefined) {
      const changed = await changeRide(deps, c.get("tenant"), c.get("user"), c.req.param("id"), change);
      if (isRefusal(changed)) return refusalAnswer(c, changed);
      const { id, tenant } = changed.value;
      deps.log?.({
        event: "ride.changed",
        tenant,
        userId: c.get("user").id,
        rideId: id,
        requestId: c.get("requestId"),
      });
      return c.json({ ride: changed.value });
    }
    const answer = await moveRide(notices, {
      tenant: c.get("tenant"),
      actor: c.get("user"),
      drives: can(c.get("roles"), "drive"),
      rideId: c.req.param("id"),
      to: status,
    });
    if (isRefusal(answer)) return refusalAnswer(c, answer);
    const { ride, from, changed } = answer.value;
    if (changed) rideEvent(c, "ride.status", ride, from, ride.status);
    return c.json({ ride });
  });

  app.get("/driver/rides", ...driver, async (c) => {
    const me = c.get("user").id;
    const tenant = c.get("tenant").code;
    // A wheelchair ride is offered only to a driver whose vehicle takes one.
    const accessible = await driverTakesWheelchair(kv, tenant, me);
    const rides = (await listActiveRides(kv, tenant))
      .filter((r) => offeredInList(r, me, accessible))
      .sort(compareForDriver);
    return c.json(rides);
  });

  return app;
}
