/**
 * Sign-in guessing policy. A guess counts only when it reaches a
 * live code: one that was texted to the number in the last 10 minutes, and
 * is either named by the challenge its login answered, or (for clients that
 * do not carry the challenge) guessed from the address that asked for it.
 * Anything else answers 401 and writes nothing.
 *
 * Three counts bound a guesser, all in KV and all expiring:
 * - a code is void after 5 wrong tries (lib/otp.ts);
 * - an address gets 20 failures an hour across all numbers;
 * - a number takes at most 50 failures a year from addresses it has not
 *   signed in from (the year starts at its first failure). After that only
 *   the addresses it signed in from in the last 180 days may try, so a
 *   stranger gets at most 50 guesses per number per year (0.5% of 10,000
 *   codes), and the owner, from their own address, still signs in.
 *
 * A device that signed the number in keeps a device key (lib/device_key.ts):
 * its guesses reach the code whatever the number's count, and count against
 * the key instead, which is void after 10 misses, so a stolen key gives at
 * most 10 guesses; the device then gets a new key at its next sign-in. A number locked before anyone signed it in on a
 * device waits for an admin's unlock (or the year's end).
 */
export const FAILURES_PER_ADDRESS = { limit: 20, windowMs: 60 * 60 * 1000 };
export const NUMBER_FAILURES_PER_YEAR = 50;
export const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** How long an address stays one the number signed in from. */
export const KNOWN_ADDRESS_MS = 180 * 24 * 60 * 60 * 1000;

/** Failures from addresses the number has not signed in from, since `since`. */
export interface NumberFailures {
  count: number;
  since: number;
}

/** The record after one more failure at `now` (a new year once the old one has ended). */
export function addNumberFailure(state: NumberFailures | null, now: number): NumberFailures {
  if (!state || state.since + YEAR_MS <= now) return { count: 1, since: now };
  return { count: state.count + 1, since: state.since };
}

/** How long the record must still be kept: to the end of its year. */
export function keepFor(state: NumberFailures, now: number): number {
  return Math.max(1, state.since + YEAR_MS - now);
}

/** Milliseconds until strangers may guess at the number again; 0 when they may now. */
export function lockedFor(state: NumberFailures | null, now: number): number {
  if (!state || state.count < NUMBER_FAILURES_PER_YEAR) return 0;
  return Math.max(0, state.since + YEAR_MS - now);
}

/**
 * The buckets of a number's send counts (routes/api/auth.ts SEND_LIMITS, per
 * number: 15 minutes, a day). An unlock empties them too: the strangers who
 * locked the number also used up its texts, and the owner should get a code
 * at once.
 */
export const NUMBER_SEND_BUCKETS = ["otp_phone_0", "otp_phone_1"] as const;

/** Misses a device key may make in its life before it is void (a right code does not start them again). */
export const DEVICE_MISSES = 10;

/** A device key as kept by number: when it last signed in, its misses, and whether they made it void. */
export interface DeviceRecord {
  signedInAt: number;
  misses: number;
  void?: true;
}

/** A number strangers may not guess at now, as the admins' list shows it. */
export interface NumberLock {
  /** When strangers' year of failures began, and when it ends (the lock with it). */
  since: number;
  until: number;
}

export const ADDRESS_LOCKED_TEXT = "Too many failed attempts from your network. Please try again later.";
export const NUMBER_LOCKED_TEXT =
  "This number is locked after too many failed attempts. Please sign in on a device or from a network you have used before, or ask your service's administrator to unlock it.";
