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
import type { User } from "./users.ts";

/** What a sign-in with this phone at this tenant meets. Reads three keys at most; writes nothing. */
export async function admissionAt(kv: Deno.Kv, tenant: Tenant, phone: string): Promise<Admission> {
  return await admissionOfUser(kv, tenant, (await kv.get<string>(keys.userByPhone(phone))).value);
}

/** admissionAt once the phone's user is known: `userId`, or null when no user has the phone yet. */
export async function admissionOfUser(kv: Deno.Kv, tenant: Tenant, userId: string | null): Promise<Admission> {
  const [user, member] = userId
    ? await kv.getMany<[User, Membership]>([keys.user(userId), keys.member(tenant.code, userId)])
    : [null, null];
  return admissionOf(settingsOf(tenant).joinPolicy, {
    isSuper: Boolean(user?.value?.isSuper),
    member: Boolean(member?.value),
    blocked: Boolean(member?.value?.blocked),
  });
}
