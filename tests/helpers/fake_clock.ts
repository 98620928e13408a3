/** A clock that only moves when told to: tests move time by hand instead of waiting. */
import type { Clock } from "../../lib/clock.ts";

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
