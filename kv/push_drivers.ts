/**
 * The tenant's drivers who have ride-alert devices: a new request in dispatch by drivers is pushed to those of them
 * online, so the request reads a list as long as they are, not one as long as every driver online (a big tenant's
 * thousands of drivers with the screen open need no push). A hint, not a record: who is online is read from the
 * drivers' state, and an entry whose person has no device left is dropped when it is next read.
 */
import type { Store } from "./store.ts";
import { keys } from "./keys.ts";
import { getRoles, listUserTenantCodes } from "./members.ts";
import { can } from "../lib/roles.ts";

/** Marks the person in each tenant where they may drive (after they added a device). */
export async function markPushDriverEverywhere(kv: Store, userId: string): Promise<void> {
  for (const tenant of await listUserTenantCodes(kv, userId)) {
    if (can(await getRoles(kv, tenant, userId), "drive")) await kv.set(keys.pushDriver(tenant, userId), true);
  }
}

/** Marks a driver of `tenant` (going online with a device). */
export async function markPushDriver(kv: Store, tenant: string, userId: string): Promise<void> {
  await kv.set(keys.pushDriver(tenant, userId), true);
}

export async function unmarkPushDriver(kv: Store, tenant: string, userId: string): Promise<void> {
  await kv.delete(keys.pushDriver(tenant, userId));
}

export async function listPushDrivers(kv: Store, tenant: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const e of kv.list({ prefix: keys.pushDrivers(tenant) })) ids.push(String(e.key[2]));
  return ids;
}
