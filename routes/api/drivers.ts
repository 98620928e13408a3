/**
 * Drivers (spec sections 3 Driver, 6, 7): availability, location reports and
 * the list riders see. Availability and location need the driver or admin role.
 * A location within reach of a waiting ride's pickup records the arrival the
 * no-show wait counts from (kv/pickup_arrivals.ts).
 */
import { isPaused, pausedText } from "../../lib/service_status.ts";
import { Hono } from "hono";
import * as z from "zod/mini";
import { getDriverState, listAvailableDrivers, setDriverState } from "../../kv/drivers.ts";
import { isPoint } from "../../lib/geo.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { driverMoved, noticeDeps } from "../../server/rider_updates.ts";

const INVALID_LOCATION = "Location must have numeric lat and lng";
const availabilityBody = z.object({
  isAvailable: z.optional(z.unknown()),
  location: z.optional(z.unknown()),
  wheelchairAccessible: z.optional(z.unknown()),
});
const locationBody = z.object({ location: z.optional(z.unknown()) });
/** The tenant's wait at a pickup before a no-show: a report that reaches a pickup fixes it on the ride. */
const waitMs = (tenant: Tenant) => settingsOf(tenant).noShow.waitMinutes * 60_000;

export function driversApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const notices = noticeDeps(deps);
  const app = new Hono<Env>();
  const { driver: drivers, member: members } = roleGuards(deps, auth);
  const small = smallBody(2048);

  app.get("/drivers/availability", ...drivers, async (c) => {
    const state = await getDriverState(kv, c.get("tenant").code, c.get("user").id);
    return c.json({ isAvailable: state?.isAvailable ?? false, wheelchairAccessible: !!state?.wheelchairAccessible });
  });

  app.put("/drivers/availability", ...drivers, small, jsonBody(availabilityBody), async (c) => {
    const { isAvailable, location, wheelchairAccessible } = c.req.valid("json");
    if (typeof isAvailable !== "boolean") return c.json({ error: "isAvailable must be true or false" }, 400);
    // Absent keeps what the driver said last (no, until they say).
    if (wheelchairAccessible !== undefined && typeof wheelchairAccessible !== "boolean") {
      return c.json({ error: "wheelchairAccessible must be true or false" }, 400);
    }
    const tenant = c.get("tenant");
    // A paused service: drivers may go offline, not online.
    if (isAvailable && isPaused(tenant)) return c.json({ error: pausedText(tenant) }, 503);
    if (location !== undefined && location !== null && !isPoint(location)) {
      return c.json({ error: INVALID_LOCATION }, 400);
    }
    const state = await setDriverState(kv, {
      tenant: tenant.code,
      timeZone: tenant.timezone,
      userId: c.get("user").id,
      isAvailable,
      location: location ? { lat: location.lat, lng: location.lng } : undefined,
      now: clock.now(),
      wheelchairAccessible,
      pickupWaitMs: waitMs(tenant),
    });
    deps.log!({
      event: "driver.availability",
      tenant: c.get("tenant").code,
      userId: c.get("user").id,
      to: isAvailable ? "available" : "unavailable",
      requestId: c.get("requestId"),
    });
    if (state.location && location) void driverMoved(notices, tenant, c.get("user").id, state.location);
    return c.json({
      isAvailable: state.isAvailable,
      location: state.location,
      wheelchairAccessible: !!state.wheelchairAccessible,
    });
  });

  app.put("/users/location", ...drivers, small, jsonBody(locationBody), async (c) => {
    const { location } = c.req.valid("json");
    if (!isPoint(location)) return c.json({ error: INVALID_LOCATION }, 400);
    const tenant = c.get("tenant");
    const state = await setDriverState(kv, {
      tenant: tenant.code,
      timeZone: tenant.timezone,
      userId: c.get("user").id,
      location: { lat: location.lat, lng: location.lng },
      now: clock.now(),
      pickupWaitMs: waitMs(tenant),
    });
    // A rider waiting for this driver may be due a text (almost there, here, running late), after the answer.
    void driverMoved(notices, tenant, c.get("user").id, state.location!);
    return c.json({ location: state.location });
  });

  app.get("/drivers/available", ...members, async (c) => {
    return c.json(await listAvailableDrivers(kv, c.get("tenant").code, clock.now()));
  });

  return app;
}
