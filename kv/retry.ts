/**
 * The one retry rule for KV commits checked against what was read: a commit
 * that lost a versionstamp race reads again and tries again, at most
 * MAX_COMMIT_ATTEMPTS times, after a short random pause growing with each
 * attempt (up to 50 ms, lib/backoff.ts) so writers that collided on the same
 * key (a tenant's feed head) spread out instead of colliding again. Past the
 * bound it throws ContentionError, which server/app.tsx answers as a 503.
 */
import { fullJitter } from "../lib/backoff.ts";

/**
 * Enough for 40 simultaneous hits on one rate-limit window (the hottest key
 * with no queue in front of it) to all land: tests/unit/small_parts.test.ts.
 */
export const MAX_COMMIT_ATTEMPTS = 30;

/** A write still losing races after MAX_COMMIT_ATTEMPTS tries: the store is too busy, try again later. */
export class ContentionError extends Error {
  constructor(what: string) {
    super(`Could not ${what}: too much contention`);
    this.name = "ContentionError";
  }
}

/** What a try answers when its commit lost the race: read again and retry. */
export const RETRY: unique symbol = Symbol("retry");

export function backoff(attempt: number): Promise<void> {
  const ms = fullJitter(attempt, { baseMs: 1, capMs: 50 });
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs `attempt` until it answers something other than RETRY. Each try reads
 * what it needs, may answer at once (nothing to write), or commits and answers
 * `committed(op, value)`. `what` names the write in the ContentionError.
 */
export async function commitWithRetry<T>(what: string, attempt: () => Promise<T | typeof RETRY>): Promise<T> {
  for (let tries = 0; tries < MAX_COMMIT_ATTEMPTS; tries++) {
    const result = await attempt();
    if (result !== RETRY) return result;
    await backoff(tries);
  }
  throw new ContentionError(what);
}

/** Commits `op`: `value` when it landed, RETRY when a checked key had moved. */
export async function committed<T>(op: Deno.AtomicOperation, value: T): Promise<T | typeof RETRY> {
  return (await op.commit()).ok ? value : RETRY;
}
