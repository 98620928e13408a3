/** Roles, and what each lets a person do (spec sections 2 "Access guard", 4 "Role badge", 6). */

export const TENANT_ROLES = ["rider", "driver", "dispatcher", "admin"] as const;
export type TenantRole = typeof TENANT_ROLES[number];
export type Role = TenantRole | "super";

/**
 * The roles each role counts as, one bit each (rider 1, driver 2, dispatcher 4, admin 8, super 16): a driver and a
 * dispatcher are riders too, an admin all three, a super admin everything; a dispatcher is no driver. As numbers
 * they are also the badge's order.
 */
const RANK: Record<Role, number> = { rider: 1, driver: 3, dispatcher: 5, admin: 15, super: 31 };

/**
 * Who may do what: the one table every door reads (the route guards, the
 * socket admission, the islands' guards and menus, the routes' own checks).
 * Each capability names the least role that holds it; every role that
 * counts as that one (RANK's bits) holds it too.
 *
 * - `ride`: a member's calls and pages (request a ride, the riders socket).
 * - `drive`: the driver's calls and page, and the drivers socket.
 * - `dispatch`: the dispatcher's calls: the fleet's state, assigning and moving rides by hand.
 * - `administer`: the tenant's admin calls and pages, every ride on the admin socket.
 * - `manageAdmins`: give or take the admin role, add an admin, block an admin, change a super admin's roles.
 * - `deleteUsers`: remove a person from the tenant.
 * - `runProvider`: the provider's console (/super), and the settings only the provider gives (text budget, regions).
 */
export const CAPABILITIES = {
  ride: "rider",
  drive: "driver",
  dispatch: "dispatcher",
  administer: "admin",
  manageAdmins: "super",
  deleteUsers: "super",
  runProvider: "super",
} as const satisfies Record<string, Role>;
export type Capability = keyof typeof CAPABILITIES;

/** Whether someone holding `roles` may do `capability`. */
export function can(roles: readonly Role[], capability: Capability): boolean {
  return atLeast(roles, CAPABILITIES[capability]);
}

/** Whether one of `roles` counts as `least`: holds every bit of it. */
function atLeast(roles: readonly Role[], least: Role): boolean {
  return roles.some((role) => (RANK[role] & RANK[least]) === RANK[least]);
}

/** Whether `value` names a role (an unknown one from a newer server is dropped by the reader). */
export function isRole(value: unknown): value is Role {
  // An inherited name ("toString") reads a function or an object, never a number above 0.
  return typeof value == "string" && RANK[value as Role] > 0;
}

export function isTenantRole(value: unknown): value is TenantRole {
  return isRole(value) && value !== "super";
}

/** The badge shows the highest role: super, admin, dispatcher, driver, rider. */
export function highestRole(roles: readonly Role[]): Role | null {
  return roles.reduce<Role | null>((best, role) => !best || RANK[role] > RANK[best] ? role : best, null);
}

/**
 * The access guard: super and admin pass everything; driver passes driver or
 * rider pages; dispatcher passes dispatcher or rider pages; rider passes only rider pages. A page that needs a role asks
 * for the capability whose least role it is (`ride`, `drive`, `administer`).
 */
export const canAccess: (roles: readonly Role[], required: TenantRole) => boolean = atLeast;

/** Where a refused user goes: a driver to the driver page, anyone else to the rider page. */
export function fallbackPage(roles: readonly Role[]): "driver" | "rider" {
  return roles.includes("driver") ? "driver" : "rider";
}

/** After a tenant sign-in: admin first, then the dispatcher's console, then driver, else rider. */
export function homePage(roles: readonly Role[]): "admin" | "dispatch" | "driver" | "rider" {
  if (atLeast(roles, "admin")) return "admin";
  if (atLeast(roles, "dispatcher")) return "dispatch";
  return atLeast(roles, "driver") ? "driver" : "rider";
}
