/**
 * Preloaded into an end-to-end server started with `startServer({ shiftableClock: true })` (tests/e2e/server.ts):
 * its Date.now, which the app's clock reads (lib/clock.ts systemClock), runs ahead by the milliseconds written in
 * the file HOPPER_E2E_CLOCK_FILE names. A test moves the real server's clock with `server.advanceClock(ms)` as the
 * API tests move their FakeClock: a no-show after the wait at the pickup, without waiting minutes.
 * Under tests/ only: the shipped server never loads it.
 */
const file = Deno.env.get("HOPPER_E2E_CLOCK_FILE");
if (file) {
  const realNow = Date.now.bind(Date);
  let shift = 0;
  let readAt = -Infinity;
  Date.now = () => {
    // Read again at most every 10 ms of the monotonic clock: advanceClock waits longer than that after writing.
    const at = performance.now();
    if (at - readAt > 10) {
      readAt = at;
      try {
        shift = Number(Deno.readTextFileSync(file)) || 0;
      } catch {
        // Written as it is read: keep the last shift.
      }
    }
    return realNow() + shift;
  };
}
