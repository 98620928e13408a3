/**
 * A super admin removes a person from the tenant (DELETE /{t}/api/user/{id}):
 * their rides there are canceled and their sessions there end; one who then
 * belongs to no organisation is deleted the way "Delete my account" deletes
 * (kv/account_deletion.ts): past trips lose their name and phone, the photo
 * goes, and the number may sign up again. A super admin is never removed.
 */
import type { Store } from "../../kv/store.ts";
import type { KeyObject } from "node:crypto";
import { deleteAccount } from "../../kv/account_deletion.ts";
import { listUserTenantCodes } from "../../kv/members.ts";
import { removeUserFromTenant } from "../../kv/user_removal.ts";
import { getUser } from "../../kv/users.ts";
import type { LogEvent } from "../../lib/log.ts";
import { hashNumber } from "../../lib/number_hash.ts";
import { can, type Role } from "../../lib/roles.ts";
import { done, type Outcome, refuse } from "../refusal.ts";
import { SUPER_FOR_DELETE, SUPER_NOT_DELETABLE, USER_NOT_FOUND } from "./texts.ts";

export async function removePerson(
  { kv, numberKey, log }: { kv: Store; numberKey: KeyObject; log: (event: LogEvent) => void },
  { tenant, by, roles, userId, now }: {
    tenant: string;
    by: string;
    roles: readonly Role[];
    userId: string;
    now: number;
  },
): Promise<Outcome<{ removed: true }>> {
  if (!can(roles, "deleteUsers")) return refuse(403, SUPER_FOR_DELETE);
  const target = await getUser(kv, userId);
  if (!target) return USER_NOT_FOUND;
  if (target.isSuper) return refuse(403, SUPER_NOT_DELETABLE);
  const numberHash = hashNumber(numberKey, target.phoneNumber);
  const removal = await removeUserFromTenant(kv, { tenant, userId: target.id, by, now, numberHash });
  if (!removal) return USER_NOT_FOUND;
  for (const { ride, from } of removal.canceled) {
    log({ event: "ride.status", tenant, userId: by, rideId: ride.id, from, to: "canceled" });
  }
  const alone = (await listUserTenantCodes(kv, target.id)).length === 0;
  const deletion = alone ? await deleteAccount(kv, { userId: target.id, by, now, numberHash }) : null;
  log({
    event: "user.removed",
    tenant,
    userId: target.id,
    by,
    roles: removal.roles,
    canceledRides: removal.canceled.length,
    sessionsEnded: removal.sessionsEnded,
    accountDeleted: deletion?.ok === true,
    auditId: removal.audit.id,
  });
  return done({ removed: true });
}
