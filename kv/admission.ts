/**
 * Whether a sign-in at a tenant may go on ("Who may join"): a login texts no
 * one the tenant refuses, and a right code is refused before anything is
 * written. The rule itself is lib/joining.ts.
 */
import type { Store } from "./store.ts";
import { type Admission, admissionOf } from "../lib/joining.ts";
import type { Tenant } from "../lib/schemas.ts";
import { settingsOf } from "../lib/tenant_settings.ts";
import { keys } from "./keys.ts";
import type { Membership } from "./members.ts";
import type { User } from "./users.ts";

/**
 * What a sign-in at this tenant meets, once the phone's user is known:
 * `userId`, or null when no user has the phone yet; `heldBlocked`, whether the tenant holds a block against
 * the number (it counts for someone who is not a member there).
 */
export async function admissionOfUser(
  kv: Store,
  tenant: Tenant,
  userId: string | null,
  heldBlocked = false,
): Promise<Admission> {
  const [user, member] = userId
    ? await kv.getMany<[User, Membership]>([keys.user(userId), keys.member(tenant.code, userId)])
    : [null, null];
  return admissionOf(settingsOf(tenant).joinPolicy, {
    isSuper: Boolean(user?.value?.isSuper),
    member: Boolean(member?.value),
    blocked: Boolean(member?.value?.blocked) || (heldBlocked && !member?.value),
  });
}
