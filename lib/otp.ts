/**
 * One-time codes: 4 random digits from the platform CSPRNG, kept only as a
 * keyed hash (HMAC-SHA-256 over phone and code, lib/otp_hash.ts), so a copy
 * of the store does not reveal live codes.
 */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong tries before a code is void and a new one must be sent. */
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_ERROR = "Please enter the 4-digit verification code";
export const WRONG_CODE = "Invalid verification code. Please try again.";

/** A uniformly random 4-digit code (rejection sampling: no modulo bias). */
export function generateCode(): string {
  const buf = new Uint16Array(1);
  do crypto.getRandomValues(buf); while (buf[0] >= 60000);
  return String(buf[0] % 10000).padStart(4, "0");
}

/** Longest challenge a verify may carry (generated ones are 22 characters). */
export const CHALLENGE_MAX = 64;

/**
 * What a login answers besides sending the code: 128 random bits that the
 * verify carries back, binding the code to the client that asked for it.
 */
export function generateChallenge(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function isCodeFormat(code: unknown): code is string {
  return typeof code === "string" && /^\d{4}$/.test(code);
}

/** Compares two equal-length strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
