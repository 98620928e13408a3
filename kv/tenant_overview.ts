/**
 * The provider's view of the organisations (the console at
 * /super): each tenant with its member count and rides of the last 7 days;
 * pausing and resuming one, committed with its audit record. Creating one is
 * domain/tenants/create.ts.
 */
import type { Store } from "./store.ts";
import { ulid } from "../lib/ids.ts";
import type { Tenant, TenantStatus } from "../lib/schemas.ts";
import { type DriverState, setDriverState } from "./drivers.ts";
import { keys } from "./keys.ts";
import { listTenants, updateTenant } from "./tenants.ts";

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface TenantOverview {
  code: string;
  name: string;
  status: TenantStatus;
  members: number;
  ridesLast7Days: number;
  createdAt: number;
}

async function count(iter: Deno.KvListIterator<unknown>): Promise<number> {
  let n = 0;
  for await (const _ of iter) n++;
  return n;
}

/** Every tenant by code, with its members and the rides asked for in the last 7 days (ride ids sort by time). */
export async function listTenantOverview(kv: Store, now: number): Promise<TenantOverview[]> {
  const since = ulid(Math.max(0, now - WEEK_MS)).slice(0, 10);
  return await Promise.all((await listTenants(kv)).map(async (t) => ({
    code: t.code,
    name: t.name,
    status: t.status ?? "active",
    members: await count(kv.list({ prefix: keys.members(t.code) })),
    ridesLast7Days: await count(kv.list({ prefix: keys.rides(t.code), start: keys.ride(t.code, since) })),
    createdAt: t.createdAt,
  })));
}

/**
 * Pauses or resumes the tenant, audited (none when it already was); null when
 * there is no such tenant. Pausing takes every online driver offline (their
 * screens hear the pause live and show the switch off), so riders see no
 * shuttle and nobody waits for one.
 */
export async function setTenantStatus(
  kv: Store,
  code: string,
  status: TenantStatus,
  { by, now }: { by: string; now: number },
): Promise<Tenant | null> {
  const tenant = await updateTenant(
    kv,
    code,
    (t) => ({ ...t, status }),
    (before) =>
      (before.status ?? "active") === status ? null : {
        at: now,
        action: status === "suspended" ? "tenant.suspended" : "tenant.activated",
        by,
        target: code,
        details: {},
      },
  );
  if (tenant && status === "suspended") await takeDriversOffline(kv, code, tenant.timezone, now);
  return tenant;
}

/** Every driver of the tenant who is online goes offline (their last location is kept). */
async function takeDriversOffline(kv: Store, tenant: string, timeZone: string, now: number): Promise<void> {
  for await (const e of kv.list<DriverState>({ prefix: keys.drivers(tenant) })) {
    if (e.value.isAvailable) {
      await setDriverState(kv, { tenant, timeZone, userId: e.value.userId, isAvailable: false, now });
    }
  }
}
