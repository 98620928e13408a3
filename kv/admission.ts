/**
 * Whether a sign-in at a tenant may go on (issue 19, "Who may join"): read by
 * phone before any code is sent or spent, so nothing is created for someone
 * the tenant refuses. The rule itself is lib/joining.ts.
 */
import { type Admission, admissionOf } from "../lib/joining.ts";
import type { Tenant } from "../lib/schemas.ts";
import { settingsOf } from "../lib/tenant_settings.ts";
import { keys } from "./keys.ts";
import type { Membership } from "./members.ts";
import type { NumberHold } from "./number_holds.ts";
import type { User } from "./users.ts";

/**
 * What a sign-in with this phone at this tenant meets. Reads four keys at
 * most; writes nothing. `numberHash` (lib/number_hash.ts) finds a block the
 * tenant holds against the number itself (kv/number_holds.ts).
 */
export async function admissionAt(kv: Deno.Kv, tenant: Tenant, phone: string, numberHash?: string): Promise<Admission> {
  const read: Deno.KvKey[] = [keys.userByPhone(phone)];
  if (numberHash) read.push(keys.numberHold(numberHash, tenant.code));
  const [index, hold] = await kv.getMany<unknown[]>(read) as [
    Deno.KvEntryMaybe<string>,
    Deno.KvEntryMaybe<NumberHold>?,
  ];
  return await admissionOfUser(kv, tenant, index.value, hold?.value?.blocked === true);
}

/**
 * admissionAt once the phone's user is known: `userId`, or null when no user
 * has the phone yet; `heldBlocked`, whether the tenant holds a block against
 * the number (it counts for someone who is not a member there).
 */
export async function admissionOfUser(
  kv: Deno.Kv,
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
