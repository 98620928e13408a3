/**
 * A short random pause before retrying a lost versionstamp race, growing with
 * each attempt (up to 50 ms), so writers that collided on the same key (a
 * tenant's feed head) spread out instead of colliding again.
 */
import { fullJitter } from "../lib/backoff.ts";

export function backoff(attempt: number): Promise<void> {
  const ms = fullJitter(attempt, { baseMs: 1, capMs: 50 });
  return new Promise((resolve) => setTimeout(resolve, ms));
}
