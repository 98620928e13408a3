/**
 * Graceful shutdown on SIGTERM and SIGINT: stop taking new
 * requests, close every live socket with 1001 so clients reconnect to the
 * next process at once, let requests in flight finish, close KV and release
 * the store lock. The batched log is written by the unload event Deno.exit
 * fires (lib/log.ts). A second signal, or requests still running after the
 * grace period, ends the process at once with exit code 1.
 *
 * Why a gate before server.shutdown(): on Deno 2.9 shutdown() makes the body
 * of every request in flight unreadable at once (denoland/deno#36809), so a
 * ride request half uploaded would fail with a 500. The gate answers new
 * requests 503 while those in flight finish, and only then is the listener
 * closed.
 */
import type { Logger } from "../lib/log.ts";
import type { StoreLock } from "../kv/lock.ts";
import { closeAllLive, settleLive } from "../routes/live/hub.ts";

type Handler = (req: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

export const STOPPING = "The server is restarting. Please try again in a moment.";

/** Counts requests in flight; once closed, answers new ones 503 so a client retries elsewhere or later. */
export class RequestGate {
  #inFlight = 0;
  #closed = false;
  #idle: (() => void) | null = null;

  /**
   * The handler, counted in flight until it answers. An answer the handler has
   * at once (a page from memory) is handed back as it is, not wrapped in a
   * promise: Deno sends a Response it is given at once without another turn.
   */
  wrap(handler: Handler): Handler {
    const done = () => {
      if (--this.#inFlight === 0) this.#idle?.();
    };
    return (req, info) => {
      if (this.#closed) {
        return Response.json({ error: STOPPING }, {
          status: 503,
          headers: { "retry-after": "1", connection: "close" },
        });
      }
      this.#inFlight++;
      let answer;
      try {
        answer = handler(req, info);
      } catch (err) {
        done();
        throw err;
      }
      if (answer instanceof Response) {
        done();
        return answer;
      }
      return Promise.resolve(answer).finally(done);
    };
  }

  /** Refuses new requests from now on; resolves once none is in flight. */
  close(): Promise<void> {
    this.#closed = true;
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle = resolve);
  }
}

/** Long enough for any request the app serves; well inside systemd's 90 s TimeoutStopSec. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface Stoppable {
  kv: Deno.Kv;
  /** The listener to close once drained; none under `deno serve` (serve.ts), which owns it. */
  server?: Pick<Deno.HttpServer, "shutdown">;
  gate: RequestGate;
  log: Logger;
  lock: StoreLock | null;
  graceMs?: number;
}

/** Stops the server as above; answers the exit code: 0 when everything in flight finished. */
export async function shutDown(
  { kv, server, gate, log, lock, graceMs = SHUTDOWN_GRACE_MS }: Stoppable,
): Promise<number> {
  const started = performance.now();
  const drained = gate.close();
  let sockets = closeAllLive(kv);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => timer = setTimeout(() => resolve("late"), graceMs));
  // Handlers first (their bodies stay readable), then the listener and the responses still streaming.
  let finished = await Promise.race([drained, late]) !== "late";
  if (finished && server) finished = await Promise.race([server.shutdown(), late]) !== "late";
  clearTimeout(timer);
  sockets += closeAllLive(kv); // any socket that was being admitted while the server drained
  // The closed sockets' places are free for the next process at once (kv/socket_leases.ts); a store that fails
  // here leaves them to expire within 20 s.
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  const settled = settleLive(kv).catch(() => {});
  await Promise.race([settled, new Promise((resolve) => settleTimer = setTimeout(resolve, 1000))]);
  clearTimeout(settleTimer);
  kv.close();
  lock?.release();
  const ms = Math.round(performance.now() - started);
  log(
    finished
      ? { event: "server.stopped", sockets, ms }
      : { event: "server.stopped", level: "warn", sockets, ms, error: `requests still running after ${graceMs} ms` },
  );
  return finished ? 0 : 1;
}

const SIGNALS: Deno.Signal[] = Deno.build.os === "windows" ? ["SIGINT"] : ["SIGTERM", "SIGINT"];

/** Runs `stop` on the first SIGTERM or SIGINT and exits with its code; a second signal exits 1 at once. */
export function exitOnSignals(log: Logger, stop: () => Promise<number>): void {
  listenForStop(log).onStop(stop);
}

/**
 * Hears SIGTERM and SIGINT from now on, before the server can stop (an
 * isolate of `deno serve --parallel` still starting): a signal heard then is
 * kept, and `onStop` runs the stop as soon as it is given. Without this, an
 * isolate that had not yet listened missed a signal sent just after the first
 * isolate answered, and the process waited for it to the end of the grace.
 * A second signal exits 1 at once.
 */
export function listenForStop(
  log: Logger,
): { onStop(stop: () => Promise<number>): void; hear(signal: Deno.Signal): void } {
  let stop: (() => Promise<number>) | null = null;
  let heard: Deno.Signal | null = null;
  let stopping = false;
  const run = (signal: Deno.Signal) => {
    stopping = true;
    log({ event: "server.stopping", signal });
    stop!().then(Deno.exit, (err) => {
      log({ event: "server.stopped", level: "error", error: String(err?.stack ?? err) });
      Deno.exit(1);
    });
  };
  // A stop asked for by another isolate usually comes just before the same signal reaches this one: not a second.
  let askedBefore = false;
  const onSignal = (signal: Deno.Signal) => () => {
    if (askedBefore) {
      askedBefore = false;
      return;
    }
    if (stopping || heard) {
      log({ event: "server.stop_forced", level: "warn", signal });
      Deno.exit(1);
    }
    if (stop) run(signal);
    else heard = signal;
  };
  for (const signal of SIGNALS) {
    try {
      Deno.addSignalListener(signal, onSignal(signal));
    } catch {
      // A platform without signals (Deno Deploy) manages the process's life itself.
    }
  }
  return {
    onStop(given) {
      stop = given;
      if (heard) run(heard);
    },
    /** A stop asked for by other means (another isolate): as the signal, but never a forced second one. */
    hear(signal) {
      if (stopping || heard) return;
      onSignal(signal)();
      askedBefore = true;
    },
  };
}
