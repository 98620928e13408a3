/**
 * An organisation's settings changed by its admin, a super admin or the
 * admin CLI: the settings page's rules (domain/tenants/settings_rules.ts),
 * then what only the provider may give (texts cost the provider, and where
 * they go decides what they cost): more than ADMIN_SMS_PER_HOUR_MAX sign-in
 * texts an hour, and the regions its texts may reach. Sending the value it
 * already has changes nothing and is let through. Audited, and read again at
 * once by every request (kv/tenants.ts forgets it).
 */
import type { Store } from "../../kv/store.ts";
import { listTenants, updateTenant } from "../../kv/tenants.ts";
import { can, type Role } from "../../lib/roles.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { ADMIN_SMS_PER_HOUR_MAX, settingsOf, type TenantSettings } from "../../lib/tenant_settings.ts";
import { done, type Outcome, type Refusal, refuse, refuseField } from "../refusal.ts";
import { checkSettings, type SettingsChange } from "./settings_rules.ts";

/** The fields whose values changed, for the audit trail (contact details as "changed", not their values). */
function changedFields(before: TenantSettings, after: TenantSettings): string[] {
  return (Object.keys(after) as (keyof TenantSettings)[])
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

/** What `change` asks that only the provider may give, refused 403 naming the field; null when an admin may. */
function providerOnly(change: SettingsChange, now: TenantSettings): Refusal | null {
  const perHour = change.smsPerHour;
  if (perHour !== undefined && perHour > ADMIN_SMS_PER_HOUR_MAX && perHour !== now.smsPerHour) {
    return refuseField(403, "smsPerHour", "Only a super admin may allow more than {max} sign-in texts an hour", {
      max: ADMIN_SMS_PER_HOUR_MAX.toLocaleString("en-US"),
    });
  }
  if (change.smsRegions !== undefined && change.smsRegions.join() !== now.smsRegions.join()) {
    return refuseField(403, "smsRegions", "Only a super admin may change where texts may go");
  }
  return null;
}

export interface SettingsChanged {
  tenant: Tenant;
  /** The settings it changed, by name (none when every value was the one it had). */
  fields: string[];
}

/**
 * Applies `body` (any subset of the settings) to the tenant `code`, as `by`
 * holding `roles` there (the admin CLI passes "super": the operator may give
 * what the provider gives). A bad field is 400, a provider's field 403, both
 * naming the field; nothing is written then.
 */
export async function changeSettings(
  kv: Store,
  { tenant, body, by, roles, now }: {
    tenant: Tenant;
    body: Record<string, unknown>;
    by: string;
    roles: readonly Role[];
    now: number;
  },
): Promise<Outcome<SettingsChanged>> {
  const current = settingsOf(tenant);
  const read = checkSettings(body, current.noShow);
  if (read.refused) return read;
  const refused = can(roles, "runProvider") ? null : providerOnly(read.value, current);
  if (refused) return refused;
  // A number's texts must reach one organisation: the one whose number it is.
  const number = read.value.smsNumber;
  if (number && number !== current.smsNumber && (await listTenants(kv)).some((t) => t.smsNumber === number)) {
    return refuseField(409, "smsNumber", "Another organization already texts from this number");
  }
  let fields: string[] = [];
  const code = tenant.code;
  const changed = await updateTenant(kv, code, (t) => ({ ...t, ...read.value }), (before, after) => {
    fields = changedFields(settingsOf(before), settingsOf(after));
    return fields.length ? { at: now, action: "settings.changed", by, target: code, details: { fields } } : null;
  });
  if (!changed) return refuse(404, "Organization not found");
  return done({ tenant: changed, fields });
}
