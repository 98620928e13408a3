/** Roles and who passes where (spec sections 2 "Access guard", 4 "Role badge", 6). */

export const TENANT_ROLES = ["rider", "driver", "admin"] as const;
export type TenantRole = typeof TENANT_ROLES[number];
export type Role = TenantRole | "super";

const RANK: Record<Role, number> = { rider: 1, driver: 2, admin: 3, super: 4 };

export function isTenantRole(value: unknown): value is TenantRole {
  return typeof value === "string" && (TENANT_ROLES as readonly string[]).includes(value);
}

/** The badge shows the highest role: super, admin, driver, rider. */
export function highestRole(roles: readonly Role[]): Role | null {
  let best: Role | null = null;
  for (const role of roles) if (!best || RANK[role] > RANK[best]) best = role;
  return best;
}

/**
 * The access guard: super and admin pass everything; driver passes driver or
 * rider pages; rider passes only rider pages.
 */
export function canAccess(roles: readonly Role[], required: TenantRole): boolean {
  if (roles.includes("super") || roles.includes("admin")) return true;
  if (required === "driver") return roles.includes("driver");
  if (required === "rider") return roles.includes("rider") || roles.includes("driver");
  return false;
}

/** Where a refused user goes: a driver to the driver page, anyone else to the rider page. */
export function fallbackPage(roles: readonly Role[]): "driver" | "rider" {
  return roles.includes("driver") ? "driver" : "rider";
}

/** After a tenant sign-in: admin first, then driver, else rider. */
export function homePage(roles: readonly Role[]): "admin" | "driver" | "rider" {
  if (roles.includes("super") || roles.includes("admin")) return "admin";
  if (roles.includes("driver")) return "driver";
  return "rider";
}
