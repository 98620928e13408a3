/**
 * Starts the real server (main.ts) as a child process on a free port with its
 * own KV file in a temporary directory, for end-to-end tests:
 *
 *   let server: TestServer;
 *   beforeAll(async () => server = await startServer());
 *   afterAll(() => server?.stop());
 */
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { serveArgs } from "../../scripts/serve.ts";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";
import { openStore } from "../../kv/open.ts";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

const LISTENING = /listening on http:\/\/localhost:(\d+)/;

export interface TestServer {
  /** e.g. http://localhost:43123 */
  url: string;
  port: number;
  /** The KV file the server uses; open it with openStore(kvPath) (kv/open.ts) to inspect what it stored. */
  kvPath: string;
  /** Everything the server printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Kills the server, waits for it to exit and removes its temporary directory. */
  stop(): Promise<void>;
  /** The server's process id. */
  pid: number;
  /** Resolves with the exit status once the server has ended. */
  status: Promise<Deno.CommandStatus>;
  /** Sends `signal` (SIGKILL: a crash; SIGTERM: a graceful stop) and answers the exit status; keeps KV_PATH. */
  kill(signal: Deno.Signal): Promise<Deno.CommandStatus>;
  /** Moves the server's clock `ms` ahead (started with `shiftableClock` only: tests/e2e/shifted_clock.ts). */
  advanceClock(ms: number): Promise<void>;
}

export interface StartOptions {
  /**
   * Extra environment variables. PORT, KV_PATH and CONTACT_EMAIL are set unless given here, and
   * MALLOC_ARENA_MAX=2 as in the deployment examples (README, "Deploy"). MAP_STYLE_URL is `offline` unless given (or
   * MAP_PMTILES_PATH is): the tests have no internet, so the default street style (OpenFreeMap) could never load here.
   */
  env?: Record<string, string>;
  /** How long to wait for the "listening" line. */
  timeoutMs?: number;
  /**
   * Starts the production entry instead (serve.ts under `deno serve --parallel`, as `deno task start` does) with
   * this many isolates (DENO_JOBS). Its isolates share one port, so a free one is picked first (PORT=0 would give
   * each isolate a port of its own).
   */
  isolates?: number;
  /**
   * The server's clock can be moved ahead with `advanceClock` (tests/e2e/shifted_clock.ts, preloaded). main.ts
   * only: `deno serve` does not run a preload in its isolates.
   */
  shiftableClock?: boolean;
  /**
   * Starts on an empty store, as a first start does: the demo tenant comes with its fleet and automatic dispatch.
   * Otherwise (and unless KV_PATH is given) the store is seeded first with the demo tenant the tests of drivers mode
   * start from: drivers choose from the list, no vehicles.
   */
  firstStart?: boolean;
}

/** A port nothing listens on now. */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

export async function startServer(
  { env = {}, timeoutMs = 30_000, isolates, shiftableClock = false, firstStart = false }: StartOptions = {},
): Promise<TestServer> {
  if (isolates && shiftableClock) throw new Error("a shiftable clock needs main.ts, not deno serve's isolates");
  const dir = await Deno.makeTempDir({ prefix: "hopper-e2e-" });
  const kvPath = env.KV_PATH ?? join(dir, "hopper.kv");
  if (!env.KV_PATH && !firstStart) {
    const kv = await openStore(kvPath);
    await seedDemoTenant(kv, Date.now());
    kv.close();
  }
  const port = isolates ? freePort() : 0;
  const clockFile = join(dir, "clock_shift");
  let shift = 0;
  if (shiftableClock) await Deno.writeTextFile(clockFile, "0");
  const child = new Deno.Command(Deno.execPath(), {
    args: isolates
      ? serveArgs(port)
      : shiftableClock
      ? ["run", "-A", "--preload", "tests/e2e/shifted_clock.ts", "main.ts"]
      : ["run", "-A", "main.ts"],
    cwd: REPO_ROOT,
    env: {
      PORT: String(port),
      ...(isolates ? { DENO_JOBS: String(isolates) } : {}),
      KV_PATH: kvPath,
      CONTACT_EMAIL: "hello@hopper.test",
      MALLOC_ARENA_MAX: "2",
      ...(shiftableClock ? { HOPPER_E2E_CLOCK_FILE: clockFile } : {}),
      ...(env.MAP_PMTILES_PATH ? {} : { MAP_STYLE_URL: "offline" }),
      ...env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();

  let log = "";
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      child.kill("SIGTERM");
    } catch {
      // Already exited.
    }
    await child.status;
    await Promise.all([stdoutDone, stderrDone]);
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };

  // Keep draining both pipes for the server's whole life, so it never blocks on a full pipe.
  let onLine: (line: string) => void = () => {};
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let pending = "";
    for await (const bytes of stream) {
      const chunk = decoder.decode(bytes, { stream: true });
      log += chunk;
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    }
    if (pending) onLine(pending);
  };
  const stdoutDone = drain(child.stdout).catch(() => {});
  const stderrDone = drain(child.stderr).catch(() => {});

  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const port = await new Promise<number>((resolve, reject) => {
      onLine = (line) => {
        const m = LISTENING.exec(line);
        if (m) resolve(Number(m[1]));
      };
      timer = setTimeout(
        () => reject(new Error(`server did not start within ${timeoutMs} ms; it printed:\n${log}`)),
        timeoutMs,
      );
      child.status.then((s) => reject(new Error(`server exited early with code ${s.code}; it printed:\n${log}`)));
    });
    const kill = async (signal: Deno.Signal) => {
      try {
        child.kill(signal);
      } catch {
        // Already exited.
      }
      const status = await child.status;
      await Promise.all([stdoutDone, stderrDone]);
      return status;
    };
    return {
      url: `http://localhost:${port}`,
      port,
      kvPath,
      output: () => log,
      stop,
      pid: child.pid,
      status: child.status,
      kill,
      advanceClock: async (ms: number) => {
        if (!shiftableClock) throw new Error("started without shiftableClock");
        shift += ms;
        await Deno.writeTextFile(clockFile, String(shift));
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
    };
  } catch (err) {
    await stop();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** A signed-in person as verify answers: the token and the user (account view). */
export interface ApiSession {
  token: string;
  user: { id: string } & Record<string, unknown>;
}

/**
 * Signs `phone` in through the server's own API, as a screen does: login,
 * then verify with the code the fake Twilio received (`codeFor`), at
 * `tenantCode` (default the demo tenant; null for none). Throws on any refusal.
 */
export async function signInThroughApi(
  base: string,
  codeFor: (phone: string) => string | null,
  phone: string,
  tenantCode: string | null = "greer",
): Promise<ApiSession> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(base + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} for ${phone} answered ${res.status}: ${await res.text()}`);
    return await res.json();
  };
  const { challenge } = await post("/api/auth/login", { phoneNumber: phone });
  return await post("/api/auth/verify", {
    phoneNumber: phone,
    code: codeFor(phone),
    challenge,
    ...(tenantCode && { tenantCode }),
  });
}
