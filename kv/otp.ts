import { CODE_TTL_MS, constantTimeEqual, MAX_CODE_ATTEMPTS } from "../lib/otp.ts";
import { afterSuccess, type FailureState, NO_FAILURES, recordFailure } from "../lib/lockout.ts";
import { keys } from "./keys.ts";
import { backoff } from "./retry.ts";

interface StoredCode {
  hash: string;
  attempts: number;
  expiresAt: number;
}

/** Keeps the hash of a freshly sent code, replacing any earlier one (10-minute life). */
export async function storeCode(kv: Deno.Kv, phone: string, hash: string, now: number): Promise<void> {
  await kv.set(keys.otp(phone), { hash, attempts: 0, expiresAt: now + CODE_TTL_MS }, { expireIn: CODE_TTL_MS });
}

export type CodeCheck = "ok" | "wrong";

/**
 * Checks a code's hash against the stored one. A match consumes the code in
 * the same commit that checked it, so a code works once even when two
 * requests race. A miss counts against the code, which is void after 5.
 */
export async function checkCode(kv: Deno.Kv, phone: string, hash: string, now: number): Promise<CodeCheck> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const entry = await kv.get<StoredCode>(keys.otp(phone));
    const stored = entry.value && entry.value.expiresAt > now ? entry.value : null;
    // Compare even when nothing is stored, so known and unknown numbers take the same time.
    const match = constantTimeEqual(stored?.hash ?? "-".repeat(hash.length), hash) && stored !== null;
    if (!stored) return "wrong";
    const op = kv.atomic().check(entry);
    if (match) op.delete(keys.otp(phone));
    else if (stored.attempts + 1 >= MAX_CODE_ATTEMPTS) op.delete(keys.otp(phone));
    else {
      op.set(keys.otp(phone), { ...stored, attempts: stored.attempts + 1 }, {
        expireIn: Math.max(1, stored.expiresAt - now),
      });
    }
    if ((await op.commit()).ok) return match ? "ok" : "wrong";
    await backoff(attempt);
  }
  return "wrong";
}

export async function getFailures(kv: Deno.Kv, phone: string): Promise<FailureState> {
  return (await kv.get<FailureState>(keys.authFailures(phone))).value ?? NO_FAILURES;
}

/** Counts one failed verify for the phone; returns the new state. */
export async function addFailure(kv: Deno.Kv, phone: string, now: number): Promise<FailureState> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const entry = await kv.get<FailureState>(keys.authFailures(phone));
    const next = recordFailure(entry.value ?? NO_FAILURES, now);
    if ((await kv.atomic().check(entry).set(keys.authFailures(phone), next).commit()).ok) return next;
    await backoff(attempt);
  }
  throw new Error("Could not record the failure: too much contention");
}

/** A successful sign-in: the streak and any lock end; the total stays (lib/lockout.ts). */
export async function endStreak(kv: Deno.Kv, phone: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const entry = await kv.get<FailureState>(keys.authFailures(phone));
    if (!entry.value) return;
    if ((await kv.atomic().check(entry).set(keys.authFailures(phone), afterSuccess(entry.value)).commit()).ok) return;
    await backoff(attempt);
  }
  throw new Error("Could not end the failure streak: too much contention");
}

/** The operator's unlock: every count starts again. */
export async function clearFailures(kv: Deno.Kv, phone: string): Promise<void> {
  await kv.delete(keys.authFailures(phone));
}
