/**
 * An organisation's settings, for its admins and super admins:
 *
 * - GET /admin/settings → { settings }: every field, with the defaults for
 *   what was never set (lib/tenant_settings.ts).
 * - PUT /admin/settings {any subset} → { settings }: checked with the same
 *   rules the settings page runs; a bad field answers 400 `{ error, field }`
 *   and changes nothing. Two changes are a super admin's alone, answered 403
 *   `{ error, field }` for the organisation's own admins: more than 2,000
 *   sign-in texts an hour (`smsPerHour`), and the regions its texts may
 *   reach (`smsRegions`); sending the value it has already changes nothing
 *   and is let through. The change is audited and takes effect at once: the
 *   tenant is read again on the next request (kv/tenants.ts forgets it), and
 *   pages are cached by name, area and colour.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { updateTenant } from "../../kv/tenants.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import {
  ADMIN_SMS_PER_HOUR_MAX,
  readSettings,
  settingsOf,
  type SettingsRead,
  type TenantSettings,
} from "../../lib/tenant_settings.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { roleGuards } from "../../server/middleware/auth.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";

const settingsBody = z.record(z.string(), z.unknown());

/** The server words its refusals in English; server/middleware/language.ts puts them into the request's language. */
const ENGLISH = translator("en");

/** The fields whose values changed, for the audit trail (contact details as "changed", not their values). */
function changedFields(before: TenantSettings, after: TenantSettings): string[] {
  return (Object.keys(after) as (keyof TenantSettings)[])
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

/**
 * What a change asks of its sender that only a super admin may give (texts cost the provider, and where they go
 * decides what they cost): null when an organisation's own admin may make it.
 */
function superOnly(
  change: Extract<SettingsRead, { ok: true }>["value"],
  now: TenantSettings,
): { field: string; error: string } | null {
  const perHour = change.smsPerHour;
  if (perHour !== undefined && perHour > ADMIN_SMS_PER_HOUR_MAX && perHour !== now.smsPerHour) {
    return {
      field: "smsPerHour",
      error: ENGLISH("Only a super admin may allow more than {max} sign-in texts an hour", {
        max: ADMIN_SMS_PER_HOUR_MAX.toLocaleString("en-US"),
      }),
    };
  }
  if (change.smsRegions !== undefined && change.smsRegions.join() !== now.smsRegions.join()) {
    return { field: "smsRegions", error: ENGLISH("Only a super admin may change where texts may go") };
  }
  return null;
}

export function settingsApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock } = deps;
  const log = deps.log!;
  const app = new Hono<Env>();
  const { admin } = roleGuards(deps, auth);
  const small = smallBody(4096);

  app.get("/admin/settings", ...admin, (c) => c.json({ settings: settingsOf(c.get("tenant")) }));

  app.put("/admin/settings", ...admin, small, jsonBody(settingsBody), async (c) => {
    const read = readSettings(c.req.valid("json"), ENGLISH, settingsOf(c.get("tenant")).noShow);
    if (!read.ok) return c.json({ error: read.error, field: read.field }, 400);
    const refused = c.get("user").isSuper ? null : superOnly(read.value, settingsOf(c.get("tenant")));
    if (refused) return c.json(refused, 403);
    const code = c.get("tenant").code;
    const by = c.get("user").id;
    const now = clock.now();
    let fields: string[] = [];
    const tenant = await updateTenant(kv, code, (t) => ({ ...t, ...read.value }), (before, after) => {
      fields = changedFields(settingsOf(before), settingsOf(after));
      return fields.length ? { at: now, action: "settings.changed", by, target: code, details: { fields } } : null;
    });
    if (!tenant) return c.json({ error: "Organization not found" }, 404);
    log({ event: "settings.changed", tenant: code, by, fields, requestId: c.get("requestId") });
    return c.json({ settings: settingsOf(tenant) });
  });

  return app;
}
