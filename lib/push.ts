/**
 * Web push: where a device may be pushed, the cap on a person's devices, and the message a device shows. Pure: the
 * subscription a browser hands over is checked at the edge (lib/push_schemas.ts pushSubscriptionSchema), the store is
 * kv/push_devices.ts, the sending lib/web_push.ts.
 */

/** A person keeps at most this many devices: a sixth replaces the one added first. */
export const MAX_PUSH_DEVICES = 5;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The browsers' push services (Chrome, Edge's and Samsung's through FCM; Firefox; Safari; Windows): a subscription
 * names a host of one of these, or the host under it.
 */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "push.apple.com",
  "notify.windows.com",
];

/**
 * Whether a device may be pushed to at `endpoint`: https on a browser's push service, or on a local start
 * (`loopback`) a push service on this machine. Nothing else: the server would post to any address a signed-in person
 * names, an address inside its own network included.
 */
export function allowedEndpoint(endpoint: string, loopback: boolean): boolean {
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (loopback && LOOPBACK.has(url.hostname)) return url.protocol === "http:" || url.protocol === "https:";
  return url.protocol === "https:" && !url.port &&
    PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/** What a device shows: the organisation's name over the words of the text, and the screen a tap opens. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path on this site: the ride's screen. */
  url: string;
  /** One notification per ride: a newer one replaces the last on the lock screen. */
  tag: string;
}

/** RFC 8030's Urgency: how soon a phone on battery should wake for it. */
export type Urgency = "very-low" | "low" | "normal" | "high";

/** How long a push service keeps a message for a phone that is off, and how soon it wakes for it. */
export interface Delivery {
  ttlSeconds: number;
  urgency: Urgency;
}
