import { addAudit } from "./audit.ts";
import type { TenantRole } from "../lib/roles.ts";
import { noteAccessChange } from "./access_changes.ts";
import { keys } from "./keys.ts";
import { accessChanged } from "./signed_in.ts";
import { committed, commitWithRetry } from "./retry.ts";

export interface Membership {
  roles: TenantRole[];
  joinedAt: number;
}

/** The user's roles in the tenant: [] when not a member. */
export async function getRoles(kv: Deno.Kv, tenant: string, userId: string): Promise<TenantRole[]> {
  return (await kv.get<Membership>(keys.member(tenant, userId))).value?.roles ?? [];
}

/** Codes of the tenants the user belongs to. */
export async function listUserTenantCodes(kv: Deno.Kv, userId: string): Promise<string[]> {
  const codes: string[] = [];
  for await (const e of kv.list({ prefix: keys.userTenants(userId) })) codes.push(String(e.key[2]));
  return codes;
}

/** Every member of a tenant: user id → membership. */
export async function listMembers(kv: Deno.Kv, tenant: string): Promise<Map<string, Membership>> {
  const out = new Map<string, Membership>();
  for await (const e of kv.list<Membership>({ prefix: keys.members(tenant) })) out.set(String(e.key[2]), e.value);
  return out;
}

/**
 * Changes one user's roles in a tenant in one commit with its index: adds or
 * removes `role`; a membership left with no role is removed. Returns the roles
 * after the change.
 */
export async function changeRole(
  kv: Deno.Kv,
  { tenant, userId, role, add, now, by }: {
    tenant: string;
    userId: string;
    role: TenantRole;
    add: boolean;
    now: number;
    /** Who changed it: with it, the audit record (issue 19) commits with the change. */
    by?: string;
  },
): Promise<TenantRole[]> {
  const { roles, changed } = await commitWithRetry("change the role", async () => {
    const entry = await kv.get<Membership>(keys.member(tenant, userId));
    const current = entry.value?.roles ?? [];
    const roles = add ? (current.includes(role) ? current : [...current, role]) : current.filter((r) => r !== role);
    if (roles.length === current.length && roles.every((r, i) => r === current[i])) {
      return { roles: current, changed: false };
    }
    const op = kv.atomic().check(entry);
    if (!add) noteAccessChange(op, { userId, tenant }); // their open sockets in the tenant are checked at once
    if (by) {
      addAudit(op, tenant, {
        at: now,
        action: add ? "role.granted" : "role.revoked",
        by,
        target: userId,
        details: { role },
      });
    }
    if (roles.length === 0) {
      op.delete(keys.member(tenant, userId)).delete(keys.userTenant(userId, tenant));
    } else {
      op.set(keys.member(tenant, userId), { roles, joinedAt: entry.value?.joinedAt ?? now })
        .set(keys.userTenant(userId, tenant), true);
    }
    return await committed(op, { roles, changed: true });
  });
  if (changed) accessChanged(kv);
  return roles;
}

/** Makes the user a rider of the tenant unless they already belong to it. */
export async function joinAsRider(kv: Deno.Kv, tenant: string, userId: string, now: number): Promise<void> {
  const res = await kv.atomic()
    .check({ key: keys.member(tenant, userId), versionstamp: null })
    .set(keys.member(tenant, userId), { roles: ["rider"], joinedAt: now })
    .set(keys.userTenant(userId, tenant), true)
    .commit();
  if (res.ok) accessChanged(kv); // Not ok means they were already a member: nothing to do.
}
