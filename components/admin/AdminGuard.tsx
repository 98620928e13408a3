/**
 * The admin pages' second guard (spec section 2, "Access guard"): Loading,
 * then "Authentication Required" for a signed-out visitor, "Access Denied"
 * for anyone without admin or super, each shown while the access guard sends
 * them away. Past it, children get the roles (also through RolesContext).
 */
import type { ReactNode } from "react";
import { Loading, RolesContext, useGuard } from "../Guard.tsx";
import type { Role } from "../../lib/roles.ts";

export const AUTH_REQUIRED = { title: "Authentication Required", text: "Please log in to access this area." };
export const ACCESS_DENIED = { title: "Access Denied", text: "You don't have admin permission for this tenant." };

export function AdminGuard({ tenant, children }: { tenant: string; children: (roles: Role[]) => ReactNode }) {
  const guard = useGuard(tenant, "admin");
  if (guard.status === "loading") return <Loading />;
  if (guard.status === "signed-out") return <GuardMessage {...AUTH_REQUIRED} />;
  if (guard.status === "refused") return <GuardMessage {...ACCESS_DENIED} />;
  return <RolesContext.Provider value={guard.roles}>{children(guard.roles)}</RolesContext.Provider>;
}

export function GuardMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="guard-message" role="alert">
      <h1>{title}</h1>
      <p>{text}</p>
    </div>
  );
}
