/**
 * The tenant's audit trail: a small record of each admin action that cannot
 * be undone (issue 7: "records who did it"), kept beside the log line because
 * logs rotate and a tenant may ask later who removed someone.
 */
import { ulid } from "../lib/ids.ts";
import { keys } from "./keys.ts";

export interface AuditRecord {
  id: string;
  at: number;
  /** e.g. "user.removed" */
  action: string;
  /** The user who acted. */
  by: string;
  /** Whom or what it was done to. */
  target: string;
  details: Record<string, unknown>;
}

/** Adds the record to `op`, so it commits with the change it describes. */
export function addAudit(op: Deno.AtomicOperation, tenant: string, record: Omit<AuditRecord, "id">): AuditRecord {
  const full = { id: ulid(record.at), ...record };
  op.set(keys.audit(tenant, full.id), full);
  return full;
}

/** The tenant's audit records, oldest first. */
export async function listAudit(kv: Deno.Kv, tenant: string): Promise<AuditRecord[]> {
  const out: AuditRecord[] = [];
  for await (const e of kv.list<AuditRecord>({ prefix: keys.audits(tenant) })) out.push(e.value);
  return out;
}
