/** The push sender from the configuration: on with a VAPID pair (the environment's, or a local start's own). */
import type { Config } from "../lib/config.ts";
import type { Metrics } from "../lib/metrics.ts";
import { type PushSender, webPushSender } from "../lib/web_push.ts";

export function pushFromConfig(config: Config, metrics?: Metrics): PushSender | null {
  return config.vapid ? webPushSender(config.vapid, { contactEmail: config.contactEmail, metrics }) : null;
}
