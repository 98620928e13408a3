/**
 * Entry point for one isolate (`deno run main.ts`: the tests, dev; serve.ts is
 * the production start, one isolate per core): read config, lock and open the
 * store (kv/store.ts), bring an older store's shapes up to date
 * (kv/migrations.ts), seed the demo tenant on first start, serve until
 * SIGTERM or SIGINT. Everything else lives in server/app.tsx; the graceful
 * stop in server/shutdown.ts.
 */
import { localSecret } from "./kv/secrets.ts";
import { localVapidKeys } from "./kv/vapid_keys.ts";
import { makesLocalVapidKeys } from "./lib/config.ts";
import { systemClock } from "./lib/clock.ts";
import { jsonLogger } from "./lib/log.ts";
import { readMapOrigins } from "./server/map_origins.ts";
import { checkPmtilesFile } from "./server/pmtiles_file.ts";
import { exitOnSignals, RequestGate, shutDown } from "./server/shutdown.ts";
import { startHandOvers } from "./server/hand_over.ts";
import { noticeDeps } from "./server/rider_updates.ts";
import {
  buildApp,
  checkedOrExit,
  listeningLines,
  noteLocalSecret,
  noteLocalVapidKeys,
  openStoreOrExit,
  prepareStore,
  startupConfig,
  storeLock,
} from "./server/startup.ts";

const loaded = startupConfig();
const log = jsonLogger();
if (loaded.mapPmtilesPath) await checkedOrExit(checkPmtilesFile(loaded.mapPmtilesPath));
// Read while the store opens: the CSP names the origins the map style needs (never waits past a few seconds).
const mapOrigins = readMapOrigins(loaded.mapStyleUrl, { log });
const lock = await storeLock(loaded.kvPath);
const kv = await openStoreOrExit(loaded.kvPath);
// lib/config.ts has refused a missing JWT_SECRET for https and managed KV: a local start remains.
if (!loaded.jwtSecret) noteLocalSecret(loaded.kvPath);
if (makesLocalVapidKeys(loaded)) noteLocalVapidKeys(loaded.kvPath!);
const config = {
  ...loaded,
  jwtSecret: loaded.jwtSecret ?? await localSecret(kv, loaded.kvPath!),
  vapid: makesLocalVapidKeys(loaded) ? await localVapidKeys(loaded.kvPath!) : loaded.vapid,
};
const demo = await prepareStore(kv, config, log);
const { app, sms, push } = await buildApp({ kv, config, log, mapOrigins: await mapOrigins });

const gate = new RequestGate();
const server = Deno.serve({
  port: config.port,
  onListen: (addr) => {
    for (const line of listeningLines(config, addr, demo)) console.log(line);
  },
}, gate.wrap((req, info) => app.fetch(req, info)));

// Rides booked ahead become pending 20 minutes before their time: once now, catching up after a stop, then on a timer.
const handOvers = new AbortController();
void startHandOvers(noticeDeps({ kv, sms, push, clock: systemClock, config, log }), handOvers.signal);

exitOnSignals(log, () => {
  handOvers.abort();
  return shutDown({ kv, server, gate, log, lock });
});
