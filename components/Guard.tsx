/**
 * The access guard of the signed-in pages (spec section 2, "Access guard";
 * section 6). Used inside each app-page island:
 *
 *   <Guard tenant="greer" required="driver">{(roles) => <DriverList roles={roles} />}</Guard>
 *
 * - No token or no stored user: signed out, go to /{tenant}/login.
 * - The roles come from GET /{tenant}/api/user/roles, once per page: the
 *   header's UserMenu island asks through the same module-level cache
 *   (browser/load_roles.ts, one shared chunk), so both islands share it.
 * - Roles [] means signed in but not a member of this tenant: go to
 *   /{tenant}/login too, where signing in makes the user a rider of it.
 * - A refused user goes to /{tenant}/driver (drivers) or /{tenant}/rider.
 * - Any other failure of the roles call (network, 5xx, no list in the
 *   answer) counts as ["rider"] (spec section 6). A 401 is handled by api():
 *   it signs out and goes to the login page.
 * - With no network (navigator.onLine false, or the page came from the
 *   service worker's cache for want of one) a signed-in visitor
 *   stays on the page.
 *
 * Browser-only work happens in effects: the server renders "Loading...".
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { loginPath } from "../browser/auth_client.ts";
import { fallbackPage } from "../lib/fallback_page.ts";
import { canAccess, type Role, type TenantRole } from "../lib/roles.ts";
import { loadRoles } from "../browser/load_roles.ts";
import { useT } from "./texts.tsx";

// The roles call lives in its own module so the login page, which needs only it, loads no guard (its byte budget).
export { loadRoles, resetRolesCache } from "../browser/load_roles.ts";

export type GuardState =
  | { status: "loading" }
  /** Not signed in: on the way to the login page. */
  | { status: "signed-out" }
  /** Signed in, but not a member, or without the required role: on the way elsewhere. */
  | { status: "refused"; roles: Role[] }
  | { status: "allowed"; roles: Role[] };

/** Where the guard sends a visitor it does not let in; null when it lets them in. */
export function guardTarget(tenant: string, roles: Role[] | null, required?: TenantRole): string | null {
  if (roles === null || roles.length === 0) return loginPath(tenant);
  if (required && !canAccess(roles, required)) return `/${tenant}/${fallbackPage(roles)}`;
  return null;
}

/**
 * The guard's state for a page needing `required` (undefined: sign-in only).
 * Sends the visitor away (location.replace, so Back does not return here)
 * when they may not stay.
 */
export function useGuard(tenant: string, required?: TenantRole): GuardState {
  const [state, setState] = useState<GuardState>({ status: "loading" });
  useEffect(() => {
    let live = true;
    loadRoles(tenant).then((roles) => {
      if (!live) return;
      // With no network the roles call fails and counts as ["rider"]: a driver whose screen came from the service
      // worker's cache (`<html data-offline>`) stays on it; the server decides every call once online.
      const offline = !navigator.onLine || "offline" in document.documentElement.dataset;
      const target = roles && offline ? null : guardTarget(tenant, roles, required);
      if (roles === null) setState({ status: "signed-out" });
      else setState(target ? { status: "refused", roles } : { status: "allowed", roles });
      if (target) location.replace(target);
    });
    return () => {
      live = false;
    };
  }, [tenant, required]);
  return state;
}

/** The roles of the signed-in user, for anything rendered inside a Guard. */
export const RolesContext = createContext<Role[]>([]);

export function useRoles(): Role[] {
  return useContext(RolesContext);
}

/**
 * "Loading..." as a polite live region, with a spinner. A caller's own `text`
 * is already in the page's language (`t("Loading trips...")`).
 */
export function Loading({ text }: { text?: string }) {
  const t = useT();
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="loading__spinner" aria-hidden="true" />
      {text ?? t("Loading...")}
    </p>
  );
}

/**
 * Renders `children(roles)` once the visitor may see the page; "Loading..."
 * until then, and while sending them elsewhere.
 */
export function Guard(
  { tenant, required, children }: {
    tenant: string;
    required?: TenantRole;
    children: (roles: Role[]) => ReactNode;
  },
) {
  const state = useGuard(tenant, required);
  if (state.status !== "allowed") return <Loading />;
  return <RolesContext.Provider value={state.roles}>{children(state.roles)}</RolesContext.Provider>;
}
