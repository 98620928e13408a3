/**
 * The signed-in user's roles in a tenant, one GET /{tenant}/api/user/roles
 * per page: the Guard (components/Guard.tsx), the header's UserMenu and the
 * login form all ask through this module-level cache, which esbuild puts in
 * one shared chunk. Kept apart from the Guard so the login page loads only
 * this (its byte budget: tests/unit/bundle_budget.test.ts).
 */
import { api, ApiError, getToken, getUser } from "./auth_client.ts";
import { isRole, type Role } from "../lib/roles.ts";

/** Roles the server sent, with anything unknown dropped; null when the answer holds no list. */
function parseRoles(value: unknown): Role[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter(isRole);
}

/** One roles call per tenant and token for the page's life. */
const rolesCache = new Map<string, Promise<Role[] | null>>();

/** For tests: forget every cached roles answer. */
export function resetRolesCache(): void {
  rolesCache.clear();
}

/**
 * The signed-in user's roles in `tenant`: null when signed out (no token, or
 * the server answered 401), ["rider"] when the call fails otherwise.
 */
export function loadRoles(tenant: string): Promise<Role[] | null> {
  const token = getToken();
  if (!token || !getUser()) return Promise.resolve(null);
  const key = `${tenant}\n${token}`;
  let pending = rolesCache.get(key);
  if (!pending) {
    pending = api<{ roles?: unknown }>(`/${tenant}/api/user/roles`, { tenant }).then(
      (data) => parseRoles(data?.roles) ?? ["rider"],
      (err) => {
        // Not cached: a later caller asks again.
        rolesCache.delete(key);
        return err instanceof ApiError && err.status === 401 ? null : ["rider"];
      },
    );
    rolesCache.set(key, pending);
  }
  return pending;
}
