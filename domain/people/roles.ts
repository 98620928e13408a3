/**
 * An admin gives or takes a role (POST / DELETE /{t}/api/user/{id}/roles):
 * the admin role only by a super admin; a super admin's roles are not changed
 * here (and a tenant admin is not told who is one); only members of the
 * tenant. Audited with the change ("role.granted", "role.revoked").
 */
import type { Store } from "../../kv/store.ts";
import { changeRole, getMembership } from "../../kv/members.ts";
import { getUser } from "../../kv/users.ts";
import type { LogEvent } from "../../lib/log.ts";
import { can, isTenantRole, type Role, TENANT_ROLES, type TenantRole } from "../../lib/roles.ts";
import { done, type Outcome, refuse } from "../refusal.ts";
import { ROLES_NOT_YOURS, SUPER_FOR_ADMIN, SUPER_ROLES_FIXED, USER_NOT_FOUND } from "./texts.ts";

export async function changePersonRole(
  { kv, log }: { kv: Store; log: (event: LogEvent) => void },
  { tenant, by, roles, userId, role, add, now }: {
    tenant: string;
    by: string;
    roles: readonly Role[];
    userId: string;
    /** The role as sent. */
    role: unknown;
    add: boolean;
    now: number;
  },
): Promise<Outcome<{ id: string; roles: TenantRole[] }>> {
  if (!isTenantRole(role)) return refuse(400, "Role must be one of: {roles}", { roles: TENANT_ROLES.join(", ") });
  const manager = can(roles, "manageAdmins");
  if (role === "admin" && !manager) return refuse(403, SUPER_FOR_ADMIN);
  const target = await getUser(kv, userId);
  if (!target) return USER_NOT_FOUND;
  const membership = await getMembership(kv, tenant, target.id);
  // Someone of another tenant is unknown here: people join a tenant by signing in at it.
  if (!membership) return USER_NOT_FOUND;
  // A tenant admin is never told who is a super admin.
  if (target.isSuper) return refuse(403, manager ? SUPER_ROLES_FIXED : ROLES_NOT_YOURS);
  if (!add && !membership.roles.includes(role)) return refuse(404, "User does not have the {role} role", { role });
  const after = await changeRole(kv, { tenant, userId: target.id, role, add, now, by });
  log({ event: add ? "role.granted" : "role.revoked", tenant, userId: target.id, role, by });
  return done({ id: target.id, roles: after });
}
