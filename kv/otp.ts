import type { Store } from "./store.ts";
import {
  addNumberFailure,
  DEVICE_MISSES,
  type DeviceRecord,
  FAILURES_PER_ADDRESS,
  keepFor,
  KNOWN_ADDRESS_MS,
  lockedFor,
  NUMBER_FAILURES_PER_YEAR,
  type NumberFailures,
  type NumberLock,
  YEAR_MS,
} from "../lib/lockout.ts";
import { CODE_TTL_MS, constantTimeEqual, MAX_CODE_ATTEMPTS } from "../lib/otp.ts";
import { keys } from "./keys.ts";
import { committed, commitWithRetry, ContentionError, RETRY } from "./retry.ts";

interface StoredCode {
  hash: string;
  attempts: number;
  expiresAt: number;
  /** SHA-256 of the challenge the login answered. */
  challenge: string;
  /** The client address that asked for the code. */
  address: string;
}

/** What a login leaves for its verify: the code's hash, and who may guess at it. */
export interface NewCode {
  hash: string;
  challenge: string;
  address: string;
}

/**
 * Keeps the hash of a freshly sent code, replacing any earlier one (10-minute
 * life): a write added to `op`, the commit that counts the sending limits.
 */
export function addCode(op: Deno.AtomicOperation, phone: string, code: NewCode, now: number): void {
  op.set(keys.otp(phone), { ...code, attempts: 0, expiresAt: now + CODE_TTL_MS } satisfies StoredCode, {
    expireIn: CODE_TTL_MS,
  });
}

export interface GuessInput {
  phone: string;
  hash: string;
  /** SHA-256 of the challenge the client carries; null for clients of the spec, which carry none. */
  challenge: string | null;
  address: string;
  /**
   * SHA-256 of the device key the client carries (lib/device_key.ts), or
   * null; and of a new key, which a right code leaves on the device when it
   * carried none, or one that is void for the number.
   */
  device: { carried: string | null; fresh: string };
  now: number;
}

/**
 * What a right code leads to: `write` adds its writes to the commit that uses
 * the code up, given the entries of `read`, read with the code (verify's
 * sign-in, kv/sign_in.ts). At most 6 keys: one read holds 10.
 */
export interface OnRight<T> {
  read: Deno.KvKey[];
  /**
   * Asked before `write`, given the same entries: a refusal (the text to
   * answer) keeps the sign-in from happening, and the right code is neither
   * used up nor counted as a miss.
   */
  refuse?: (read: Deno.KvEntryMaybe<unknown>[]) => Promise<string | null>;
  write: (op: Deno.AtomicOperation, read: Deno.KvEntryMaybe<unknown>[]) => Promise<T>;
}

export type Guess<T = undefined> =
  /**
   * `right`: what onRight answered, its writes landed with the code's use;
   * `device`: the key the device keeps from now on, the one it carried or the new one.
   */
  | { outcome: "ok"; right: T; device: "carried" | "fresh" }
  /** The code was right, but `refuse` refused the sign-in; nothing was written. */
  | { outcome: "refused"; reason: string }
  /** `counted`: the guess reached a live code (a miss that reached none writes nothing). */
  | { outcome: "wrong"; counted: boolean }
  /** Not checked: the address, or the number for strangers, is out of tries; or racing guesses kept the commit from landing. */
  | { outcome: "locked"; who: "address" | "number"; waitMs: number };

/**
 * One guess at the phone's code, decided in one commit with the counts of
 * lib/lockout.ts. A guess that reaches no live code (none sent, expired, or
 * another client's) answers wrong and writes nothing. A match uses the code up
 * (once, even when two requests race), remembers the address, and makes
 * `onRight`'s writes in the same commit (verify's sign-in: kv/sign_in.ts),
 * and keeps the device key. A miss counts against the code (void after 5),
 * the address and: nothing more from an address the number signed in from;
 * the device key, from a device that signed it in; else the number. Only
 * strangers meet the number's lock. Racing guesses retry against the newer
 * state.
 */
export async function guessCode<T = undefined>(
  kv: Store,
  input: GuessInput,
  onRight?: OnRight<T>,
): Promise<Guess<T>> {
  try {
    return await commitWithRetry("check the code", () => guessOnce(kv, input, onRight));
  } catch (err) {
    // Racing guesses kept every commit from landing: answer locked for a moment, never an unchecked pass.
    if (err instanceof ContentionError) return { outcome: "locked", who: "address", waitMs: 1000 };
    throw err;
  }
}

