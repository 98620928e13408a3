/**
 * The dispatcher's calls (dispatchers, admins and super admins):
 *
 * - GET /dispatch/state → {vehicles: [{vehicle, driver: {id, name}, position, seatsInUse, wheelchairsInUse, stops}],
 *   queue: [ride]}: every online vehicle and the rides waiting with no driver, oldest first.
 */
import { Hono } from "hono";
import { dispatchState } from "../../domain/dispatch/fleet_state.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { roleGuards } from "../../server/middleware/auth.ts";

export function dispatchApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const app = new Hono<Env>();
  const { dispatcher } = roleGuards(deps, auth);

  app.get("/dispatch/state", ...dispatcher, async (c) => {
    return c.json(await dispatchState(kv, c.get("tenant").code, clock.now()));
  });

  return app;
}
