/**
 * The devices a person gets ride alerts on: their browsers' push subscriptions, all in one value per person so the
 * cap (lib/push.ts MAX_PUSH_DEVICES) holds across isolates with one checked commit. Personal data: listed in their
 * export (kv/account_export.ts), deleted with the account (kv/account_deletion.ts).
 */
import type { Store } from "./store.ts";
import { keys } from "./keys.ts";
import { committed, commitWithRetry } from "./retry.ts";
import { MAX_PUSH_DEVICES } from "../lib/push.ts";
import { markPushDriverEverywhere } from "./push_drivers.ts";
import type { PushSubscriptionJson } from "../lib/push_schemas.ts";

export interface PushDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** When the browser says the subscription ends (epoch ms); null when it does not. */
  expirationTime: number | null;
  addedAt: number;
}

export async function listPushDevices(kv: Store, userId: string): Promise<PushDevice[]> {
  return (await kv.get<PushDevice[]>(keys.pushDevices(userId))).value ?? [];
}

/** The devices whose subscription has not ended by `now`: the ones a push can reach. */
export async function livePushDevices(kv: Store, userId: string, now: number): Promise<PushDevice[]> {
  return (await listPushDevices(kv, userId)).filter((d) => d.expirationTime === null || d.expirationTime > now);
}

/**
 * Adds (or renews, for an endpoint already kept) a device. A sixth replaces the one added first. Answers how many
 * devices the person now has and the endpoints it replaced.
 */
export function addPushDevice(
  kv: Store,
  userId: string,
  subscription: PushSubscriptionJson,
  now: number,
): Promise<{ devices: number; replaced: string[] }> {
  return commitWithRetry("add a push device", async () => {
    const entry = await kv.get<PushDevice[]>(keys.pushDevices(userId));
    const kept = (entry.value ?? []).filter((d) => d.endpoint !== subscription.endpoint);
    const device: PushDevice = {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      expirationTime: subscription.expirationTime ?? null,
      addedAt: now,
    };
    const oldestFirst = [...kept].sort((a, b) => a.addedAt - b.addedAt);
    const replaced = oldestFirst.slice(0, Math.max(0, kept.length + 1 - MAX_PUSH_DEVICES)).map((d) => d.endpoint);
    const next = [...kept.filter((d) => !replaced.includes(d.endpoint)), device];
    return await committed(kv.atomic().check(entry).set(keys.pushDevices(userId), next), {
      devices: next.length,
      replaced,
    });
  }).then(async (added) => {
    await markPushDriverEverywhere(kv, userId);
    return added;
  });
}

/** Removes the device at `endpoint` (the person's choice, or the push service said it is gone); true when kept. */
export function removePushDevice(kv: Store, userId: string, endpoint: string): Promise<boolean> {
  return commitWithRetry("remove a push device", async () => {
    const entry = await kv.get<PushDevice[]>(keys.pushDevices(userId));
    const devices = entry.value ?? [];
    const next = devices.filter((d) => d.endpoint !== endpoint);
    if (next.length === devices.length) return false;
    const op = kv.atomic().check(entry);
    if (next.length) op.set(entry.key, next);
    else op.delete(entry.key);
    return await committed(op, true);
  });
}
