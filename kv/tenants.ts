import type { Schedule, Tenant } from "../lib/schemas.ts";
import { keys } from "./keys.ts";

/** The tenant with this code, or null. */
export async function getTenant(kv: Deno.Kv, code: string): Promise<Tenant | null> {
  return (await kv.get<Tenant>(keys.tenant(code))).value;
}

/**
 * Creates a tenant and its schedule in one commit.
 * Returns false (and writes nothing) when the code is taken.
 */
export async function createTenant(kv: Deno.Kv, tenant: Tenant, schedule: Schedule): Promise<boolean> {
  const res = await kv.atomic()
    .check({ key: keys.tenant(tenant.code), versionstamp: null })
    .set(keys.tenant(tenant.code), tenant)
    .set(keys.schedule(tenant.code), schedule)
    .commit();
  return res.ok;
}

export async function listTenants(kv: Deno.Kv): Promise<Tenant[]> {
  const out: Tenant[] = [];
  for await (const entry of kv.list<Tenant>({ prefix: keys.tenants() })) out.push(entry.value);
  return out;
}

export async function getSchedule(kv: Deno.Kv, tenant: string): Promise<Schedule> {
  return (await kv.get<Schedule>(keys.schedule(tenant))).value ?? {};
}

/** Replaces the tenant's weekly schedule (validated by the caller with lib/schedule_rules.ts). */
export async function setSchedule(kv: Deno.Kv, tenant: string, schedule: Schedule): Promise<void> {
  await kv.set(keys.schedule(tenant), schedule);
}
