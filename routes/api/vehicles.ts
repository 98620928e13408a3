/**
 * A tenant's vehicles, for its admins (domain/vehicles/manage.ts):
 *
 * - GET /admin/vehicles → [{id, name, seats, wheelchairSpaces}] sorted by name.
 * - POST /admin/vehicles {name, seats, wheelchairSpaces} → 201 {vehicle}.
 * - PUT /admin/vehicles/{id} (the same fields) → {vehicle}.
 * - DELETE /admin/vehicles/{id} → 204.
 *
 * A wrong field is 400 naming it, a taken name 409; another tenant's
 * vehicle id, like an unknown one, is 404.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { addVehicle, changeVehicle, removeVehicle, type VehicleAct } from "../../domain/vehicles/manage.ts";
import { listVehicles } from "../../kv/vehicles.ts";
import { VEHICLE_NOT_FOUND } from "../../lib/vehicles.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import type { Context } from "hono";
import { smallBody } from "../../server/middleware/body_size.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { idParam } from "../../server/middleware/id_param.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";

const vehicleBody = z.object({
  name: z.optional(z.unknown()),
  seats: z.optional(z.unknown()),
  wheelchairSpaces: z.optional(z.unknown()),
});

export function vehiclesApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const useCase = { kv, log: deps.log! };
  const app = new Hono<Env>();
  const { admin } = roleGuards(deps, auth);
  const small = smallBody(1024);
  const vehicleId = idParam("id", VEHICLE_NOT_FOUND);
  const act = (c: Context<Env>): VehicleAct => ({
    tenant: c.get("tenant").code,
    by: c.get("user").id,
    now: clock.now(),
  });

  app.get("/admin/vehicles", ...admin, async (c) => c.json(await listVehicles(kv, c.get("tenant").code)));

  app.post("/admin/vehicles", ...admin, small, jsonBody(vehicleBody), async (c) => {
    const out = await addVehicle(useCase, act(c), c.req.valid("json"));
    return out.refused ? refusalAnswer(c, out) : c.json({ vehicle: out.value }, 201);
  });

  app.put("/admin/vehicles/:id", ...admin, vehicleId, small, jsonBody(vehicleBody), async (c) => {
    const out = await changeVehicle(useCase, act(c), c.req.param("id"), c.req.valid("json"));
    return out.refused ? refusalAnswer(c, out) : c.json({ vehicle: out.value });
  });

  app.delete("/admin/vehicles/:id", ...admin, vehicleId, async (c) => {
    const out = await removeVehicle(useCase, act(c), c.req.param("id"));
    return out.refused ? refusalAnswer(c, out) : c.body(null, 204);
  });

  return app;
}
