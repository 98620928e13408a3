import type { MiddlewareHandler } from "hono";
import { refuse } from "../../domain/refusal.ts";
import { withSuper } from "../../kv/accounts.ts";
import { getMembership, rolesOf } from "../../kv/members.ts";
import { signedIn } from "../../kv/signed_in.ts";
import { SUSPENDED } from "../../lib/joining.ts";
import { can, type Capability } from "../../lib/roles.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import type { AuthServices } from "../auth_services.ts";
import { refusalAnswer } from "../refusal_answer.ts";
import type { AppDeps, Env } from "../env.ts";

export const AUTH_REQUIRED: Text = "Authentication required - please log in";
export const SESSION_EXPIRED: Text = "Your session has expired. Please log in again.";

/**
 * Lets a request through only with a valid bearer token whose session still
 * exists and whose user still exists: a logout or a deleted user takes effect
 * on the next call. Puts `user` and `session` on the context.
 */
export function requireAuth({ kv, clock }: AppDeps, { signer }: AuthServices): MiddlewareHandler<Env> {
  return async function requireAuth(c, next) {
    const header = c.req.header("authorization") ?? "";
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token) return refusalAnswer(c, refuse(401, AUTH_REQUIRED));
    const now = clock.now();
    const claims = await signer.verify(token, now);
    const tenant = c.get("tenant")?.code;
    const who = claims && await signedIn(kv, { ...claims, tenant }, now);
    if (!who) return refusalAnswer(c, refuse(401, SESSION_EXPIRED));
    c.set("session", who.session);
    c.set("user", who.user);
    if (who.roles) c.set("memberRoles", who.roles);
    if (who.blocked) c.set("blocked", true);
    await next();
  };
}

/**
 * Reads the signed-in user's roles in the path's tenant from KV on every call
 * (never from the token), so a removed role takes effect at once. With
 * `capability`, answers 403 `message` unless the user's roles give it
 * (lib/roles.ts `can`).
 *
 * This is the tenant rule: the tenant in the path must match a membership of
 * the caller, super excepted, or one tenant's people would reach another's.
 * A non-member has no role here, so every capability refuses them; only the
 * roles call goes without one
 * (it answers the caller's own roles, `[]`). Rides are then read under the
 * path's tenant (kv/ keys start with it) and a user named in the path must be
 * a member of it, so another tenant's ids answer 404. tests/access_matrix.ts
 * lists every route's outcome.
 */
export function tenantRoles(
  { kv }: AppDeps,
  { capability, message = "Access denied" }: { capability?: Capability; message?: Text } = {},
): MiddlewareHandler<Env> {
  return async function tenantRoles(c, next) {
    const user = c.get("user");
    // requireAuth read the membership with the session when the tenant was known (kv/signed_in.ts).
    let member = c.get("memberRoles");
    let blocked = c.get("blocked") ?? false;
    if (!member) {
      const membership = await getMembership(kv, c.get("tenant").code, user.id);
      member = rolesOf(membership);
      blocked = Boolean(membership?.blocked);
    }
    if (blocked && !user.isSuper) return refusalAnswer(c, refuse(403, SUSPENDED));
    const roles = withSuper(member, user);
    if (capability && !can(roles, capability)) return refusalAnswer(c, refuse(403, message));
    c.set("roles", roles);
    await next();
  };
}

export const NOT_MEMBER: Text = "You are not a member of this service";
export const DRIVER_REQUIRED: Text = "Access denied - driver privileges required";
export const ADMIN_REQUIRED: Text = "Access denied - admin privileges required";
export const DISPATCHER_REQUIRED: Text = "Access denied - dispatcher privileges required";

/**
 * The guards a tenant route puts before its handler, per route (never
 * app.use: the sub-apps are mounted at /{tenant}/api beside public routes):
 * signed in, then the capability, else 403 with the role's text.
 */
export function roleGuards(deps: AppDeps, auth: AuthServices) {
  const signedIn = requireAuth(deps, auth);
  const only = (capability: Capability, message: Text) =>
    [signedIn, tenantRoles(deps, { capability, message })] as const;
  return {
    member: only("ride", NOT_MEMBER),
    driver: only("drive", DRIVER_REQUIRED),
    admin: only("administer", ADMIN_REQUIRED),
    dispatcher: only("dispatch", DISPATCHER_REQUIRED),
  };
}

export const SUPER_REQUIRED: Text = "Access denied - super admin privileges required";

/** The provider's calls (/api/super/*): signed in, then a super admin, else 403. */
export function superGuard(deps: AppDeps, auth: AuthServices) {
  const onlySuper: MiddlewareHandler<Env> = async (c, next) => {
    if (!can(withSuper([], c.get("user")), "runProvider")) return refusalAnswer(c, refuse(403, SUPER_REQUIRED));
    await next();
  };
  return [requireAuth(deps, auth), onlySuper] as const;
}
