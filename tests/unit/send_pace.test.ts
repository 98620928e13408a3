/** How long a login that texts nothing waits (server/send_pace.ts): as long as this process's texts lately took. */
import { describe, expect, it } from "vitest";
import { FIRST_WAIT_MS, SendPace } from "../../server/send_pace.ts";

describe("SendPace", () => {
  it("waits about what a provider takes before the first text, then the median of the last 16 sends", () => {
    const pace = new SendPace();
    expect(pace.typical()).toBe(FIRST_WAIT_MS);
    for (const ms of [900, 100, 120, 110]) pace.record(ms);
    expect(pace.typical()).toBe(120);
    for (let i = 0; i < 16; i++) pace.record(40);
    // The old, slow sends have left the window.
    expect(pace.typical()).toBe(40);
  });

  it("waits that long", async () => {
    const pace = new SendPace();
    pace.record(80);
    const started = performance.now();
    await pace.wait();
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
  });
});
