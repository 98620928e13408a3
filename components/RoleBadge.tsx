/** The role badge (spec section 4): the highest of the user's roles. */
import { highestRole, type Role } from "../lib/roles.ts";

export const ROLE_LABELS: Record<Role, string> = {
  super: "Super Admin",
  admin: "Admin",
  driver: "Driver",
  rider: "Rider",
};

/**
 * Shows the highest role; nothing when there is none, or when the user is only
 * a rider and `hideRider` is set (the header hides it, spec section 2).
 */
export function RoleBadge({ roles, hideRider = false }: { roles: readonly Role[]; hideRider?: boolean }) {
  const role = highestRole(roles);
  if (!role || (hideRider && role === "rider")) return null;
  return <span className={`role-badge role-badge--${role}`}>{ROLE_LABELS[role]}</span>;
}
