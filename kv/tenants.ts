import type { Schedule, Tenant } from "../lib/schemas.ts";
import { addAudit, type AuditRecord } from "./audit.ts";
import { noteForget } from "./forget_notes.ts";
import { keys } from "./keys.ts";
import { recentReads } from "./recent_reads.ts";
import { committed, commitWithRetry } from "./retry.ts";

/** The tenant with this code, or null. */
export async function getTenant(kv: Deno.Kv, code: string): Promise<Tenant | null> {
  return (await kv.get<Tenant>(keys.tenant(code))).value;
}

/**
 * How long a tenant read is reused by `recentTenant`. Tenants are created and
 * changed rarely (here or by the admin CLI's process), so a short reuse spares
 * every request under /{tenant} a KV read and shows a change within this long.
 */
export const TENANT_REUSE_MS = 2000;
const recent = recentReads<Tenant | null>(TENANT_REUSE_MS);

/** The tenant with this code as read at most TENANT_REUSE_MS ago (the request path's hot read). */
export function recentTenant(kv: Deno.Kv, code: string): Promise<Tenant | null> {
  return recent.read(kv, "", code, () => getTenant(kv, code));
}

const listeners = new WeakMap<Deno.Kv, Set<(code?: string) => void>>();

/** Calls `listener` after a tenant of this store is written in this process (the page shortcut drops its pages). */
export function onTenantsChanged(kv: Deno.Kv, listener: (code?: string) => void): void {
  const set = listeners.get(kv) ?? new Set();
  listeners.set(kv, set);
  set.add(listener);
}

/**
 * Drops what recentTenant keeps for this store, after a tenant (`code`, or any) is written in this process, here
 * and in the other isolates of the process (kv/forget_notes.ts).
 */
export function forgetTenants(kv: Deno.Kv, code?: string): void {
  dropTenants(kv, code);
  noteForget(kv, { what: "tenants", group: code });
}

/** forgetTenants in this isolate only: another isolate wrote the tenant (kv/forget_apply.ts). */
export function dropTenants(kv: Deno.Kv, code?: string): void {
  recent.forget(kv);
  for (const listener of listeners.get(kv) ?? []) listener(code);
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
  forgetTenants(kv);
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

/**
 * Replaces the tenant's weekly schedule (validated by the caller with
 * lib/schedule_rules.ts); with `audit`, the record of who saved it commits
 * with it.
 */
export async function setSchedule(
  kv: Deno.Kv,
  tenant: string,
  schedule: Schedule,
  audit?: { by: string; now: number },
): Promise<void> {
  const op = kv.atomic().set(keys.schedule(tenant), schedule);
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
  kv: Deno.Kv,
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
