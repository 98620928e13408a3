/** The user as the API answers it (spec section 3, User): profile plus tenants with roles. */
import type { Store } from "./store.ts";
import type { Account } from "../lib/account.ts";
import type { Role } from "../lib/roles.ts";
import type { Tenant } from "../lib/schemas.ts";
import { keys } from "./keys.ts";
import { listUserTenantCodes, type Membership } from "./members.ts";
import { listTenants } from "./tenants.ts";
import type { User } from "./users.ts";

export type AccountView = Account;

/** Roles as answered to clients: a super user also carries "super". */
export function withSuper(roles: Role[], user: Pick<User, "isSuper">): Role[] {
  return user.isSuper ? [...roles, "super"] : roles;
}

/**
 * The account view. A super admin sees every tenant (they may enter any);
 * others see the tenants they belong to.
 */
export async function accountView(kv: Store, user: User): Promise<AccountView> {
  const codes = user.isSuper ? (await listTenants(kv)).map((t) => t.code) : await listUserTenantCodes(kv, user.id);
  const tenants: AccountView["tenants"] = [];
  for (let i = 0; i < codes.length; i += 5) {
    const batch = codes.slice(i, i + 5);
    const entries = await kv.getMany<(Tenant | Membership)[]>(
      batch.flatMap((code) => [keys.tenant(code), keys.member(code, user.id)]),
    );
    batch.forEach((code, j) => {
      const tenant = entries[2 * j].value as Tenant | null;
      const member = entries[2 * j + 1].value as Membership | null;
      if (!tenant || (member?.blocked && !user.isSuper)) return; // a blocked member's tenant is not theirs to enter
      tenants.push({ code, name: tenant.name, roles: withSuper(member?.roles ?? [], user) });
    });
  }
  return viewOf(user, tenants);
}

/**
 * The account view of a user made a moment ago (a first sign-in), with nothing
 * to read: their one tenant is the one they joined as a rider, if any.
 */
export function newAccountView(user: User, joined: Tenant | null): AccountView {
  return viewOf(user, joined ? [{ code: joined.code, name: joined.name, roles: withSuper(["rider"], user) }] : []);
}

function viewOf(user: User, tenants: AccountView["tenants"]): AccountView {
  const { id, name, email, phoneNumber, photoUrl, createdAt, language } = user;
  const rideTexts = user.rideTexts !== false;
  const needs = user.needs ?? [];
  return {
    id,
    name,
    email,
    phoneNumber,
    photoUrl,
    createdAt,
    tenants,
    ...(language && { language }),
    rideTexts,
    textsWithPush: user.textsWithPush === true,
    needs,
  };
}
