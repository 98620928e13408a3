/**
 * Twilio's webhook signature (X-Twilio-Signature): base64 of HMAC-SHA1, keyed
 * with the account's auth token, over the full URL Twilio called followed by
 * every POST parameter sorted by name, each written name then value with no
 * separators. Repeated names are sorted by value, as Twilio's own libraries
 * do. Web Crypto only, so it runs wherever lib/ runs.
 */

const encoder = new TextEncoder();

/** The signature Twilio sends for a POST of `params` to `url`, signed with `authToken`. */
export async function twilioSignature(
  authToken: string,
  url: string,
  params: Iterable<readonly [string, string]>,
): Promise<string> {
  const sorted = [...params].sort(([ka, va], [kb, vb]) => compare(ka, kb) || compare(va, vb));
  const data = url + sorted.map(([k, v]) => k + v).join("");
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(authToken),
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(data)));
  return btoa(String.fromCharCode(...mac));
}

/**
 * Whether `signature` is Twilio's for this request. The comparison takes the
 * same time wherever the texts differ, so timing cannot lead a forger to the
 * right signature byte by byte; a missing or empty signature is never valid.
 */
export async function isTwilioSignature(
  authToken: string,
  url: string,
  params: Iterable<readonly [string, string]>,
  signature: string | null | undefined,
): Promise<boolean> {
  if (!signature) return false;
  return sameText(await twilioSignature(authToken, url, params), signature);
}

/** Constant-time equality of two strings (the length of a signature is no secret: always 28). */
export function sameText(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

/** Code-unit order, as Twilio's libraries sort names (not the locale's). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
