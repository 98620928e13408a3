/**
 * Start-up pieces both entries share: main.ts (one isolate, `deno run`) and
 * serve.ts (one isolate per core, `deno serve --parallel`).
 */
import type { Store } from "../kv/store.ts";
import denoJson from "../deno.json" with { type: "json" };
import { lockStore, StoreLockedError } from "../kv/lock.ts";
import { openStore } from "../kv/open.ts";
import { migrateStore } from "../kv/migrations.ts";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../kv/seed.ts";
import { seedDemoTenant } from "../domain/tenants/demo.ts";
import { secretPathFor } from "../kv/secrets.ts";
import { vapidPathFor } from "../kv/vapid_keys.ts";
import { forgetSocketHolders } from "../kv/socket_leases.ts";
import { systemClock } from "../lib/clock.ts";
import { type Config, ConfigError, isKvConnectUrl, loadConfig } from "../lib/config.ts";
import type { Logger } from "../lib/log.ts";
import { formatPhone } from "../lib/phone.ts";
import type { Tenant } from "../lib/schemas.ts";
import { senderFromConfig, type SmsSender } from "../lib/sms.ts";
import { createApp } from "./app.tsx";
import { Metrics } from "../lib/metrics.ts";
import type { PushSender } from "../lib/web_push.ts";
import { pushFromConfig } from "./push.ts";

/** A start-up check that fails with a ConfigError stops the server, naming the variable. */
export async function checkedOrExit(check: Promise<void>): Promise<void> {
  try {
    await check;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      Deno.exit(1);
    }
    throw err;
  }
}

export function startupConfig(): Config {
  try {
    return loadConfig({ HOPPER_VERSION: denoJson.version, ...Deno.env.toObject() });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      Deno.exit(1);
    }
    throw err;
  }
}

/** One server per KV file (kv/lock.ts): a second one stops here naming the file. A KV Connect URL takes no lock. */
export async function storeLock(kvPath: string | null) {
  try {
    return await lockStore(kvPath);
  } catch (err) {
    if (err instanceof StoreLockedError) {
      console.error(err.message);
      Deno.exit(1);
    }
    throw err;
  }
}

/**
 * Opens the store (kv/open.ts). A KV Connect server that cannot be reached or refuses the token stops the start with
 * a message naming both variables, instead of a stack trace.
 */
export async function openStoreOrExit(
  kvPath: string | null,
  options?: { sharedByIsolates?: boolean },
): Promise<Store> {
  try {
    return await openStore(kvPath, options);
  } catch (err) {
    if (kvPath === null || !isKvConnectUrl(kvPath)) throw err;
    console.error(
      `Could not open the KV Connect store KV_PATH=${kvPath} with DENO_KV_ACCESS_TOKEN: ` +
        `${err instanceof Error ? err.message : err}`,
    );
    Deno.exit(1);
  }
}

/** The lines a start prints once it listens: where, which store, and how to try the demo tenant it created. */
export function listeningLines(
  config: Config,
  { hostname, port }: { hostname: string; port: number },
  demo: { code: string; name: string } | null,
): string[] {
  const shown = hostname === "0.0.0.0" ? "localhost" : hostname;
  const lines = [
    `Hopper ${config.version} listening on http://${shown}:${port} (KV: ${config.kvPath ?? "managed"})`,
  ];
  if (demo) {
    const base = Deno.env.get("PUBLIC_URL") ? config.publicUrl : `http://${shown}:${port}`;
    lines.push(
      `Created the demo tenant "${demo.name}". Open ${base}/${demo.code} to see it.`,
      `Demo admin: ${formatPhone(DEMO_ADMIN_PHONE)}. Demo driver: ${formatPhone(DEMO_DRIVER_PHONE)}. ` +
        "Any other number signs in as a rider.",
    );
  }
  return lines;
}

/** Said when no JWT_SECRET is set: the one generated once, and where it is kept. */
export function noteLocalSecret(kvPath: string | null): void {
  const where = kvPath === ":memory:" ? "in memory" : `in ${secretPathFor(kvPath!)} (mode 0600)`;
  console.log(`JWT_SECRET is not set: signing sessions with a secret generated once and kept ${where}.`);
}

/** Said on a local start without VAPID keys: ride alerts use a pair made once, and where it is kept. */
export function noteLocalVapidKeys(kvPath: string): void {
  const where = kvPath === ":memory:" ? "in memory" : `in ${vapidPathFor(kvPath)} (mode 0600)`;
  console.log(`VAPID keys are not set: ride alerts on devices use a key pair generated once and kept ${where}.`);
}

/**
 * The one-time start work on an open store (main.ts; serve.ts's lock holder): an older store's shapes brought up
 * to date (kv/migrations.ts), the demo tenant on a first start, a stopped process's sockets no longer counted.
 * Answers the demo tenant when it was created.
 */
export async function prepareStore(kv: Store, config: Config, log: Logger): Promise<Tenant | null> {
  const migrated = await migrateStore(kv);
  if (Object.values(migrated).some((n) => n > 0)) log({ event: "store.migrated", ...migrated });
  const demo = await seedDemoTenant(kv, systemClock.now(), { fleet: true });
  // A local file has one server process (kv/lock.ts): sockets still counted are a stopped one's, free them now. A
  // store over the network has other app machines' live sockets: a stopped one's stop counting on their own.
  if (config.kvPath !== null && !isKvConnectUrl(config.kvPath)) await forgetSocketHolders(kv);
  if (config.sms.provider === "console") {
    console.log("SMS_PROVIDER is console: sign-in codes are printed here instead of texted.");
  }
  return demo;
}

/**
 * The app on an open store, with its SMS sender, and Sentry when SENTRY_DSN is set (its SDK is loaded only then: it
 * costs start-up time). `quiet`: an isolate that is not the first says nothing of it.
 */
export async function buildApp(
  { kv, config, log, mapOrigins, isolate, quiet = false }: {
    kv: Store;
    config: Config;
    log: Logger;
    mapOrigins: string[];
    isolate?: string;
    quiet?: boolean;
  },
): Promise<{ app: ReturnType<typeof createApp>; sms: SmsSender; push: PushSender | null }> {
  const reporter = config.sentryDsn
    ? (await import("../lib/error_reporter.ts")).sentryReporter({
      dsn: config.sentryDsn,
      release: `hopper@${config.version}`,
    })
    : undefined;
  if (reporter && !quiet) console.log("SENTRY_DSN is set: unhandled errors are reported to Sentry.");
  const sms = senderFromConfig(config);
  // One push sender for the app and the hand-over sweep, counted in the app's metrics.
  const metrics = new Metrics();
  const push = pushFromConfig(config, metrics);
  const app = createApp({
    kv,
    sms,
    push,
    metrics,
    clock: systemClock,
    config,
    log,
    reporter,
    mapOrigins,
    ...(isolate && { isolate }),
  });
  return { app, sms, push };
}
