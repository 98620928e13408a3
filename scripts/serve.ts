/**
 * `deno task start`'s server: runs serve.ts with one isolate per
 * core, `deno serve --parallel`, on PORT (default 8000), and exits with its
 * code. deno serve takes the port as a flag and not from PORT, and a
 * shared port must be a fixed one (PORT=0 would give each isolate a port of
 * its own), so this reads it. DENO_JOBS sets the isolate count (default: the
 * cores). A supervisor can run the same command line directly
 * (docs/operations.md) and needs no launcher.
 *
 * Signals: Ctrl-C reaches both processes from the terminal, so SIGINT is not
 * passed on (twice would force the stop); SIGTERM sent to this process alone
 * (docker stop) is.
 */
import { fileURLToPath } from "node:url";

export const SERVE_PERMISSIONS = ["--allow-net", "--allow-env", "--allow-read", "--allow-write"];

/** The command line of the parallel start, for `port`. */
export function serveArgs(port: number): string[] {
  return ["serve", "--parallel", "--port", String(port), ...SERVE_PERMISSIONS, "serve.ts"];
}

if (import.meta.main) {
  const port = Number(Deno.env.get("PORT")?.trim() || "8000");
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error("PORT must be a port number (1-65535): the isolates of deno serve --parallel share one fixed port.");
    Deno.exit(1);
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: serveArgs(port),
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  Deno.addSignalListener("SIGINT", () => {}); // the child hears Ctrl-C itself and ends; this waits for it
  Deno.addSignalListener("SIGTERM", () => {
    try {
      child.kill("SIGTERM");
    } catch {
      // Already ended.
    }
  });
  const status = await child.status;
  Deno.exit(status.signal ? 1 : status.code);
}
