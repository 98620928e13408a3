/**
 * The booking hand-over's timer: the sweep (domain/bookings/hand_over.ts)
 * runs once at start, the catch-up after a stop, and then every
 * SWEEP_EVERY_MS, so a booking is handed over at most that late. Each sweep
 * also hands back the waiting rides of drivers who left automatic dispatch's
 * plans without going offline (domain/dispatch/hand_back.ts handBackLeft),
 * and books the dates of standing rides that entered their tenant's booking
 * window (domain/bookings/standing_sweep.ts).
 */
import { handOverDue } from "../domain/bookings/hand_over.ts";
import { handBackLeft } from "../domain/dispatch/hand_back.ts";
import { bookStandingRides } from "../domain/bookings/standing_sweep.ts";
import type { NoticeDeps } from "../domain/rides/tell_rider.ts";

/** How often the timer sweeps: a booking is handed over at most this late. */
export const SWEEP_EVERY_MS = 30_000;

/**
 * Sweeps once now (the catch-up after a stop) and then every `everyMs`, until
 * `signal` aborts. A failed sweep is logged and the next one tries again.
 */
export function startHandOvers(deps: NoticeDeps, signal: AbortSignal, everyMs = SWEEP_EVERY_MS): Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running.then(() => handOverDue(deps)).catch((error) =>
      deps.log({ event: "hand_over.failed", level: "error", error: String(error) })
    ).then(() => handBackLeft(deps)).catch((error) =>
      deps.log({ event: "hand_back.failed", level: "error", error: String(error) })
    ).then(() => bookStandingRides(deps)).catch((error) =>
      deps.log({ event: "standing_rides.failed", level: "error", error: String(error) })
    );
    return running;
  };
  const timer = setInterval(sweep, everyMs);
  signal.addEventListener("abort", () => clearInterval(timer), { once: true });
  return sweep().then(() => {});
}
