/**
 * The source of "now" for the whole app, so tests can move time by hand
 * (tests/helpers/fake_clock.ts).
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
