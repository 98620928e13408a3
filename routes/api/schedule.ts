/**
 * The weekly schedule (spec sections 2 "Admin Schedule", 5):
 *
 * - GET /schedule → { schedule }: public, like a timetable at a stop.
 * - PUT /admin/schedule {schedule}: admins; checked with lib/schedule_rules.ts
 *   (the editor runs the same checks before saving).
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { getSchedule, setSchedule } from "../../kv/tenants.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import { checkSchedule } from "../../lib/schedule_rules.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";

const scheduleBody = z.object({ schedule: z.optional(z.unknown()) });

export function scheduleApi(deps: AppDeps, auth: AuthServices) {
  const { kv } = deps;
  const log = deps.log!;
  const app = new Hono<Env>();
  const { admin: admins } = roleGuards(deps, auth);
  // Seven days of at most 12 slots is about 2 KiB of JSON.
  const small = smallBody(16 * 1024);

  app.get("/schedule", async (c) => c.json({ schedule: await getSchedule(kv, c.get("tenant").code) }));

  app.put("/admin/schedule", ...admins, small, jsonBody(scheduleBody), async (c) => {
    // The rules word their refusals with the translate function they are given: the request's language.
    const checked = checkSchedule(c.req.valid("json").schedule, translator(c.get("lang")));
    if (!checked.ok) return c.json({ error: checked.issues[0].message }, 400);
    const tenant = c.get("tenant").code;
    await setSchedule(kv, tenant, checked.schedule, { by: c.get("user").id, now: deps.clock.now() });
    const slots = Object.values(checked.schedule).reduce((n, day) => n + (day?.length ?? 0), 0);
    log({ event: "schedule.saved", tenant, by: c.get("user").id, slots, requestId: c.get("requestId") });
    return c.json({ schedule: checked.schedule });
  });

  return app;
}
