import {
  addNumberFailure,
  FAILURES_PER_ADDRESS,
  keepFor,
  KNOWN_ADDRESS_MS,
  lockedFor,
  type NumberFailures,
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
  now: number;
}

/**
 * What a right code leads to: `write` adds its writes to the commit that uses
 * the code up, given the entries of `read`, read with the code (verify's
 * sign-in, kv/sign_in.ts). At most 6 keys: one read holds 10.
 */
export interface OnRight<T> {
  read: Deno.KvKey[];
  write: (op: Deno.AtomicOperation, read: Deno.KvEntryMaybe<unknown>[]) => Promise<T>;
}

export type Guess<T = undefined> =
  /** `right`: what onRight answered, its writes landed with the code's use. */
  | { outcome: "ok"; right: T }
  /** `counted`: the guess reached a live code (a miss that reached none writes nothing). */
  | { outcome: "wrong"; counted: boolean }
  /** Not checked: the address, or the number for strangers, is out of tries; or racing guesses kept the commit from landing. */
  | { outcome: "locked"; who: "address" | "number"; waitMs: number };

/**
 * One guess at the phone's code, decided in one commit with the counts of
 * lib/lockout.ts. A guess that reaches no live code (none sent, expired, or
 * another client's) answers wrong and writes nothing. A match uses the code up
 * (once, even when two requests race), remembers the address, and makes
 * `onRight`'s writes in the same commit (verify's sign-in: kv/sign_in.ts). A
 * miss counts against the code (void after 5), the address and, from a
 * stranger's address, the number. Racing guesses retry against the newer
 * state.
 */
export async function guessCode<T = undefined>(
  kv: Deno.Kv,
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
  kv: Deno.Kv,
  { phone, hash, challenge, address, now }: GuessInput,
  onRight?: OnRight<T>,
): Promise<Guess<T> | typeof RETRY> {
  const { windowMs, limit } = FAILURES_PER_ADDRESS;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const addressKey = keys.rateWindow("verify_failures", address, windowStart);
  const [codeEntry, numberEntry, knownEntry, addressEntry, ...alsoRead] = await kv.getMany<
    [StoredCode, NumberFailures, number, number, ...unknown[]]
  >([
    keys.otp(phone),
    keys.numberFailures(phone),
    keys.knownAddress(phone, address),
    addressKey,
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
  const wait = known ? 0 : lockedFor(numberEntry.value, now);
  if (wait > 0) return { outcome: "locked", who: "number", waitMs: wait };

  const op = kv.atomic().check(codeEntry, numberEntry, addressEntry);
  if (match) {
    op.delete(keys.otp(phone));
    op.set(keys.knownAddress(phone, address), now, { expireIn: KNOWN_ADDRESS_MS });
    const right = (onRight ? await onRight.write(op, alsoRead) : undefined) as T;
    return await committed<Guess<T>>(op, { outcome: "ok", right });
  }
  if (stored.attempts + 1 >= MAX_CODE_ATTEMPTS) op.delete(keys.otp(phone));
  else {
    op.set(keys.otp(phone), { ...stored, attempts: stored.attempts + 1 }, {
      expireIn: Math.max(1, stored.expiresAt - now),
    });
  }
  op.set(addressKey, addressFailures + 1, { expireIn: windowMs + 60_000 });
  if (!known) {
    const next = addNumberFailure(numberEntry.value, now);
    op.set(keys.numberFailures(phone), next, { expireIn: keepFor(next, now) });
  }
  return await committed<Guess<T>>(op, { outcome: "wrong", counted: true });
}

/** The operator's unlock: strangers' failures at the number start again. */
export async function clearFailures(kv: Deno.Kv, phone: string): Promise<void> {
  await kv.delete(keys.numberFailures(phone));
}
