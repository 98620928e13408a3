/**
 * The weekly schedule (spec sections 2 "Admin Schedule", 5):
 *
 * - GET /schedule → { schedule, closedDates }: public, like a timetable at a stop.
 * - PUT /admin/schedule {schedule, closedDates?}: admins; checked with
 *   lib/schedule_rules.ts (the editor runs the same checks before saving).
 *   Closed dates left out stay as they are.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { getClosedDates, getSchedule, setSchedule } from "../../kv/tenants.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import { checkClosedDates, checkSchedule } from "../../lib/schedule_rules.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";

const scheduleBody = z.object({ schedule: z.optional(z.unknown()), closedDates: z.optional(z.unknown()) });

export function scheduleApi(deps: AppDeps, auth: AuthServices) {
  const { kv } = deps;
  const log = deps.log!;
  const app = new Hono<Env>();
  const { admin: admins } = roleGuards(deps, auth);
  // Seven days of at most 12 slots is about 2 KiB of JSON.
  const small = smallBody(16 * 1024);

  app.get("/schedule", async (c) => {
    const code = c.get("tenant").code;
    const [schedule, closedDates] = await Promise.all([getSchedule(kv, code), getClosedDates(kv, code)]);
    return c.json({ schedule, closedDates });
  });

  app.put("/admin/schedule", ...admins, small, jsonBody(scheduleBody), async (c) => {
    // The rules word their refusals with the translate function they are given: the request's language.
    const body = c.req.valid("json");
    const checked = checkSchedule(body.schedule, translator(c.get("lang")));
    if (!checked.ok) return c.json({ error: checked.issues[0].message }, 400);
    const closed = body.closedDates === undefined
      ? null
      : checkClosedDates(body.closedDates, translator(c.get("lang")));
    if (closed && !closed.ok) return c.json({ error: closed.message }, 400);
    const tenant = c.get("tenant").code;
    const audit = { by: c.get("user").id, now: deps.clock.now() };
    await setSchedule(kv, tenant, checked.schedule, audit, closed?.dates);
    const slots = Object.values(checked.schedule).reduce((n, day) => n + (day?.length ?? 0), 0);
    log({ event: "schedule.saved", tenant, by: c.get("user").id, slots, requestId: c.get("requestId") });
    return c.json({ schedule: checked.schedule, closedDates: closed?.dates ?? await getClosedDates(kv, tenant) });
  });

  return app;
}
