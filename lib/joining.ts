/**
 * Who may join a tenant ("Who may join"): the answer to a sign-in
 * at a tenant, and to an admin adding or blocking someone there. The rule is
 * here once; kv/admission.ts reads what it needs and routes answer with
 * these texts (translated on the way out: lib/i18n/es/errors.ts).
 */
import { isTenantRole, TENANT_ROLES, type TenantRole } from "./roles.ts";
import type { JoinPolicy } from "./tenant_settings.ts";

export const SUSPENDED = "Your access to this service has been suspended.";
/** Filled with the organisation's name. */
export const BY_INVITATION = "This service is by invitation. Contact {organization} to join.";
export const ALREADY_MEMBER = "This person is already a member of this organization";
export const CHOOSE_ROLES = "Choose one or more roles: rider, driver, dispatcher, admin";
export const SUPER_NOT_BLOCKABLE = "A super admin cannot be blocked";
export const NOT_YOURSELF = "You cannot block yourself";
/** Admins are blocked and unblocked only by super admins, as only they take the admin role away. */
export const SUPER_FOR_BLOCKING_ADMIN = "Only super admins can block or unblock admins";

/** What a sign-in at a tenant meets: let in, refused as not invited, or refused as blocked. */
export type Admission = "welcome" | "uninvited" | "blocked";

/**
 * Super admins are always let in; a blocked member never; a member always;
 * anyone else only where anyone may join.
 */
export function admissionOf(
  policy: JoinPolicy,
  who: { isSuper: boolean; member: boolean; blocked: boolean },
): Admission {
  if (who.isSuper) return "welcome";
  if (who.blocked) return "blocked";
  if (who.member || policy === "open") return "welcome";
  return "uninvited";
}

/** The English refusal of an admission, or null when they are let in. */
export function admissionRefusal(admission: Admission, organization: string): string | null {
  if (admission === "blocked") return SUSPENDED;
  if (admission === "uninvited") return BY_INVITATION.replace("{organization}", organization);
  return null;
}

/** The roles an admin gives a person they add: one or more tenant roles, each once, in the usual order. */
export function readRoles(value: unknown): TenantRole[] | null {
  if (!Array.isArray(value) || value.length === 0 || !value.every(isTenantRole)) return null;
  return TENANT_ROLES.filter((r) => value.includes(r));
}
