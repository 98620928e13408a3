/**
 * An organisation's settings, for its admins and super admins:
 *
 * - GET /admin/settings → { settings }: every field, with the defaults for
 *   what was never set (lib/tenant_settings.ts).
 * - PUT /admin/settings {any subset} → { settings }: the rules and who may
 *   change what are domain/tenants/change_settings.ts's; a bad field answers
 *   400 `{ error, field }`, one only a super admin may change 403
 *   `{ error, field }`, and nothing changes. Pages are cached by name, area
 *   and colour, so a change shows at once.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { changeSettings } from "../../domain/tenants/change_settings.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";

const settingsBody = z.record(z.string(), z.unknown());

export function settingsApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const log = deps.log!;
  const app = new Hono<Env>();
  const { admin } = roleGuards(deps, auth);
  const small = smallBody(4096);

  app.get("/admin/settings", ...admin, (c) => c.json({ settings: settingsOf(c.get("tenant")) }));

  app.put("/admin/settings", ...admin, small, jsonBody(settingsBody), async (c) => {
    const by = c.get("user").id;
    const changed = await changeSettings(kv, {
      tenant: c.get("tenant"),
      body: c.req.valid("json"),
      by,
      roles: c.get("roles"),
      now: clock.now(),
    });
    if (changed.refused) return refusalAnswer(c, changed);
    const { tenant, fields } = changed.value;
    log({ event: "settings.changed", tenant: tenant.code, by, fields, requestId: c.get("requestId") });
    return c.json({ settings: settingsOf(tenant) });
  });

  return app;
}
