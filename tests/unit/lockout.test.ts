import { describe, expect, it } from "vitest";
import { addNumberFailure, keepFor, lockedFor, NUMBER_FAILURES_PER_YEAR, YEAR_MS } from "../../lib/lockout.ts";

describe("lockout policy", () => {
  it("locks strangers out of a number after 50 failures, until a year after the first", () => {
    let state = null as ReturnType<typeof addNumberFailure> | null;
    for (let i = 0; i < NUMBER_FAILURES_PER_YEAR - 1; i++) state = addNumberFailure(state, i * 1000);
    expect(lockedFor(state, 60_000)).toBe(0);
    state = addNumberFailure(state, 60_000);
    expect(lockedFor(state, 60_000)).toBe(YEAR_MS - 60_000);
    expect(lockedFor(state, YEAR_MS)).toBe(0);
  });

  it("keeps each record only to the end of its year, and starts a new year after that", () => {
    const first = addNumberFailure(null, 1000);
    expect(keepFor(first, 1000)).toBe(YEAR_MS);
    expect(addNumberFailure(first, 1000 + YEAR_MS)).toEqual({ count: 1, since: 1000 + YEAR_MS });
  });

  it("a stranger's chance over a year: at most 50 guesses at 10,000 codes, 0.5%", () => {
    expect(NUMBER_FAILURES_PER_YEAR / 10_000).toBeLessThanOrEqual(0.005);
  });
});
