import type { MiddlewareHandler } from "hono";
import { isTwilioSignature } from "../../lib/twilio_signature.ts";
import type { Logger } from "../../lib/log.ts";
import type { Env } from "../env.ts";
import { refuse } from "../../domain/refusal.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { refusalAnswer } from "../refusal_answer.ts";

/**
 * What a signed Twilio webhook posted: every parameter, From (the sender) for
 * the handler and the rate limit, and MessageSid, Twilio's name for this one
 * text (kv/twilio_messages.ts keeps it against replays).
 */
export interface TwilioForm {
  params: URLSearchParams;
  from: string;
  messageSid: string;
}

export const FORM_ONLY: Text = "Send the webhook as application/x-www-form-urlencoded";
export const BAD_SIGNATURE: Text = "The request is not signed by Twilio";
export const NO_SENDER: Text = "From is required";
export const NO_MESSAGE_SID: Text = "MessageSid is required";

/** Longer than any number or address Twilio names a sender with; keeps a KV key (the rate limit) small. */
const FROM_MAX = 64;
/** Twilio's SIDs are 34 characters ("SM" and 32 hex digits); the bound keeps a KV key small. */
const SID_MAX = 64;

/**
 * Admits a webhook only when Twilio signed it (docs/security.md, "Twilio
 * webhooks"): reads the form, checks X-Twilio-Signature against `url`, the
 * address Twilio was given (PUBLIC_URL and the path, plus the request's query
 * string when it has one), and the auth token, then puts the form on `c.var.twilioForm`. Refuses a
 * body that is not a form (415), a missing or wrong signature (403) and a
 * signed form without From or MessageSid (400), each with JSON `{ error }`.
 * The body's own limit goes before this one.
 */
export function twilioWebhook(
  { authToken, url: webhookUrl, log }: { authToken: string; url: string; log: Logger },
): MiddlewareHandler<Env> {
  return async function twilioWebhook(c, next) {
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") return refusalAnswer(c, refuse(415, FORM_ONLY));
    const params = new URLSearchParams(await c.req.text());
    const url = webhookUrl + new URL(c.req.url).search;
    if (!await isTwilioSignature(authToken, url, params, c.req.header("x-twilio-signature"))) {
      log({ event: "sms.inbound_refused", level: "warn", reason: "signature", requestId: c.get("requestId") });
      return refusalAnswer(c, refuse(403, BAD_SIGNATURE));
    }
    const from = params.get("From")?.trim() ?? "";
    if (!from || from.length > FROM_MAX) return refusalAnswer(c, refuse(400, NO_SENDER));
    const messageSid = params.get("MessageSid")?.trim() ?? "";
    if (!messageSid || messageSid.length > SID_MAX) return refusalAnswer(c, refuse(400, NO_MESSAGE_SID));
    c.set("twilioForm", { params, from, messageSid });
    await next();
  };
}
