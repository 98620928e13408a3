import type { Store } from "./store.ts";
import type { TenantRole } from "../lib/roles.ts";
import { noteAccessChange } from "./access_changes.ts";
import { addAudit } from "./audit.ts";
import { keys } from "./keys.ts";
import { type NumberHold, termsOf } from "./number_holds.ts";
import { accessChanged } from "./signed_in.ts";
import { committed, commitWithRetry } from "./retry.ts";

export interface Membership {
  roles: TenantRole[];
  joinedAt: number;
  /**
   * Blocked by an admin: the membership stays, so they cannot join
   * again by signing in, but its roles give no access (`rolesOf`).
   */
  blocked?: boolean;
  /**
   * The tenant's own name for the person, given when an admin added them: shown on the tenant's admin screens
   * in place of the person's profile name, which it never changes.
   */
  label?: string;
  /**
   * Added by an admin and not signed in at the tenant since: the tenant knows only what its admin gave (the
   * number, the label), so its screens show nothing of the person's own profile (kv/admin_users.ts).
   */
  invited?: true;
  /** A no-show pause carried over from a hold on the number (kv/number_holds.ts): requests paused until then. */
  pausedUntil?: number;
}

/** The roles a membership gives: none when absent or blocked. */
export function rolesOf(member: Membership | null | undefined): TenantRole[] {
  return member && !member.blocked ? member.roles : [];
}

/** The user's membership of the tenant, blocked or not; null when not a member. */
export async function getMembership(kv: Store, tenant: string, userId: string): Promise<Membership | null> {
  return (await kv.get<Membership>(keys.member(tenant, userId))).value;
}

/** The user's working roles in the tenant: [] when not a member or blocked. */
export async function getRoles(kv: Store, tenant: string, userId: string): Promise<TenantRole[]> {
  return rolesOf(await getMembership(kv, tenant, userId));
}

/** Codes of the tenants the user belongs to. */
export async function listUserTenantCodes(kv: Store, userId: string): Promise<string[]> {
  const codes: string[] = [];
  for await (const e of kv.list({ prefix: keys.userTenants(userId) })) codes.push(String(e.key[2]));
  return codes;
}

/** Every member of a tenant: user id → membership. */
export async function listMembers(kv: Store, tenant: string): Promise<Map<string, Membership>> {
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
  kv: Store,
  { tenant, userId, role, add, now, by }: {
    tenant: string;
    userId: string;
    role: TenantRole;
    add: boolean;
    now: number;
    /** Who changed it: with it, the audit record commits with the change. */
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
    // A blocked membership stays with no role, so taking their last role does not let them join again.
    if (roles.length === 0 && !entry.value?.blocked) {
      op.delete(keys.member(tenant, userId)).delete(keys.userTenant(userId, tenant));
    } else {
      op.set(keys.member(tenant, userId), { ...entry.value, roles, joinedAt: entry.value?.joinedAt ?? now })
        .set(keys.userTenant(userId, tenant), true);
    }
    return await committed(op, { roles, changed: true });
  });
  if (changed) accessChanged(kv);
  return roles;
}

/**
 * An admin adds a person to the tenant with these roles, audited
 * in the same commit, with the tenant's `label` for them. What the tenant
 * holds against the number (kv/number_holds.ts) comes back with it: a block,
 * a pause not yet over. Returns the membership, or null (nothing written)
 * when they are a member already, blocked or not.
 */
export async function addMember(
  kv: Store,
  { tenant, userId, roles, by, now, label, numberHash }: {
    tenant: string;
    userId: string;
    roles: TenantRole[];
    by: string;
    now: number;
    label?: string | null;
    /** The number's keyed hash (lib/number_hash.ts): its hold here is taken into the membership. */
    numberHash: string;
  },
): Promise<Membership | null> {
  const member = await commitWithRetry("add the member", async () => {
    const [current, hold] = await kv.getMany<[Membership, NumberHold]>([
      keys.member(tenant, userId),
      keys.numberHold(numberHash, tenant),
    ]);
    if (current.value) return null;
    const member: Membership = {
      roles,
      joinedAt: now,
      invited: true,
      ...(label && { label }),
      ...termsOf(hold.value, now),
    };
    const op = kv.atomic()
      .check(current)
      .check(hold)
      .set(keys.member(tenant, userId), member)
      .set(keys.userTenant(userId, tenant), true);
    if (hold.value) op.delete(hold.key);
    addAudit(op, tenant, { at: now, action: "user.added", by, target: userId, details: { roles } });
    return await committed(op, member);
  });
  if (member) accessChanged(kv);
  return member;
}

/**
 * Blocks or unblocks a member, audited in the same commit. A
 * block is noted as an access change, so their open sockets in the tenant
 * close at once; their next call there is refused (kv/signed_in.ts). Returns
 * the membership after the change, or null when they are not a member.
 */
export async function setBlocked(
  kv: Store,
  { tenant, userId, blocked, by, now }: { tenant: string; userId: string; blocked: boolean; by: string; now: number },
): Promise<Membership | null> {
  const result = await commitWithRetry("block the member", async () => {
    const entry = await kv.get<Membership>(keys.member(tenant, userId));
    if (!entry.value) return null;
    if (Boolean(entry.value.blocked) === blocked) return entry.value;
    const { blocked: _, ...rest } = entry.value;
    const next: Membership = blocked ? { ...rest, blocked: true } : rest;
    const op = kv.atomic().check(entry).set(keys.member(tenant, userId), next);
    if (blocked) noteAccessChange(op, { userId, tenant });
    addAudit(op, tenant, {
      at: now,
      action: blocked ? "user.blocked" : "user.unblocked",
      by,
      target: userId,
      details: { roles: next.roles },
    });
    return await committed(op, next);
  });
  accessChanged(kv);
  return result;
}
