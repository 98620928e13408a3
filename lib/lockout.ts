/**
 * Verify lockout policy (issue 3): failures count per phone across codes.
 * After every 5 consecutive failures the number is locked for a period that
 * doubles (1 min, 2, 4, … up to 24 h); after 100 it stays locked until an
 * operator clears it. A success ends the streak (and any lock) but not the
 * count of all failures since the operator last cleared the number, which
 * locks for good at 100 too: the owner signing in now and then gives a
 * guesser no fresh tries (issue 10). An online guesser thus gets at most 100
 * guesses per number over its lifetime against 10,000 codes: about 1%.
 */
export const FAILURES_PER_STEP = 5;
export const PERMANENT_AFTER = 100;
const BASE_MS = 60 * 1000;
const MAX_MS = 24 * 60 * 60 * 1000;

export interface FailureState {
  consecutive: number;
  /** Epoch ms until which verifies are refused; null when not locked. */
  lockedUntil: number | null;
  permanent: boolean;
  /** Failures since the operator last cleared the number; absent in records written before it (then `consecutive`). */
  total?: number;
}

export const NO_FAILURES: FailureState = { consecutive: 0, lockedUntil: null, permanent: false };

/** The state after one more failure at `now`. */
export function recordFailure(state: FailureState, now: number): FailureState {
  const consecutive = state.consecutive + 1;
  const total = (state.total ?? state.consecutive) + 1;
  if (consecutive >= PERMANENT_AFTER || total >= PERMANENT_AFTER) {
    return { consecutive, total, lockedUntil: null, permanent: true };
  }
  if (consecutive % FAILURES_PER_STEP !== 0) return { ...state, consecutive, total };
  const step = consecutive / FAILURES_PER_STEP;
  const duration = Math.min(BASE_MS * 2 ** (step - 1), MAX_MS);
  return { consecutive, total, lockedUntil: now + duration, permanent: false };
}

/** The state after a successful sign-in: no streak, no lock, the total kept. */
export function afterSuccess(state: FailureState): FailureState {
  return { ...NO_FAILURES, total: state.total ?? state.consecutive };
}

/** Milliseconds the number must still wait, Infinity when locked for good, 0 when free. */
export function lockedFor(state: FailureState, now: number): number {
  if (state.permanent) return Infinity;
  return state.lockedUntil && state.lockedUntil > now ? state.lockedUntil - now : 0;
}

export function lockoutText(waitMs: number): string {
  if (waitMs === Infinity) {
    return "This number is locked after too many failed attempts. Please contact your service's administrator.";
  }
  const minutes = Math.ceil(waitMs / 60_000);
  const when = minutes >= 60 ? `${Math.ceil(minutes / 60)} hours` : minutes === 1 ? "1 minute" : `${minutes} minutes`;
  return `Too many failed attempts. Please try again in ${when}.`;
}
