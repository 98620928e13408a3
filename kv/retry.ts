/**
 * A short random pause before retrying a lost versionstamp race, growing with
 * each attempt (up to 50 ms), so writers that collided on the same key (a
 * tenant's feed head) spread out instead of colliding again.
 */
export function backoff(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(50, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
