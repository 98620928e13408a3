import { CODE_TTL_MS, constantTimeEqual, MAX_CODE_ATTEMPTS } from "../lib/otp.ts";
import { afterSuccess, type FailureState, lockedFor, NO_FAILURES, recordFailure } from "../lib/lockout.ts";
import { keys } from "./keys.ts";
import { committed, commitWithRetry, ContentionError, RETRY } from "./retry.ts";

interface StoredCode {
  hash: string;
  attempts: number;
  expiresAt: number;
}

/** Keeps the hash of a freshly sent code, replacing any earlier one (10-minute life). */
export async function storeCode(kv: Deno.Kv, phone: string, hash: string, now: number): Promise<void> {
  await kv.set(keys.otp(phone), { hash, attempts: 0, expiresAt: now + CODE_TTL_MS }, { expireIn: CODE_TTL_MS });
}

export type Guess =
  | { outcome: "ok" }
  | { outcome: "wrong"; failures: FailureState }
  /** Not checked: the number is locked (Infinity: for good), or racing guesses kept the commit from landing. */
  | { outcome: "locked"; waitMs: number };

/**
 * One guess at the phone's code, decided in one commit with the lock state
 * (lib/lockout.ts): a locked number's guess is not checked; a match uses the
 * code up (a code works once, even when two requests race) and ends the
 * failure streak; a miss counts against the code, void after 5, and adds a
 * failure. Racing guesses retry against the newer state, so a burst gets no
 * more checks than guessing one at a time (issue 10).
 */
export async function guessCode(kv: Deno.Kv, phone: string, hash: string, now: number): Promise<Guess> {
  try {
    return await commitWithRetry("check the code", () => guessOnce(kv, phone, hash, now));
  } catch (err) {
    // Racing guesses kept every commit from landing: answer locked for a moment, never an unchecked pass.
    if (err instanceof ContentionError) return { outcome: "locked", waitMs: 1000 };
    throw err;
  }
}

/** One try of guessCode: RETRY when a racing guess moved the code or the lock state meanwhile. */
async function guessOnce(kv: Deno.Kv, phone: string, hash: string, now: number): Promise<Guess | typeof RETRY> {
  const [codeEntry, failEntry] = await kv.getMany<[StoredCode, FailureState]>([
    keys.otp(phone),
    keys.authFailures(phone),
  ]);
  const failures = failEntry.value ?? NO_FAILURES;
  const waitMs = lockedFor(failures, now);
  if (waitMs > 0) return { outcome: "locked", waitMs };
  const stored = codeEntry.value && codeEntry.value.expiresAt > now ? codeEntry.value : null;
  // Compare even when nothing is stored, so known and unknown numbers take the same time.
  const match = constantTimeEqual(stored?.hash ?? "-".repeat(hash.length), hash) && stored !== null;
  const op = kv.atomic().check(codeEntry).check(failEntry);
  const next = match ? afterSuccess(failures) : recordFailure(failures, now);
  if (match || (stored && stored.attempts + 1 >= MAX_CODE_ATTEMPTS)) op.delete(keys.otp(phone));
  else if (stored) {
    op.set(keys.otp(phone), { ...stored, attempts: stored.attempts + 1 }, {
      expireIn: Math.max(1, stored.expiresAt - now),
    });
  }
  if (!match || failEntry.value) op.set(keys.authFailures(phone), next);
  return await committed<Guess>(op, match ? { outcome: "ok" } : { outcome: "wrong", failures: next });
}

/** The operator's unlock: every count starts again. */
export async function clearFailures(kv: Deno.Kv, phone: string): Promise<void> {
  await kv.delete(keys.authFailures(phone));
}
