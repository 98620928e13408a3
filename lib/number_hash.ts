/**
 * What a tenant holds against a phone number (a block, a no-show pause) is
 * kept under a keyed hash of the number, not the number (kv/number_holds.ts):
 * the hold outlives the person's account, yet a copy of the store does not
 * say which numbers a tenant blocked. The key is made from the server's
 * secret, which no backup holds (kv/secrets.ts), so a restore keeps working
 * only with the same secret.
 */
import { createHmac, createSecretKey, type KeyObject } from "node:crypto";

/** The key numbers are hashed with, made from the server's secret (apart from the codes' key). */
export function numberKey(secret: string): KeyObject {
  return createSecretKey(new TextEncoder().encode(`number:${secret}`));
}

/** The number as holds are keyed: HMAC-SHA-256 of its ten digits, base64url. */
export function hashNumber(key: KeyObject, phone: string): string {
  return createHmac("sha256", key).update(phone).digest("base64url");
}
