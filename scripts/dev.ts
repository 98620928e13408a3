/**
 * `deno task dev`: rebuilds the islands on every change and restarts the
 * server when the code or the build changes. A new island file needs a restart
 * of this task (esbuild watches the files it already knows).
 */
import { watch } from "./build.ts";

await watch();
console.log("watching islands/, hooks/, components/, browser/ and lib/ for changes");

const server = new Deno.Command(Deno.execPath(), {
  args: [
    "run",
    "--allow-net",
    "--allow-env",
    "--allow-read",
    "--allow-write",
    "--watch=static/build/manifest.json,static/styles.css",
    "main.ts",
  ],
  stdin: "inherit",
  stdout: "inherit",
  stderr: "inherit",
}).spawn();

Deno.addSignalListener("SIGINT", () => {
  // SIGKILL: under --watch the server's own graceful stop (server/shutdown.ts) ends only the
  // watched program, and the watcher would outlive this task waiting for a file change.
  server.kill("SIGKILL");
  Deno.exit(0);
});
await server.status;
