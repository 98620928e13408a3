/**
 * Web push, the parts shared by the server and the screens: the subscription a browser hands over
 * (`PushSubscription.toJSON()`), checked at the edge, and the message a device shows. Pure: the store is
 * kv/push_devices.ts, the sending lib/web_push.ts.
 */
import * as z from "zod/mini";
import type { Text } from "./i18n/catalogue.ts";

/** A person keeps at most this many devices: a sixth replaces the one added first. */
export const MAX_PUSH_DEVICES = 5;

export const PUSH_ENDPOINT_TEXT: Text = "endpoint must be the https URL of a push service";
export const PUSH_KEYS_TEXT: Text = "keys must hold the browser's p256dh and auth keys";

/** base64url of exactly `bytes` bytes, with or without padding (browsers leave it off). */
const base64UrlOf = (bytes: number) =>
  z.string(PUSH_KEYS_TEXT).check(
    z.refine((v) => new RegExp(`^[A-Za-z0-9_-]{${Math.ceil(bytes * 4 / 3)}}={0,2}$`).test(v), PUSH_KEYS_TEXT),
  );

const endpoint = z.string(PUSH_ENDPOINT_TEXT).check(
  z.maxLength(1024, PUSH_ENDPOINT_TEXT),
  z.refine((v) => /^https?:\/\/[^\s/?#]+/.test(v) && URL.canParse(v), PUSH_ENDPOINT_TEXT),
);

/** The browser's PushSubscription JSON, as it is: `{endpoint, expirationTime, keys: {p256dh, auth}}`. */
export const pushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.optional(z.nullable(z.number("expirationTime must be a time in milliseconds or null"))),
  keys: z.object({ p256dh: base64UrlOf(65), auth: base64UrlOf(16) }, PUSH_KEYS_TEXT),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint });

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
