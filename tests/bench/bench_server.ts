/**
 * What the benchmarks share: starting the real server (or another script) as
 * a child process, and signing people in by minting a session and token
 * straight into a KV file before the server starts (the SMS limits would make
 * signing in thousands through the API slow). A server started to honour
 * those tokens needs JWT_SECRET = SECRET and PUBLIC_URL = ISSUER.
 */
import { fileURLToPath } from "node:url";
import type { Store } from "../../kv/store.ts";
import { serveArgs } from "../../scripts/serve.ts";
import { createSession } from "../../kv/sessions.ts";
import { tokenSigner } from "../../lib/jwt.ts";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const SECRET = "bench-secret-bench-secret-bench-secret-0123";
export const ISSUER = "http://bench.local";
/** The environment a server needs to accept benchToken's tokens. */
export const TOKEN_ENV = { JWT_SECRET: SECRET, PUBLIC_URL: ISSUER };

export interface Server {
  url: string;
  /** The child's process id (its /proc/{pid}/status for memory). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs `script` with PORT=0 and answers once it prints "listening on http://localhost:N".
 * BENCH_RUN_FLAGS adds flags to its `deno run`, e.g. to profile: `--cpu-prof --cpu-prof-dir=/tmp/prof`.
 */
export async function start(script: string, env: Record<string, string> = {}): Promise<Server> {
  const flags = Deno.env.get("BENCH_RUN_FLAGS")?.split(" ").filter(Boolean) ?? [];
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ...flags, script],
    cwd: ROOT,
    env: { PORT: "0", ...env },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  // Only the first lines are decoded; after "listening" the request log is read raw and dropped,
  // so the bench's own process spends as little as it can of the cores the server shares.
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  while (true) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${script} exited before listening:\n${seen}`);
    seen += decoder.decode(value, { stream: true });
    const match = seen.match(/listening on (http:\/\/localhost:\d+)/);
    if (match) {
      (async () => {
        while (!(await reader.read()).done);
      })();
      return {
        url: match[1],
        pid: child.pid,
        async stop() {
          child.kill("SIGTERM");
          await child.status;
        },
      };
    }
  }
}

/** A new session of `userId` in `kv` and its bearer token (for a server started with TOKEN_ENV). */
export async function benchToken(kv: Store, userId: string, now = Date.now()): Promise<string> {
  const session = await createSession(kv, userId, now);
  return await tokenSigner(SECRET, ISSUER).sign({ userId, sessionId: session.id }, now);
}

export interface Running {
  url: string;
  /** The server's process (under taskset, taskset has exec'd it: the same pid). */
  pid: number;
  stop(): Promise<void>;
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * Starts `script` as its own process: `deno run` (one isolate) or `deno serve
 * --parallel` (`isolates` of them, DENO_JOBS), pinned to `serverCpus` with
 * taskset when given (a pinned load generator then has the other core), and
 * answers once `ready` (a path) answers 200.
 */
export async function startUnder(
  split: { isolates: number; serverCpus?: string },
  script: string,
  { env = {}, ready = "/" }: { env?: Record<string, string>; ready?: string } = {},
): Promise<Running> {
  const port = freePort();
  // BENCH_RUN_FLAGS adds flags to a one-isolate `deno run`, e.g. --cpu-prof to profile.
  const flags = Deno.env.get("BENCH_RUN_FLAGS")?.split(" ").filter(Boolean) ?? [];
  const args = split.isolates > 1
    ? serveArgs(port).map((a) => a === "serve.ts" ? script : a)
    : ["run", "-A", ...flags, script];
  const command = [...(split.serverCpus ? ["taskset", "-c", split.serverCpus] : []), Deno.execPath(), ...args];
  const child = new Deno.Command(command[0], {
    args: command.slice(1),
    cwd: ROOT,
    env: { ...env, PORT: String(port), DENO_JOBS: String(split.isolates) },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await fetch(url + ready).then((r) => (r.body?.cancel(), r.ok), () => false))) {
    if (Date.now() > deadline) throw new Error(`${script} did not answer ${ready} within 60 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}
