/**
 * A message to every live device of a person (kv/push_devices.ts). A device the push service says is gone (404,
 * 410) is removed at once; one that failed is kept for the next notice. Answers whether at least one device took
 * every message, so the caller can text instead when none did.
 */
import type { Store } from "../../kv/store.ts";
import { livePushDevices, removePushDevice } from "../../kv/push_devices.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/log.ts";
import type { Delivery, PushMessage } from "../../lib/push.ts";
import type { PushSender } from "../../lib/web_push.ts";

export interface PushDeps {
  kv: Store;
  clock: Clock;
  log: Logger;
  /** Null when push is off (no VAPID keys): nobody is pushed to, and texts go as before. */
  push?: PushSender | null;
}

export async function pushToPerson(
  deps: PushDeps,
  userId: string,
  messages: { message: PushMessage; delivery: Delivery }[],
): Promise<boolean> {
  if (!deps.push || messages.length === 0) return false;
  const devices = await livePushDevices(deps.kv, userId, deps.clock.now());
  let delivered = false;
  for (const device of devices) {
    let all = true;
    for (const { message, delivery } of messages) {
      const outcome = await deps.push.send(device, message, delivery);
      if (outcome === "sent") continue;
      all = false;
      deps.log({ event: `push.${outcome}`, level: outcome === "failed" ? "warn" : "info", userId, tag: message.tag });
      if (outcome === "expired") {
        await removePushDevice(deps.kv, userId, device.endpoint);
        break;
      }
    }
    delivered ||= all;
  }
  return delivered;
}
