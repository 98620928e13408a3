/**
 * Rides (spec sections 3, 4, 5, 7). The server is the authority:
 * every rule a screen shows is enforced here, and each change commits with
 * its indexes and feed entry in one atomic write (kv/rides.ts).
 */
import { isPaused, pausedText } from "../../lib/service_status.ts";
import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import { driversOnline, getDriverState } from "../../kv/drivers.ts";
import { NEEDS_ACCESSIBLE_VEHICLE, NO_ACCESSIBLE_SHUTTLE, readNeeds, readNote } from "../../lib/needs.ts";
import { needsAccessibleVehicle, offeredInList } from "../../lib/ride_offers.ts";
import { listActiveRides } from "../../kv/ride_reads.ts";
import { placesOfRequest } from "../../kv/places.ts";
import { noShowStanding } from "../../kv/no_shows.ts";
import { suspendedText } from "../../lib/no_show_texts.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { createRide, recentActiveRideOf, updateRideStatus } from "../../kv/rides.ts";
import { listUpcoming } from "../../kv/bookings.ts";
import { getSchedule } from "../../kv/tenants.ts";
import { checkScheduledFor, TOO_MANY_BOOKED_TEXT } from "../../lib/booking.ts";
import type { Ride } from "../../lib/rides.ts";
import { insideArea, outsideAreaText } from "../../lib/geo.ts";
import { UNKNOWN_PLACE_TEXT } from "../../lib/places.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import { ACTIVE_RIDE_TEXT, NO_DRIVERS_AT_REQUEST, readRequest, type TextRule } from "../../lib/ride_request.ts";
import { checkMove } from "../../lib/ride_moves.ts";
import { noShowRefusal } from "../../lib/no_show_wait.ts";
import { compareForDriver, isRideStatus, RIDE_STATUSES } from "../../lib/rides.ts";
import { hasHiddenCharacters, hiddenCharactersText } from "../../lib/schemas.ts";
import type { Role } from "../../lib/roles.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { noShowMarked, noticeDeps, rideMoved, trackRide } from "../../server/rider_updates.ts";

const rideRequest = z.object({
  pickup: z.optional(z.unknown()),
  dropoff: z.optional(z.unknown()),
  destination: z.optional(z.unknown()),
  passengerCt: z.optional(z.unknown()),
  pickupPlaceId: z.optional(z.unknown()),
  dropoffPlaceId: z.optional(z.unknown()),
  scheduledFor: z.optional(z.unknown()),
  needs: z.optional(z.unknown()),
  note: z.optional(z.unknown()),
});
const statusChange = z.object({ status: z.optional(z.unknown()) });

const drives = (roles: Role[]) => roles.some((r) => r === "driver" || r === "admin" || r === "super");

/** The server's own rule for stored text, on top of the request's shared rules (lib/ride_request.ts). */
/** The shared rules answer in English here; server/middleware/language.ts puts the answer in the request's language. */
const ENGLISH = translator("en");

