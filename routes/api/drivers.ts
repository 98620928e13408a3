/**
 * Drivers (spec sections 3 Driver, 6, 7): availability, location reports,
 * the tenant's vehicles to drive, and the list riders see. Availability,
 * location and vehicles need the driver or admin role; what a report does is
 * domain/rides/driver_reports.ts. `wheelchairAccessible` is answered as the
 * offers read it: a named vehicle's wheelchair spaces, else the driver's word
 * (kv/drivers.ts wheelchairReader).
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { type DriverState, getDriverState, listAvailableDrivers, wheelchairReader } from "../../kv/drivers.ts";
import { vehiclesToDrive } from "../../kv/driver_vehicles.ts";
import { isRefusal } from "../../domain/refusal.ts";
import { reportLocation, setAvailability } from "../../domain/rides/driver_reports.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";
import { noticeDeps } from "../../server/rider_updates.ts";

const availabilityBody = z.object({
  isAvailable: z.optional(z.unknown()),
  location: z.optional(z.unknown()),
  wheelchairAccessible: z.optional(z.unknown()),
  vehicleId: z.optional(z.unknown()),
});
const locationBody = z.object({ location: z.optional(z.unknown()) });

export function driversApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const notices = noticeDeps(deps);
  const app = new Hono<Env>();
  const { driver: drivers, member: members } = roleGuards(deps, auth);
  const small = smallBody(2048);
  const takes = (tenant: string, state: DriverState | null) => wheelchairReader(kv, tenant)(state);

  app.get("/drivers/availability", ...drivers, async (c) => {
    const state = await getDriverState(kv, c.get("tenant").code, c.get("user").id);
    return c.json({
      isAvailable: state?.isAvailable ?? false,
      wheelchairAccessible: await takes(c.get("tenant").code, state),
      ...(state?.vehicleId && { vehicleId: state.vehicleId }),
    });
  });

  app.put("/drivers/availability", ...drivers, small, jsonBody(availabilityBody), async (c) => {
    const answer = await setAvailability(notices, c.get("tenant"), c.get("user"), c.req.valid("json"));
    if (isRefusal(answer)) return refusalAnswer(c, answer);
    const state = answer.value;
    deps.log!({
      event: "driver.availability",
      tenant: c.get("tenant").code,
      userId: c.get("user").id,
      to: state.isAvailable ? "available" : "unavailable",
      requestId: c.get("requestId"),
    });
    return c.json({
      isAvailable: state.isAvailable,
      location: state.location,
      wheelchairAccessible: await takes(c.get("tenant").code, state),
      ...(state.vehicleId && { vehicleId: state.vehicleId }),
    });
  });

  app.get("/drivers/vehicles", ...drivers, async (c) => {
    return c.json(await vehiclesToDrive(kv, c.get("tenant").code, c.get("user").id, clock.now()));
  });

  app.put("/users/location", ...drivers, small, jsonBody(locationBody), async (c) => {
    const answer = await reportLocation(notices, c.get("tenant"), c.get("user"), c.req.valid("json").location);
    if (isRefusal(answer)) return refusalAnswer(c, answer);
    return c.json({ location: answer.value });
  });

  app.get("/drivers/available", ...members, async (c) => {
    return c.json(await listAvailableDrivers(kv, c.get("tenant").code, clock.now()));
  });

  return app;
}
