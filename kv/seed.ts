/**
 * The embedded default: on the first start against an empty KV, create the
 * demo tenant so a fresh machine shows a working service.
 */
import type { Schedule, Tenant } from "../lib/schemas.ts";
import type { PlaceInput } from "../lib/places.ts";
import { keys } from "./keys.ts";
import { changeRole } from "./members.ts";
import { createPlace } from "./places.ts";
import { forgetTenants } from "./tenants.ts";
import { getOrCreateUserByPhone } from "./users.ts";

/** Demo staff of the demo tenant (555-01xx numbers are reserved for fiction). */
export const DEMO_ADMIN_PHONE = "8645550100";
export const DEMO_DRIVER_PHONE = "8645550101";

const weekday = [{ start: "07:00", end: "19:00" }];

export const DEMO_SCHEDULE: Schedule = {
  "0": [],
  "1": weekday,
  "2": weekday,
  "3": weekday,
  "4": weekday,
  "5": weekday,
  "6": [],
};

export function demoTenant(now: number): Tenant {
  return {
    code: "greer",
    name: "City of Greer",
    timezone: "America/New_York",
    serviceArea: { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "downtown Greer" },
    createdAt: now,
  };
}

/** A few places inside the demo area, named plainly, so a newcomer meets the feature at once. */
export const DEMO_PLACES: PlaceInput[] = [
  { name: "City Hall", lat: 34.9366, lng: -82.2253, note: null },
  { name: "Greer Station", lat: 34.9384, lng: -82.2279, note: "Trade Street side" },
  { name: "Greer City Park", lat: 34.9372, lng: -82.2296, note: null },
  { name: "Public Library", lat: 34.9447, lng: -82.2237, note: "main entrance" },
];

/**
 * Creates the demo tenant when this KV has never been initialised and holds
 * no tenant. Returns the tenant it created, or null when there was nothing to do.
 * Safe to call from several processes at once: exactly one commit wins.
 */
export async function seedDemoTenant(kv: Deno.Kv, now: number): Promise<Tenant | null> {
  const marker = await kv.get(keys.meta("initialized"));
  if (marker.versionstamp !== null) return null;
  const existing = kv.list({ prefix: keys.tenants() }, { limit: 1 });
  const hasTenant = !(await existing.next()).done;
  const tenant = demoTenant(now);
  if (!hasTenant) {
    // The demo staff first (each step is idempotent): a crash before the commit below leaves the store
    // uninitialised, so the next start does it all again instead of leaving a tenant without its admin.
    for (const [phone, role] of [[DEMO_ADMIN_PHONE, "admin"], [DEMO_DRIVER_PHONE, "driver"]] as const) {
      const user = await getOrCreateUserByPhone(kv, phone, now);
      await changeRole(kv, { tenant: tenant.code, userId: user.id, role, add: true, now });
    }
  }
  const op = kv.atomic().check(marker).set(keys.meta("initialized"), { at: now });
  if (!hasTenant) {
    op.check({ key: keys.tenant(tenant.code), versionstamp: null })
      .set(keys.tenant(tenant.code), tenant)
      .set(keys.schedule(tenant.code), DEMO_SCHEDULE);
  }
  const res = await op.commit();
  forgetTenants(kv);
  if (!res.ok || hasTenant) return null;
  for (const place of DEMO_PLACES) await createPlace(kv, tenant.code, place, null, now);
  return tenant;
}
