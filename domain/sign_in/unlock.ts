/**
 * Unlocking a number strangers locked with wrong codes (lib/lockout.ts), so
 * someone who never signed in on a device, or lost it, can sign in again: a
 * tenant's admin for one of its members, recorded in the tenant; the provider
 * (console or admin CLI) for any number, recorded in each organisation the
 * number belongs to, or the provider's own trail. Unlocking a number that is
 * not locked records nothing and answers `lifted: false`.
 */
import type { Store } from "../../kv/store.ts";
import { getMembership } from "../../kv/members.ts";
import { unlockAnyNumber, unlockNumber } from "../../kv/number_locks.ts";
import { getUser } from "../../kv/users.ts";
import { normalizePhone, PHONE_ERROR } from "../../lib/phone.ts";
import { done, type Outcome, refuse } from "../refusal.ts";

/** A member's number, by their admin: someone of another tenant is unknown here (404). */
export async function unlockMember(
  kv: Store,
  { tenant, userId, by, now }: { tenant: string; userId: string; by: string; now: number },
): Promise<Outcome<{ lifted: boolean }>> {
  const [user, member] = await Promise.all([getUser(kv, userId), getMembership(kv, tenant, userId)]);
  if (!user || !member) return refuse(404, "User not found");
  const lifted = await unlockNumber(kv, { phone: user.phoneNumber, userId, by, now, trails: [tenant] });
  return done({ lifted: Boolean(lifted) });
}

/** Any number, by the provider: exactly 10 digits, as the list names them (anything else never reaches a key). */
export async function unlockAny(
  kv: Store,
  { typed, by, now }: { typed: string; by: string; now: number },
): Promise<Outcome<{ phone: string; lifted: boolean }>> {
  const phone = /^\d{10}$/.test(typed) ? normalizePhone(typed) : null;
  if (!phone) return refuse(400, PHONE_ERROR);
  return done({ phone, lifted: Boolean(await unlockAnyNumber(kv, { phone, by, now })) });
}
