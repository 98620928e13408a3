import type { Store } from "./store.ts";
import type { Schedule, Tenant } from "../lib/schemas.ts";
import type { TenantRole } from "../lib/roles.ts";
import { addAudit, type AuditRecord } from "./audit.ts";
import { keys } from "./keys.ts";
import type { Membership } from "./members.ts";
import { recentReads } from "./recent_reads.ts";
import { committed, commitWithRetry } from "./retry.ts";

/** The tenant with this code, or null. */
export async function getTenant(kv: Store, code: string): Promise<Tenant | null> {
  return (await kv.get<Tenant>(keys.tenant(code))).value;
}

/**
 * How long a tenant read is reused by `recentTenant`. Tenants are created and
 * changed rarely (here or by the admin CLI's process), so a short reuse spares
 * every request under /{tenant} a KV read and shows a change within this long.
 */
export const TENANT_REUSE_MS = 2000;
const recent = recentReads<Tenant | null>("tenants", TENANT_REUSE_MS);

/** The tenant with this code as read at most TENANT_REUSE_MS ago (the request path's hot read). */
export function recentTenant(kv: Store, code: string): Promise<Tenant | null> {
  return recent.read(kv, code, code, () => getTenant(kv, code));
}

/**
 * Calls `listener` after a tenant of this store (`code`, or any) is written in this process or another isolate of
 * it (the page shortcut drops its pages).
 */
export function onTenantsChanged(kv: Store, listener: (code?: string) => void): void {
  kv.reads.onDrop(recent.name, listener);
}

/**
 * Drops what recentTenant keeps of the tenant `code` (or of every one), after it is written in this process, here
 * and in the other isolates of the process (kv/recent_reads.ts).
 */
export function forgetTenants(kv: Store, code?: string): void {
  recent.forget(kv, code);
}

/**
 * Creates a tenant and its schedule in one commit, with its first staff's
 * memberships (users already made), its audit record and what the caller adds
 * to the commit (`also`: a check, a marker). Returns false (and writes
 * nothing) when the code is taken or a check of `also` fails. The rules a new
 * tenant must meet are domain/tenants/create.ts's.
 */
export async function createTenant(
  kv: Store,
  tenant: Tenant,
  schedule: Schedule,
  { staff = [], audit, also }: {
    staff?: readonly { userId: string; role: TenantRole }[];
    audit?: Omit<AuditRecord, "id">;
    also?: (op: Deno.AtomicOperation) => void;
  } = {},
): Promise<boolean> {
  const op = kv.atomic()
    .check({ key: keys.tenant(tenant.code), versionstamp: null })
    .set(keys.tenant(tenant.code), tenant)
    .set(keys.schedule(tenant.code), schedule);
  for (const { userId, role } of staff) {
    const membership: Membership = { roles: [role], joinedAt: tenant.createdAt };
    op.set(keys.member(tenant.code, userId), membership).set(keys.userTenant(userId, tenant.code), true);
  }
  if (audit) addAudit(op, tenant.code, audit);
  also?.(op);
  const res = await op.commit();
  forgetTenants(kv);
  return res.ok;
}

export async function listTenants(kv: Store): Promise<Tenant[]> {
  const out: Tenant[] = [];
  for await (const entry of kv.list<Tenant>({ prefix: keys.tenants() })) out.push(entry.value);
  return out;
}

export async function getSchedule(kv: Store, tenant: string): Promise<Schedule> {
  return (await kv.get<Schedule>(keys.schedule(tenant))).value ?? {};
}

/** The dates ("YYYY-MM-DD") the tenant's admins marked closed, sorted; none until set. */
export async function getClosedDates(kv: Store, tenant: string): Promise<string[]> {
  return (await kv.get<string[]>(keys.closedDates(tenant))).value ?? [];
}

/**
 * Replaces the tenant's weekly schedule (validated by the caller with
 * lib/schedule_rules.ts), and its closed dates when given; with `audit`, the
 * record of who saved it commits with it.
 */
export async function setSchedule(
  kv: Store,
  tenant: string,
  schedule: Schedule,
  audit?: { by: string; now: number },
  closedDates?: string[],
): Promise<void> {
  const op = kv.atomic().set(keys.schedule(tenant), schedule);
  if (closedDates) op.set(keys.closedDates(tenant), closedDates);
  if (audit) {
    addAudit(op, tenant, { at: audit.now, action: "schedule.saved", by: audit.by, target: tenant, details: {} });
  }
  await op.commit();
}

/**
 * Applies `change` to the tenant in one checked commit; null when there is no
 * such tenant. With `audit`, the record of who changed what lands
 * in the same commit (none when it answers null: nothing changed); with
 * `also`, the writes of what the record points at (its logo's bytes,
 * kv/tenant_logos.ts) do too.
 */
export async function updateTenant(
  kv: Store,
  code: string,
  change: (tenant: Tenant) => Tenant,
  audit?: (before: Tenant, after: Tenant) => Omit<AuditRecord, "id"> | null,
  also?: (op: Deno.AtomicOperation, before: Tenant, after: Tenant) => void,
): Promise<Tenant | null> {
  const updated = await commitWithRetry("update the tenant", async () => {
    const entry = await kv.get<Tenant>(keys.tenant(code));
    if (!entry.value) return null;
    const next = change(entry.value);
    const op = kv.atomic().check(entry).set(keys.tenant(code), next);
    const record = audit?.(entry.value, next);
    if (record) addAudit(op, code, record);
    also?.(op, entry.value, next);
    return await committed(op, next);
  });
  forgetTenants(kv, code);
  return updated;
}
