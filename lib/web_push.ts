/**
 * Sending a push: the message encrypted as RFC 8291 (aes128gcm) and signed with the VAPID pair (RFC 8292) by the
 * `web-push` library's generateRequestDetails, then posted with fetch (the library's own sender uses node's https).
 * The push service's answer decides what happens to the device: 201 sent; 404 or 410 expired, so the caller drops
 * the subscription; anything else, or no answer, failed. Each outcome is counted (lib/metrics.ts).
 */
import webpush from "web-push";
import type { VapidKeys } from "./config.ts";
import type { Metrics } from "./metrics.ts";
import type { Delivery, PushMessage } from "./push.ts";

export type PushOutcome = "sent" | "expired" | "failed";

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSender {
  /** The public key browsers subscribe with. */
  publicKey: string;
  send(target: PushTarget, message: PushMessage, delivery: Delivery): Promise<PushOutcome>;
}

/** A push service that does not answer in this time is counted failed: a late "here" is no use anyway. */
const SEND_TIMEOUT_MS = 10_000;

export function webPushSender(
  vapid: VapidKeys,
  { contactEmail, metrics, fetchFn = fetch }: { contactEmail: string; metrics?: Metrics; fetchFn?: typeof fetch },
): PushSender {
  const vapidDetails = { subject: `mailto:${contactEmail}`, ...vapid };
  return {
    publicKey: vapid.publicKey,
    async send(target, message, { ttlSeconds, urgency }) {
      const outcome = await post(target, message, ttlSeconds, urgency);
      metrics?.push.inc({ outcome });
      return outcome;
    },
  };

  async function post(target: PushTarget, message: PushMessage, TTL: number, urgency: Delivery["urgency"]) {
    const request = webpush.generateRequestDetails(target, JSON.stringify(message), {
      vapidDetails,
      TTL,
      urgency,
      contentEncoding: "aes128gcm",
    });
    try {
      const res = await fetchFn(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.status === 404 || res.status === 410) return "expired";
      return res.ok ? "sent" : "failed";
    } catch {
      return "failed";
    }
  }
}
