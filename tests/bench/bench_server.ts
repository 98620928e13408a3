/**
 * What the benchmarks share: starting the real server (or another script) as
 * a child process, and signing people in by minting a session and token
 * straight into a KV file before the server starts (the SMS limits would make
 * signing in thousands through the API slow). A server started to honour
 * those tokens needs JWT_SECRET = SECRET and PUBLIC_URL = ISSUER.
 */
import { fileURLToPath } from "node:url";
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
export async function benchToken(kv: Deno.Kv, userId: string, now = Date.now()): Promise<string> {
  const session = await createSession(kv, userId, now);
  return await tokenSigner(SECRET, ISSUER).sign({ userId, sessionId: session.id }, now);
}