async function guessOnce<T>(
  kv: Store,
  { phone, hash, challenge, address, device, now }: GuessInput,
  onRight?: OnRight<T>,
): Promise<Guess<T> | typeof RETRY> {
  const { windowMs, limit } = FAILURES_PER_ADDRESS;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const addressKey = keys.rateWindow("verify_failures", address, windowStart);
  // Without a key the slot reads a key that never exists, so every guess reads as many keys.
  const deviceKey = keys.deviceKey(phone, device.carried ?? "-");
  const [codeEntry, numberEntry, knownEntry, addressEntry, deviceEntry, ...alsoRead] = await kv.getMany<
    [StoredCode, NumberFailures, number, number, DeviceRecord, ...unknown[]]
  >([
    keys.otp(phone),
    keys.numberFailures(phone),
    keys.knownAddress(phone, address),
    addressKey,
    deviceKey,
    ...onRight?.read ?? [],
  ]);

  const addressFailures = addressEntry.value ?? 0;
  if (addressFailures >= limit) return { outcome: "locked", who: "address", waitMs: windowStart + windowMs - now };

  const stored = codeEntry.value && codeEntry.value.expiresAt > now ? codeEntry.value : null;
  const reaches = stored !== null &&
    (challenge === null ? stored.address === address : constantTimeEqual(stored.challenge, challenge));
  // Compare even when nothing is reached, so known and unknown numbers take the same time.
  const match = constantTimeEqual(reaches ? stored.hash : "-".repeat(hash.length), hash) && reaches;
  if (!reaches) return { outcome: "wrong", counted: false };

  const known = knownEntry.value !== null;
  const ownDevice = deviceEntry.value !== null && !deviceEntry.value.void;
  const wait = known || ownDevice ? 0 : lockedFor(numberEntry.value, now);
  if (wait > 0) return { outcome: "locked", who: "number", waitMs: wait };

  const op = kv.atomic().check(codeEntry, numberEntry, addressEntry, deviceEntry);
  if (match) {
    const refused = await onRight?.refuse?.(alsoRead);
    if (refused) return { outcome: "refused", reason: refused };
    op.delete(keys.otp(phone));
    op.set(keys.knownAddress(phone, address), now, { expireIn: KNOWN_ADDRESS_MS });
    // The device keeps its key and its misses so far; a key made void by misses is never made good again (a thief
    // who holds it would get new guesses), so the device gets a new one.
    const kept = device.carried !== null && !deviceEntry.value?.void ? "carried" : "fresh";
    const misses = kept === "carried" ? deviceEntry.value?.misses ?? 0 : 0;
    op.set(
      keys.deviceKey(phone, kept === "carried" ? device.carried! : device.fresh),
      {
        signedInAt: now,
        misses,
      } satisfies DeviceRecord,
      { expireIn: KNOWN_ADDRESS_MS },
    );
    const right = (onRight ? await onRight.write(op, alsoRead) : undefined) as T;
    return await committed<Guess<T>>(op, { outcome: "ok", right, device: kept });
  }
  if (stored.attempts + 1 >= MAX_CODE_ATTEMPTS) op.delete(keys.otp(phone));
  else {
    op.set(keys.otp(phone), { ...stored, attempts: stored.attempts + 1 }, {
      expireIn: Math.max(1, stored.expiresAt - now),
    });
  }
  op.set(addressKey, addressFailures + 1, { expireIn: windowMs + 60_000 });
  if (known) {
    // The owner's own network: a typo there costs the number nothing.
  } else if (ownDevice) {
    // A device's misses are its own, over its key's life: at DEVICE_MISSES the key is void, so a stolen one gives
    // that many guesses at most. The void record stays as long as the key would have, so it cannot be made good.
    const misses = deviceEntry.value!.misses + 1;
    op.set(deviceKey, { ...deviceEntry.value!, misses, ...(misses >= DEVICE_MISSES && { void: true as const }) }, {
      expireIn: Math.max(1, deviceEntry.value!.signedInAt + KNOWN_ADDRESS_MS - now),
    });
  } else {
    const next = addNumberFailure(numberEntry.value, now);
    op.set(keys.numberFailures(phone), next, { expireIn: keepFor(next, now) });
    // The miss that locks the number puts it on the admins' list, for as long as the lock lasts.
    if (next.count === NUMBER_FAILURES_PER_YEAR) {
      op.set(keys.lockedNumber(phone), { since: next.since, until: next.since + YEAR_MS } satisfies NumberLock, {
        expireIn: keepFor(next, now),
      });
    }
  }
  return await committed<Guess<T>>(op, { outcome: "wrong", counted: true });
}
