/**
 * The audit records as the Activity page and the provider's console show
 * them: who acted and whom or what it touched, by name where
 * known (a person's name, else their phone; a place's or an organisation's
 * name), read in a few batched gets per page.
 */
import type { Store } from "./store.ts";
import { ADMIN_CLI, type AuditPage, type TenantAuditRecord } from "./audit.ts";
import { keys } from "./keys.ts";
import type { Membership } from "./members.ts";
import { getUsers } from "./users.ts";
import type { Tenant } from "../lib/schemas.ts";

export interface AuditEntry extends TenantAuditRecord {
  byName: string | null;
  targetName: string | null;
}

async function tenantNames(kv: Store, codes: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < codes.length; i += 10) {
    const batch = codes.slice(i, i + 10);
    const entries = await kv.getMany<Tenant[]>(batch.map((code) => keys.tenant(code)));
    entries.forEach((e, j) => e.value && out.set(batch[j], e.value.name));
  }
  return out;
}

/**
 * The names a tenant's Activity page gives its members as its Users page
 * does (kv/admin_users.ts): the tenant's own label first, and only the phone
 * for someone an admin added who has not signed in there since.
 */
async function memberNames(kv: Store, tenant: string, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 10) {
    const batch = ids.slice(i, i + 10);
    const entries = await kv.getMany<Membership[]>(batch.map((id) => keys.member(tenant, id)));
    entries.forEach((e, j) => {
      if (e.value?.label) out.set(batch[j], e.value.label);
      else if (e.value?.invited) out.set(batch[j], "");
    });
  }
  return out;
}

/**
 * The page's records with the names of who acted and of what they acted on;
 * `tenant` for a tenant's own page, null for the provider's every-tenant list.
 */
export async function describeAudit(kv: Store, page: AuditPage, tenant: string | null): Promise<AuditEntry[]> {
  const ids = new Set<string>();
  const codes = new Set<string>();
  for (const r of page.values) {
    if (r.by !== ADMIN_CLI) ids.add(r.by);
    ids.add(r.target);
    codes.add(r.tenant);
    codes.add(r.target);
  }
  const own = tenant ? await memberNames(kv, tenant, [...ids]) : new Map<string, string>();
  const people = new Map(
    (await getUsers(kv, [...ids])).map((u) => [u.id, (own.has(u.id) ? own.get(u.id) : u.name) || u.phoneNumber]),
  );
  const orgs = await tenantNames(kv, [...codes]);
  return page.values.map((r) => {
    const named = typeof r.details.name === "string" ? r.details.name : null;
    return {
      ...r,
      byName: r.by === ADMIN_CLI ? ADMIN_CLI : people.get(r.by) ?? null,
      targetName: people.get(r.target) ?? named ?? orgs.get(r.target) ?? null,
    };
  });
}
