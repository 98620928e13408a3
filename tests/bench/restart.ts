/**
 * Restarts: `deno task start` on a checkout whose bundles are
 * current, from the command to the first `/healthz` 200. The task checks the
 * build inputs' hash (scripts/build_inputs.ts) and skips the build, then
 * starts `deno serve --parallel`. `deno task bench` builds first, so the
 * bundles are current here. Each start gets a fresh KV file and is stopped
 * with SIGTERM, as a supervisor would.
 *
 * Run alone: `deno task build && deno run -A tests/bench/restart.ts`.
 */
import { ROOT } from "./bench_server.ts";

async function oneStart(): Promise<number> {
  const dir = await Deno.makeTempDir({ prefix: "hopper-restart-" });
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  try {
    const started = performance.now();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["task", "start"],
      cwd: ROOT,
      env: { PORT: String(port), KV_PATH: `${dir}/restart.kv` },
      stdout: "null",
      stderr: "null",
    }).spawn();
    try {
      const deadline = started + 60_000;
      while (!(await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => (r.body?.cancel(), r.ok), () => false))) {
        if (performance.now() > deadline) throw new Error("deno task start did not answer /healthz within 60 s");
        await new Promise((r) => setTimeout(r, 10));
      }
      return performance.now() - started;
    } finally {
      child.kill("SIGTERM"); // deno task passes it on to scripts/serve.ts, which passes it to the server
      await child.status;
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

export async function benchRestart(runs = 5): Promise<string[]> {
  await oneStart(); // the first start after a build may still compile the server's modules into Deno's cache
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await oneStart());
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)];
  return [
    `| restart: \`deno task start\` on a checkout whose bundles are current → first \`/healthz\` 200 (build skipped by ` +
    `its inputs' hash, then \`deno serve --parallel\`; median of ${runs}, each ${
      times.map((t) => t.toFixed(0)).join(", ")
    } ms) | ${median.toFixed(0)} ms | | ≤ 1500 ms ${median <= 1500 ? "✓" : "✗"} |`,
  ];
}

if (import.meta.main) console.log((await benchRestart()).join("\n"));
