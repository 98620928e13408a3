/**
 * Graceful shutdown on SIGTERM and SIGINT (issue 10, item 6): stop accepting
 * connections, close every live socket with 1001 so clients reconnect to the
 * next process at once, let requests in flight finish, close KV and release
 * the store lock. The batched log is written by the unload event Deno.exit
 * fires (lib/log.ts). A second signal, or requests still running after the
 * grace period, ends the process at once with exit code 1.
 */
import type { Logger } from "../lib/log.ts";
import type { StoreLock } from "../kv/lock.ts";
import { closeAllLive } from "./live/hub.ts";

/** Long enough for any request the app serves; well inside systemd's 90 s TimeoutStopSec. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface Stoppable {
  kv: Deno.Kv;
  server: Deno.HttpServer;
  log: Logger;
  lock: StoreLock | null;
  graceMs?: number;
}

/** Stops the server as above; answers the exit code: 0 when everything in flight finished. */
export async function shutDown({ kv, server, log, lock, graceMs = SHUTDOWN_GRACE_MS }: Stoppable): Promise<number> {
  const started = performance.now();
  const drained = server.shutdown(); // stops accepting now; resolves once every request has its answer
  let sockets = closeAllLive(kv);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finished = await Promise.race([
    drained.then(() => true),
    new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), graceMs)),
  ]);
  clearTimeout(timer);
  sockets += closeAllLive(kv); // any socket that was being admitted while the server drained
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
  let stopping = false;
  const onSignal = (signal: Deno.Signal) => () => {
    if (stopping) {
      log({ event: "server.stop_forced", level: "warn", signal });
      Deno.exit(1);
    }
    stopping = true;
    log({ event: "server.stopping", signal });
    stop().then(Deno.exit, (err) => {
      log({ event: "server.stopped", level: "error", error: String(err?.stack ?? err) });
      Deno.exit(1);
    });
  };
  for (const signal of SIGNALS) Deno.addSignalListener(signal, onSignal(signal));
}
