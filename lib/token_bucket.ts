/**
 * A token bucket: `burst` tokens to start, refilled at `perSecond`, one taken
 * per event. Used for what a socket client may send (docs/live.md "Messages").
 */
export class TokenBucket {
  #tokens: number;
  #at: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now: number = performance.now(),
  ) {
    this.#tokens = burst;
    this.#at = now;
  }

  /** Takes one token; false when none is left (the event is over the limit). */
  take(now: number = performance.now()): boolean {
    const elapsed = Math.max(0, now - this.#at);
    this.#at = Math.max(this.#at, now);
    this.#tokens = Math.min(this.burst, this.#tokens + (elapsed / 1000) * this.perSecond);
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
