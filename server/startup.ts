/**
 * Start-up pieces both entries share: main.ts (one isolate, `deno run`) and
 * serve.ts (one isolate per core, `deno serve --parallel`).
 */
import denoJson from "../deno.json" with { type: "json" };
import { lockStore, StoreLockedError } from "../kv/lock.ts";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../kv/seed.ts";
import { type Config, ConfigError, loadConfig } from "../lib/config.ts";
import { formatPhone } from "../lib/phone.ts";

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

/** One server per KV file (kv/lock.ts): a second one stops here naming the file. */
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
