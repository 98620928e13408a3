/**
 * A device key: 128 random bits a browser keeps once it has signed a number
 * in, so the owner is told apart from strangers by something they hold, not
 * by where they connect from. It lives in an httpOnly cookie scoped to the
 * sign-in calls: the browser sends it with every login and verify, no script
 * can read it (so a script injected into a page cannot take it away), and
 * it stays when the person signs out. The server keeps only its SHA-256,
 * per number (kv/otp.ts), for as long as a known address (180 days from the
 * last sign-in).
 */
import { KNOWN_ADDRESS_MS } from "./lockout.ts";
import { generateChallenge } from "./otp.ts";

export const DEVICE_COOKIE = "hopper_device";
/** The calls that read it: login and verify. */
export const DEVICE_COOKIE_PATH = "/api/auth";
/** How long the browser keeps it: as long as the server remembers it. */
export const DEVICE_KEY_MS = KNOWN_ADDRESS_MS;

/** A new device key: 22 base64url characters. */
export const newDeviceKey: () => string = generateChallenge;

/** Whether `value` has the shape of a key this server hands out; anything else is ignored. */
export function isDeviceKey(value: unknown): value is string {
  return typeof value === "string" && /^[\w-]{22}$/.test(value);
}

/** The device key a request's Cookie header carries, or null. */
export function deviceKeyFromCookie(header: string | undefined): string | null {
  for (const part of (header ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === DEVICE_COOKIE) {
      const value = rest.join("=");
      return isDeviceKey(value) ? value : null;
    }
  }
  return null;
}

/** The Set-Cookie value that keeps `key` in the browser (Secure on an https site). */
export function deviceCookie(key: string, https: boolean): string {
  const maxAge = Math.floor(DEVICE_KEY_MS / 1000);
  return `${DEVICE_COOKIE}=${key}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict` +
    (https ? "; Secure" : "");
}
