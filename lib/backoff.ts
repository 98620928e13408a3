/**
 * Full-jitter exponential backoff, the one rule for every retry in Hopper:
 * the wait before retry `attempt` (0-based) is uniform in
 * [0, min(cap, base · 2^attempt)). Clients that lost the server at the same
 * moment (a restart) spread over the whole window instead of coming back
 * together. Sockets use base 1 s and cap 30 s; KV write races 1 ms and 50 ms.
 */
export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  /** Uniform in [0, 1); tests pass their own. */
  random?: () => number;
}

/** The socket reconnect window: 1 s, doubling, at most 30 s. */
export const RECONNECT_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 30_000 };

/** The largest wait `attempt` may draw. */
export function backoffCeiling(attempt: number, { baseMs, capMs }: BackoffOptions): number {
  // 2 ** attempt overflows to Infinity long after min() has capped it: clamp the exponent.
  return Math.min(capMs, baseMs * 2 ** Math.min(Math.max(0, attempt), 52));
}

/** A wait for retry `attempt`: random(0, min(cap, base · 2^attempt)). */
export function fullJitter(attempt: number, options: BackoffOptions): number {
  const random = options.random ?? Math.random;
  return random() * backoffCeiling(attempt, options);
}
