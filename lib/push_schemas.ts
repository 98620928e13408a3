/**
 * Web push at the edge (routes/api/push.ts, lib/push.ts): the browser's PushSubscription JSON, as it is. Apart from
 * lib/schemas.ts, whose schemas the islands carry: no island sends a subscription through these.
 */
import * as z from "zod/mini";
import type { Text } from "./i18n/catalogue.ts";

export const PUSH_ENDPOINT_TEXT: Text = "endpoint must be the https URL of a push service";
export const PUSH_KEYS_TEXT: Text = "keys must hold the browser's p256dh and auth keys";

/** A browser's key, base64url with or without padding (browsers leave it off): a P-256 point (65 bytes), a secret (16). */
const browserKey = (pattern: RegExp) => z.string(PUSH_KEYS_TEXT).check(z.regex(pattern, PUSH_KEYS_TEXT));
const P256DH = /^[A-Za-z0-9_-]{87}={0,2}$/;
const AUTH_SECRET = /^[A-Za-z0-9_-]{22}={0,2}$/;

const endpoint = z.string(PUSH_ENDPOINT_TEXT).check(
  z.maxLength(1024, PUSH_ENDPOINT_TEXT),
  z.refine((v) => /^https?:\/\/[^\s/?#]+/.test(v) && URL.canParse(v), PUSH_ENDPOINT_TEXT),
);

/** The browser's PushSubscription JSON, as it is: `{endpoint, expirationTime, keys: {p256dh, auth}}`. */
export const pushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.optional(z.nullable(z.number("expirationTime must be a time in milliseconds or null"))),
  keys: z.object({ p256dh: browserKey(P256DH), auth: browserKey(AUTH_SECRET) }, PUSH_KEYS_TEXT),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint });
