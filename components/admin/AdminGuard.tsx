/**
 * The admin pages' second guard (spec section 2, "Access guard"): Loading,
 * then "Authentication Required" for a signed-out visitor, "Access Denied"
 * for anyone without admin or super, each shown while the access guard sends
 * them away. Past it, children get the roles (also through RolesContext).
 */
import type { ReactNode } from "react";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { Loading, RolesContext, useGuard } from "../Guard.tsx";
import { useT } from "../texts.tsx";
import type { Role } from "../../lib/roles.ts";

interface GuardText {
  title: Text;
  text: Text;
}

export const AUTH_REQUIRED: GuardText = {
  title: "Authentication Required",
  text: "Please log in to access this area.",
};
export const ACCESS_DENIED: GuardText = {
  title: "Access Denied",
  text: "You don't have admin permission for this tenant.",
};

export function AdminGuard({ tenant, children }: { tenant: string; children: (roles: Role[]) => ReactNode }) {
  const guard = useGuard(tenant, "admin");
  if (guard.status === "loading") return <Loading />;
  if (guard.status === "signed-out") return <GuardMessage {...AUTH_REQUIRED} />;
  if (guard.status === "refused") return <GuardMessage {...ACCESS_DENIED} />;
  return <RolesContext.Provider value={guard.roles}>{children(guard.roles)}</RolesContext.Provider>;
}

export function GuardMessage({ title, text }: GuardText) {
  const t = useT();
  return (
    <div className="guard-message" role="alert">
      <h1>{t(title)}</h1>
      <p>{t(text)}</p>
    </div>
  );
}
