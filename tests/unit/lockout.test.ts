import { describe, expect, it } from "vitest";
import { lockedFor, lockoutText, NO_FAILURES, PERMANENT_AFTER, recordFailure } from "../../lib/lockout.ts";

describe("lockout policy", () => {
  it("locks every 5 failures for a doubling period capped at 24 hours", () => {
    let state = NO_FAILURES;
    const locks: number[] = [];
    for (let i = 1; i < PERMANENT_AFTER; i++) {
      state = recordFailure(state, 0);
      if (i % 5 === 0) locks.push(lockedFor(state, 0) / 60_000);
    }
    expect(locks.slice(0, 5)).toEqual([1, 2, 4, 8, 16]);
    expect(lockedFor(recordFailure(NO_FAILURES, 0), 0)).toBe(0);
    expect(Math.max(...locks)).toBe(24 * 60);
  });

  it("locks for good at 100, so a guesser gets at most 100 tries: 1% of 10,000 codes", () => {
    let state = NO_FAILURES;
    for (let i = 0; i < PERMANENT_AFTER; i++) state = recordFailure(state, 0);
    expect(lockedFor(state, 10 ** 13)).toBe(Infinity);
    expect(PERMANENT_AFTER / 10_000).toBe(0.01);
  });

  it("says how long to wait", () => {
    expect(lockoutText(60_000)).toBe("Too many failed attempts. Please try again in 1 minute.");
    expect(lockoutText(90_000)).toBe("Too many failed attempts. Please try again in 2 minutes.");
    expect(lockoutText(3 * 60 * 60_000)).toBe("Too many failed attempts. Please try again in 3 hours.");
    expect(lockoutText(Infinity)).toMatch(/locked after too many failed attempts/);
  });
});
