/**
 * How long texting a code takes here, so a login that texts nothing (a
 * number the named tenant does not admit: domain/sign_in/request_code.ts) answers after
 * as long as one that texts: the time of the answer must not tell who
 * belongs (docs/security.md, "learning who has an account"). Per process:
 * the provider's pace is the same for every isolate, and each learns it from
 * its own sends.
 */
const KEPT = 16;
/**
 * The wait before this process has sent a text (a new isolate): about what an
 * SMS provider's API takes to answer, so the first logins are not told apart
 * by an answer at once.
 */
export const FIRST_WAIT_MS = 250;

export class SendPace {
  #recent: number[] = [];

  /** Notes how long a text took to send. */
  record(ms: number): void {
    this.#recent.push(ms);
    if (this.#recent.length > KEPT) this.#recent.shift();
  }

  /** The median of the recent sends; FIRST_WAIT_MS before the first. */
  typical(): number {
    if (this.#recent.length === 0) return FIRST_WAIT_MS;
    const sorted = [...this.#recent].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  }

  /** Waits as long as a send typically takes. */
  async wait(): Promise<void> {
    const ms = this.typical();
    if (ms >= 1) await new Promise((resolve) => setTimeout(resolve, ms));
  }
}
