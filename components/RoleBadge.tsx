/** The role badge (spec section 4): the highest of the user's roles. */
import type { Text } from "../lib/i18n/catalogue.ts";
import { highestRole, type Role } from "../lib/roles.ts";
import { useT } from "./texts.tsx";

/** Each role's name in English, which is also its key in the catalogue: a screen shows `t(ROLE_LABELS[role])`. */
export const ROLE_LABELS = {
  super: "Super Admin",
  admin: "Admin",
  dispatcher: "Dispatcher",
  driver: "Driver",
  rider: "Rider",
} as const satisfies Record<Role, Text>;

/**
 * Shows the highest role; nothing when there is none, or when the user is only
 * a rider and `hideRider` is set (the header hides it, spec section 2).
 */
export function RoleBadge({ roles, hideRider = false }: { roles: readonly Role[]; hideRider?: boolean }) {
  const t = useT();
  const role = highestRole(roles);
  if (!role || (hideRider && role === "rider")) return null;
  return <span className={`role-badge role-badge--${role}`}>{t(ROLE_LABELS[role])}</span>;
}
