/** Roles, and what each lets a person do (spec sections 2 "Access guard", 4 "Role badge", 6). */

export const TENANT_ROLES = ["rider", "driver", "admin"] as const;
export type TenantRole = typeof TENANT_ROLES[number];
export type Role = TenantRole | "super";

const RANK: Record<Role, number> = { rider: 1, driver: 2, admin: 3, super: 4 };

/**
 * Who may do what: the one table every door reads (the route guards, the
 * socket admission, the islands' guards and menus, the routes' own checks).
 *
 * - `ride`: a member's calls and pages (request a ride, the riders socket).
 * - `drive`: the driver's calls and page, and the drivers socket.
 * - `administer`: the tenant's admin calls and pages, every ride on the admin socket.
 * - `manageAdmins`: give or take the admin role, add an admin, block an admin, change a super admin's roles.
 * - `deleteUsers`: remove a person from the tenant.
 * - `runProvider`: the provider's console (/super), and the settings only the provider gives (text budget, regions).
 */
export const CAPABILITIES = {
  ride: ["rider", "driver", "admin", "super"],
  drive: ["driver", "admin", "super"],
  administer: ["admin", "super"],
  manageAdmins: ["super"],
  deleteUsers: ["super"],
  runProvider: ["super"],
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof CAPABILITIES;

/** Whether someone holding `roles` may do `capability`. */
export function can(roles: readonly Role[], capability: Capability): boolean {
  const allowed: readonly Role[] = CAPABILITIES[capability];
  return roles.some((role) => allowed.includes(role));
}

export function isTenantRole(value: unknown): value is TenantRole {
  return typeof value === "string" && (TENANT_ROLES as readonly string[]).includes(value);
}

/** The badge shows the highest role: super, admin, driver, rider. */
export function highestRole(roles: readonly Role[]): Role | null {
  let best: Role | null = null;
  for (const role of roles) if (!best || RANK[role] > RANK[best]) best = role;
  return best;
}

/** The capability a page that needs `required` asks for. */
const PAGE: Record<TenantRole, Capability> = { rider: "ride", driver: "drive", admin: "administer" };

/**
 * The access guard: super and admin pass everything; driver passes driver or
 * rider pages; rider passes only rider pages.
 */
export function canAccess(roles: readonly Role[], required: TenantRole): boolean {
  return can(roles, PAGE[required]);
}

/** Where a refused user goes: a driver to the driver page, anyone else to the rider page. */
export function fallbackPage(roles: readonly Role[]): "driver" | "rider" {
  return roles.includes("driver") ? "driver" : "rider";
}

/** After a tenant sign-in: admin first, then driver, else rider. */
export function homePage(roles: readonly Role[]): "admin" | "driver" | "rider" {
  if (can(roles, "administer")) return "admin";
  if (can(roles, "drive")) return "driver";
  return "rider";
}
