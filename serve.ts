/**
 * The production entry: one isolate per core in one process,
 *
 *   deno serve --parallel --port 8000 serve.ts     (scripts/serve.ts runs this; DENO_JOBS sets the count)
 *
 * Every isolate evaluates this module and serves its default export; the
 * kernel spreads connections over them (SO_REUSEPORT, connection by
 * connection). They share one KV file: a commit in one wakes KV watches in
 * all, so the live feed and access changes reach sockets held anywhere.
 * The isolates settle the rest over a BroadcastChannel (server/isolates.ts):
 * one holds the store lock and does the one-time start work (migrations, the
 * signing secret, the demo seed, the booking hand-over sweep) while the others
 * wait for it; each drains its own requests and sockets on SIGTERM, and the
 * holder ends the process once all have; a write's drop of reused reads
 * reaches every isolate. main.ts remains the one-isolate start.
 */
import type { Store } from "./kv/store.ts";
import { join } from "node:path";
import { lockStore, type StoreLock, StoreLockedError } from "./kv/lock.ts";
import { localSecret } from "./kv/secrets.ts";
import { localVapidKeys } from "./kv/vapid_keys.ts";
import { systemClock } from "./lib/clock.ts";
import { isKvConnectUrl, makesLocalVapidKeys } from "./lib/config.ts";
import { jsonLogger } from "./lib/log.ts";
import { startHandOvers } from "./server/hand_over.ts";
import { IsolateGroup, type Ready } from "./server/isolates.ts";
import { readMapOrigins } from "./server/map_origins.ts";
import { checkPmtilesFile } from "./server/pmtiles_file.ts";
import { noticeDeps } from "./server/rider_updates.ts";
import { listenForStop, RequestGate, shutDown, SHUTDOWN_GRACE_MS } from "./server/shutdown.ts";
import {
  buildApp,
  checkedOrExit,
  listeningLines,
  noteLocalSecret,
  noteLocalVapidKeys,
  openStoreOrExit,
  prepareStore,
  startupConfig,
} from "./server/startup.ts";

/** How long an isolate refused the lock waits to hear that another isolate of this process holds it. */
const HOLDER_WAIT_MS = 5_000;

const loaded = startupConfig();
if (loaded.kvPath === ":memory:") {
  console.error(
    "KV_PATH=:memory: would give every isolate a store of its own. Use a file, or main.ts for one isolate.",
  );
  Deno.exit(1);
}
const log = jsonLogger();
// Listening from the start: a stop signal sent while this isolate starts is kept, not missed (server/shutdown.ts).
const stopSignals = listenForStop(log);
const group = new IsolateGroup();
// Another isolate heard the signal before this one listened (it was still loading): it asks this one to stop too.
group.onStopAsked(() => stopSignals.hear("SIGTERM"));
if (loaded.mapPmtilesPath) await checkedOrExit(checkPmtilesFile(loaded.mapPmtilesPath));
const mapOrigins = readMapOrigins(loaded.mapStyleUrl, { log });

/**
 * The store lock (kv/lock.ts) is per open file, so the isolates of one process race for it like processes do: the
 * winner holds it for the process. A refused isolate serves when the holder is an isolate here, else stops.
 * A store over the network (a KV Connect URL) is shared by several app machines and has no file here: the isolates
 * race for a lock of this process's own instead, so one of them still starts the store and ends the process.
 * The managed KV (Deno Deploy) needs no lock: each isolate starts alone there, as it always has.
 */
async function takeLock(kvPath: string | null): Promise<{ holding: boolean; lock: StoreLock | null }> {
  const lockFor = kvPath !== null && isKvConnectUrl(kvPath)
    ? join(Deno.env.get("TMPDIR") ?? "/tmp", `hopper-${Deno.pid}.isolates`)
    : kvPath;
  try {
    const lock = await lockStore(lockFor);
    if (lock) group.hold();
    return { holding: true, lock };
  } catch (err) {
    if (!(err instanceof StoreLockedError)) throw err;
    if (await group.holderHere(HOLDER_WAIT_MS)) return { holding: false, lock: null };
    console.error(err.message);
    Deno.exit(1);
  }
}

