/** The source of "now" for the whole app, so tests can move time by hand. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to (tests, simulations). */
export class FakeClock implements Clock {
  constructor(private ms = Date.UTC(2026, 0, 5, 15, 0, 0)) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
  set(ms: number): void {
    this.ms = ms;
  }
}
