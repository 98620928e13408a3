/**
 * The hashes a code and a challenge are kept as (lib/otp.ts), on the server
 * only. node:crypto answers at once: WebCrypto's sign and digest each took a
 * trip through a promise and several times the work, and a sign-in makes five
 * of them.
 */
import { createHash, createHmac, createSecretKey, type KeyObject } from "node:crypto";

/** The key codes are hashed with, made from the server's secret. */
export function otpKey(secret: string): KeyObject {
  return createSecretKey(new TextEncoder().encode(`otp:${secret}`));
}

/** The code as kept in KV: HMAC-SHA-256 of phone and code, base64. */
export function hashCode(key: KeyObject, phone: string, code: string): string {
  return createHmac("sha256", key).update(`${phone}:${code}`).digest("base64");
}

/** The challenge as kept in KV: its SHA-256, so a copy of the store cannot answer for a client. */
export function hashChallenge(challenge: string): string {
  return createHash("sha256").update(challenge).digest("base64");
}