/** The one-time start work, in the isolate holding the lock; answers what the others are told when it is done. */
async function startStore(kv: Store): Promise<Ready> {
  if (!loaded.jwtSecret) {
    noteLocalSecret(loaded.kvPath);
    await localSecret(kv, loaded.kvPath!); // made here once; the others read the file after "ready"
  }
  if (makesLocalVapidKeys(loaded)) {
    noteLocalVapidKeys(loaded.kvPath!);
    await localVapidKeys(loaded.kvPath!); // made here once; the others read the file after "ready"
  }
  const demo = await prepareStore(kv, loaded, log);
  const ready = { demo: demo && { code: demo.code, name: demo.name } };
  group.ready(ready);
  return ready;
}

const { holding, lock } = await takeLock(loaded.kvPath);
const kv = await openStoreOrExit(loaded.kvPath, { sharedByIsolates: true });
const ready = holding ? await startStore(kv) : await group.whenReady();
const config = {
  ...loaded,
  jwtSecret: loaded.jwtSecret ?? await localSecret(kv, loaded.kvPath!),
  vapid: makesLocalVapidKeys(loaded) ? await localVapidKeys(loaded.kvPath!) : loaded.vapid,
};

const { app, sms, push } = await buildApp({
  kv,
  config,
  log,
  mapOrigins: await mapOrigins,
  isolate: group.id,
  quiet: !holding,
});
// A write here drops the reused reads of every isolate; theirs drop ours.
kv.reads.share(group.shareForgets((note) => kv.reads.drop(note)));

// The booking hand-over sweep (server/hand_over.ts) runs in the holder only. It would be safe in every isolate (each
// hand-over is one commit checked against the booking as read, so a second sweep re-reads and does nothing), but
// one sweep per process spares the others the reads and the lost races.
const handOvers = new AbortController();
if (holding) void startHandOvers(noticeDeps({ kv, sms, push, clock: systemClock, config, log }), handOvers.signal);

const gate = new RequestGate();
/** A write's answer waits at most this long for the other isolates to drop what it changed (server/isolates.ts). */
const FORGET_WAIT_MS = 100;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The app; a write answers once the other isolates have dropped their copies, so the client's next call sees it. */
async function handle(req: Request, info: Deno.ServeHandlerInfo): Promise<Response> {
  const res = await app.fetch(req, info);
  if (WRITES.has(req.method)) await group.settled(FORGET_WAIT_MS);
  return res;
}
stopSignals.onStop(async () => {
  group.stopping();
  handOvers.abort();
  const own = await shutDown({ kv, gate, log, lock: null });
  if (holding && !lock) return own; // the managed store: each isolate is on its own
  if (!lock) {
    // Deno.exit here would end every isolate: say so, and let the holder end the process.
    await new Promise((resolve) => setTimeout(resolve, 10)); // the batched log is written first
    group.stopped(own);
    return new Promise<number>(() => {});
  }
  const others = await group.othersStopped(SHUTDOWN_GRACE_MS + 2_000);
  lock.release();
  // This process's own lock file (a store over the network) means nothing once it has ended.
  if (loaded.kvPath !== null && isKvConnectUrl(loaded.kvPath)) await Deno.remove(lock.lockPath).catch(() => {});
  return Math.max(own, others);
});

export default {
  fetch: gate.wrap(handle),
  // deno serve calls this in one isolate only.
  onListen: (addr: Deno.Addr) => {
    if (addr.transport !== "tcp") return;
    for (const line of listeningLines(config, addr, ready.demo)) console.log(line);
    if (!Deno.env.get("PUBLIC_URL") && addr.port !== config.port) {
      // PUBLIC_URL defaults to PORT's address, and live sockets accept only pages from PUBLIC_URL.
      console.log(`PORT is ${config.port} but this serves port ${addr.port}: set PORT (or PUBLIC_URL) to match.`);
    }
  },
} satisfies Deno.ServeDefaultExport;