const noHiddenCharacters: TextRule = (text, label) => hasHiddenCharacters(text) ? hiddenCharactersText(label) : null;

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
  const { kv, clock } = deps;
  const notices = noticeDeps(deps);
  const app = new Hono<Env>();
  const { member, driver } = roleGuards(deps, auth);
  const small = smallBody();
  const rideId = idParam("id", "Ride not found");

  const rideEvent = rideEventLogger(deps);

  app.post("/rides", ...member, small, jsonBody(rideRequest), async (c) => {
    const tenant = c.get("tenant");
    if (isPaused(tenant)) return c.json({ error: pausedText(tenant) }, 503);
    // A rider past the tenant's no-show limit is told until when, in their own language.
    const standing = await noShowStanding(kv, tenant.code, c.get("user").id, settingsOf(tenant).noShow, clock.now());
    if (standing.suspendedUntil) {
      return c.json({ error: suspendedText(standing, tenant.name, tenant.timezone, translator(c.get("lang"))) }, 403);
    }
    const body = c.req.valid("json");
    // A place id stands for its point and name as they are now; the rules below then apply to them.
    const places = await placesOfRequest(kv, tenant.code, body);
    if (!places) return c.json({ error: UNKNOWN_PLACE_TEXT }, 400);
    const parsed = readRequest({ ...body, ...places }, ENGLISH, noHiddenCharacters);
    if (!parsed.ok) return c.json({ error: parsed.error }, 400);
    const now = clock.now();
    // Booked ahead: the time is a body rule; no driver need be online for it.
    const booking = body.scheduledFor !== undefined && body.scheduledFor !== null;
    if (booking) {
      const refused = checkScheduledFor(body.scheduledFor, {
        now,
        maxDaysAhead: settingsOf(tenant).maxDaysAhead,
        timezone: tenant.timezone,
        schedule: await getSchedule(kv, tenant.code),
      }, ENGLISH);
      if (refused) return c.json({ error: refused }, 400);
    }
    // The rider's standing needs unless the request names this ride's, and a note for the driver.
    const user = c.get("user");
    // The signed-in user is read fresh for this request's auth (a profile write drops any reused copy at once).
    const standingNeeds = body.needs === undefined ? user.needs ?? [] : [];
    const needs = readNeeds(body.needs, standingNeeds, ENGLISH);
    if (!needs.ok) return c.json({ error: needs.error }, 400);
    const note = readNote(body.note, ENGLISH, (text) => noHiddenCharacters(text, "Note"));
    if (!note.ok) return c.json({ error: note.error }, 400);
    const { pickup, dropoff } = parsed.value;
    for (const point of dropoff ? [pickup, dropoff] : [pickup]) {
      if (!insideArea(point, tenant.serviceArea)) {
        return c.json({ error: outsideAreaText(tenant.serviceArea, ENGLISH) }, 400);
      }
    }
    // A ride for now needs a driver online, and a wheelchair ride one whose vehicle takes it, both
    // from one read; a booking's driver is found at its hand-over.
    if (!booking) {
      const accessible = needsAccessibleVehicle({ needs: needs.value });
      const online = await driversOnline(kv, tenant.code, now, { accessible });
      if (!online.any) return c.json({ error: NO_DRIVERS_AT_REQUEST }, 409);
      if (accessible && !online.accessible) {
        return c.json({ error: NO_ACCESSIBLE_SHUTTLE }, 409);
      }
    }
    const result = await createRide(kv, {
      tenant: tenant.code,
      creatorId: user.id,
      ...parsed.value,
      ...(places.pickupName && { pickupName: places.pickupName }),
      needs: needs.value,
      ...(note.value && { note: note.value }),
      rider: { name: user.name, phoneNumber: user.phoneNumber, photoUrl: user.photoUrl },
      ...(typeof body.scheduledFor === "number" && { scheduledFor: body.scheduledFor }),
      timeZone: tenant.timezone,
    }, now);
    if (!result.ok) {
      return c.json({ error: result.reason === "too_many_booked" ? TOO_MANY_BOOKED_TEXT : ACTIVE_RIDE_TEXT }, 409);
    }
    rideEvent(c, "ride.requested", result.ride, null, result.ride.status);
    return c.json({ ride: result.ride }, 201);
  });

  // The rider's bookings, soonest first, and what the Later choice needs to offer only bookable times.
  app.get("/rides/upcoming", ...member, async (c) => {
    const tenant = c.get("tenant");
    const [rides, schedule] = await Promise.all([
      listUpcoming(kv, tenant.code, c.get("user").id),
      getSchedule(kv, tenant.code),
    ]);
    const booking = { timezone: tenant.timezone, maxDaysAhead: settingsOf(tenant).maxDaysAhead, schedule };
    return c.json({ rides, booking });
  });

  // The rider's driver's position and arrival time ride along (null when the ride is not tracked).
  app.get("/rides/my", ...member, async (c) => {
    const ride = await recentActiveRideOf(kv, c.get("tenant").code, c.get("user").id);
    return c.json(ride && { ...ride, ...await trackRide(notices, ride) });
  });

  app.put("/rides/:id", ...member, rideId, small, jsonBody(statusChange), async (c) => {
    const to = c.req.valid("json").status;
    if (!isRideStatus(to)) return c.json({ error: `Status must be one of: ${RIDE_STATUSES.join(", ")}` }, 400);
    const tenant = c.get("tenant").code;
    const user = c.get("user");
    const actor = { userId: user.id, drives: drives(c.get("roles")) };
    const now = clock.now();
    const result = await updateRideStatus(kv, {
      tenant,
      id: c.req.param("id"),
      to,
      actorId: user.id,
      driver: { name: user.name, phoneNumber: user.phoneNumber },
      now,
      // `busy`: the ride's driver's in-progress slot holds another ride (kv/rides.ts checks it in the commit).
      decide: async (ride, { busy }) => {
        const check = checkMove(ride, to, actor, busy);
        // A wheelchair ride is offered only to vehicles that take one; taking it by the API is refused too.
        if (check.ok && to === "accepted" && needsAccessibleVehicle(ride)) {
          const state = await getDriverState(kv, tenant, user.id);
          if (!state?.wheelchairAccessible) return { ok: false, status: 409, error: NEEDS_ACCESSIBLE_VEHICLE };
        }
        // A no-show only after the wait at the pickup, as recorded on the ride (lib/no_show_wait.ts).
        const early = check.ok && to === "no-show" ? noShowRefusal(ride, now, ENGLISH) : null;
        if (early) return { ok: false, status: 409, error: early };
        return check;
      },
    });
    if (!result.ok) {
      if (result.reason === "not_found") return c.json({ error: "Ride not found" }, 404);
      return c.json({ error: result.error }, result.status);
    }
    if (result.changed) {
      rideEvent(c, "ride.status", result.ride, result.from, to);
      // The rider's texts go after the answer: a slow or failed text never holds up the move.
      if (to === "accepted" || to === "on-the-way") void rideMoved(notices, c.get("tenant"), result.ride);
      if (to === "no-show") void noShowMarked(notices, c.get("tenant"), result.ride);
    }
    return c.json({ ride: result.ride });
  });

  app.get("/driver/rides", ...driver, async (c) => {
    const me = c.get("user").id;
    const tenant = c.get("tenant").code;
    // A wheelchair ride is offered only to a driver whose vehicle takes one.
    const accessible = !!(await getDriverState(kv, tenant, me))?.wheelchairAccessible;
    const rides = (await listActiveRides(kv, tenant))
      .filter((r) => offeredInList(r, me, accessible))
      .sort(compareForDriver);
    return c.json(rides);
  });

  return app;
}
