/**
 * The provider's view of the organisations (the console at
 * /super): each tenant with its member count and rides of the last 7 days;
 * creating one with its first admin; pausing and resuming one. Each write
 * commits with its audit record.
 */
import { ulid } from "../lib/ids.ts";
import type { Schedule, Tenant, TenantStatus } from "../lib/schemas.ts";
import { addAudit } from "./audit.ts";
import { type DriverState, setDriverState } from "./drivers.ts";
import { keys } from "./keys.ts";
import type { Membership } from "./members.ts";
import { forgetTenants, listTenants, updateTenant } from "./tenants.ts";
import { getOrCreateUserByPhone } from "./users.ts";

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
export async function listTenantOverview(kv: Deno.Kv, now: number): Promise<TenantOverview[]> {
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
 * Creates the tenant with an empty schedule and `adminPhone` (a user made if
 * new) as its admin, audited as "tenant.created" by `by`, in one commit.
 * Returns false, writing nothing, when the code is taken.
 */
export async function createTenantWithAdmin(
  kv: Deno.Kv,
  tenant: Tenant,
  { adminPhone, by, now }: { adminPhone: string; by: string; now: number },
): Promise<boolean> {
  // A taken code is refused before the admin's user is made, so a 409 writes nothing. (Two creates of one code at
  // the same instant can still leave the loser's admin as a user of no tenant, like someone who signed in once.)
  if ((await kv.get(keys.tenant(tenant.code))).versionstamp !== null) return false;
  const admin = await getOrCreateUserByPhone(kv, adminPhone, now);
  const empty: Schedule = { "0": [], "1": [], "2": [], "3": [], "4": [], "5": [], "6": [] };
  const membership: Membership = { roles: ["admin"], joinedAt: now };
  const op = kv.atomic()
    .check({ key: keys.tenant(tenant.code), versionstamp: null })
    .set(keys.tenant(tenant.code), tenant)
    .set(keys.schedule(tenant.code), empty)
    .set(keys.member(tenant.code, admin.id), membership)
    .set(keys.userTenant(admin.id, tenant.code), true);
  addAudit(op, tenant.code, {
    at: now,
    action: "tenant.created",
    by,
    target: tenant.code,
    details: { name: tenant.name, admin: admin.id },
  });
  const res = await op.commit();
  forgetTenants(kv);
  return res.ok;
}

/**
 * Pauses or resumes the tenant, audited (none when it already was); null when
 * there is no such tenant. Pausing takes every online driver offline (their
 * screens hear the pause live and show the switch off), so riders see no
 * shuttle and nobody waits for one.
 */
export async function setTenantStatus(
  kv: Deno.Kv,
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
async function takeDriversOffline(kv: Deno.Kv, tenant: string, timeZone: string, now: number): Promise<void> {
  for await (const e of kv.list<DriverState>({ prefix: keys.drivers(tenant) })) {
    if (e.value.isAvailable) {
      await setDriverState(kv, { tenant, timeZone, userId: e.value.userId, isAvailable: false, now });
    }
  }
}
