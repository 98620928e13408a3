/**
 * The vehicles' plans of automatic dispatch (domain/dispatch/plan_views.ts):
 *
 * - GET /drivers/plan → {vehicle, stops: [{rideId, kind, point, name, passengerCt, needs, plannedAt}]}: the signed-in
 *   driver's vehicle and its stops still to do, in order (vehicle null and stops [] when they hold none).
 * - GET /admin/plans → [{vehicle, driver: {id, name, phoneNumber}, stops, updatedAt}]: every online vehicle's plan.
 */
import { Hono } from "hono";
import { driverPlan, vehiclePlans } from "../../domain/dispatch/plan_views.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";

export function plansApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const app = new Hono<Env>();
  const { driver, admin } = roleGuards(deps, auth);

  app.get("/drivers/plan", ...driver, async (c) => {
    return c.json(await driverPlan(kv, c.get("tenant").code, c.get("user").id));
  });

  app.get("/admin/plans", ...admin, async (c) => {
    return c.json(await vehiclePlans(kv, c.get("tenant").code, clock.now()));
  });

  return app;
}
