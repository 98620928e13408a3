/**
 * Twilio's side of the incoming-message webhook: a form as Twilio posts it,
 * signed as Twilio signs it (HMAC-SHA1 over the URL and the sorted
 * parameters, written here again with node:crypto so the app's own
 * lib/twilio_signature.ts is checked, not reused).
 */
import { createHmac } from "node:crypto";

/** X-Twilio-Signature for a POST of `params` to `url`. */
export function signTwilio(authToken: string, url: string, params: Record<string, string>): string {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join("");
  return createHmac("sha1", authToken).update(data).digest("base64");
}

/** A new SID as Twilio names a message: "SM" and 32 hex digits. */
export function messageSid(): string {
  return "SM" + crypto.randomUUID().replaceAll("-", "");
}

/**
 * The fields Twilio posts with every incoming text, around the sender and the
 * body; each call is a new text, with a MessageSid of its own.
 */
export function inboundForm(from: string, body: string, extra: Record<string, string> = {}): Record<string, string> {
  const sid = messageSid();
  return {
    ToCountry: "US",
    SmsMessageSid: sid,
    NumMedia: "0",
    SmsSid: sid,
    SmsStatus: "received",
    To: "+18645550199",
    MessageSid: sid,
    AccountSid: "AC" + "0123456789abcdef".repeat(2),
    From: from,
    Body: body,
    NumSegments: "1",
    ApiVersion: "2010-04-01",
    ...extra,
  };
}

/** The request Twilio sends: the form, its type, and the signature (or `signature` in its place, or none). */
export function inboundRequest(
  params: Record<string, string>,
  { authToken, url, signature }: { authToken: string; url: string; signature?: string | null },
): RequestInit {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  const sig = signature === undefined ? signTwilio(authToken, url, params) : signature;
  if (sig !== null) headers["x-twilio-signature"] = sig;
  return { method: "POST", headers, body: new URLSearchParams(params).toString() };
}

/**
 * The signature over the pairs as the server will read them (a form body
 * parsed by URLSearchParams: repeated names kept, sorted by name then value),
 * for generated bodies whose raw text is no tidy record.
 */
export function signTwilioPairs(authToken: string, url: string, pairs: Iterable<[string, string]>): string {
  const sorted = [...pairs].sort(([ka, va], [kb, vb]) => (ka < kb ? -1 : ka > kb ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  return createHmac("sha1", authToken).update(url + sorted.map(([k, v]) => k + v).join("")).digest("base64");
}
