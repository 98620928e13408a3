/**
 * The tenant's audit trail: a small record of each admin action that cannot
 * be undone ("records who did it"), kept beside the log line because
 * logs rotate and a tenant may ask later who removed someone. It is read
 * back: a tenant's Activity page, and every tenant's in the provider's
 * console (a second copy under one time-ordered prefix, written in the same
 * commit).
 */
import type { Store } from "./store.ts";
import { ulid } from "../lib/ids.ts";
import { keys } from "./keys.ts";

export interface AuditRecord {
  id: string;
  at: number;
  /** e.g. "user.removed" */
  action: string;
  /** The user who acted, or "admin CLI". */
  by: string;
  /** Whom or what it was done to. */
  target: string;
  details: Record<string, unknown>;
}

/** A record with the tenant it belongs to (the every-tenant copy). */
export interface TenantAuditRecord extends AuditRecord {
  tenant: string;
}

/** The actor of changes made with scripts/admin.ts. */
export const ADMIN_CLI = "admin CLI";

/** Adds the record to `op`, so it commits with the change it describes. */
export function addAudit(op: Deno.AtomicOperation, tenant: string, record: Omit<AuditRecord, "id">): AuditRecord {
  const full = { id: ulid(record.at), ...record };
  op.set(keys.audit(tenant, full.id), full);
  op.set(keys.auditEverywhere(full.id, tenant), { ...full, tenant });
  return full;
}

/** The tenant's audit records, oldest first. */
export async function listAudit(kv: Store, tenant: string): Promise<AuditRecord[]> {
  const out: AuditRecord[] = [];
  for await (const e of kv.list<AuditRecord>({ prefix: keys.audits(tenant) })) out.push(e.value);
  return out;
}

export interface AuditPage {
  values: TenantAuditRecord[];
  /** The next (older) page's cursor; null on the last page. */
  cursor: string | null;
}

/** The records of one tenant (or with no tenant, of every tenant), newest first, `limit` at a time. */
export async function listAuditPage(
  kv: Store,
  tenant: string | null,
  { limit = 50, cursor }: { limit?: number; cursor?: string } = {},
): Promise<AuditPage> {
  const prefix = tenant === null ? keys.auditsEverywhere() : keys.audits(tenant);
  const iter = kv.list<AuditRecord | TenantAuditRecord>({ prefix }, { limit, cursor, reverse: true });
  const values: TenantAuditRecord[] = [];
  for await (const e of iter) values.push({ ...e.value, tenant: tenant ?? (e.value as TenantAuditRecord).tenant });
  return { values, cursor: values.length === limit && iter.cursor ? iter.cursor : null };
}
