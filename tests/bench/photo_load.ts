/**
 * How fast /healthz answers while ten 5 MB photos are uploaded at once: the speed half of tests/api/photo_load.test.ts.
 *
 * Run alone: `deno run -A tests/bench/photo_load.ts` (also part of `deno task bench`).
 */
import { runPhotoLoad, UPLOADS } from "../helpers/photo_load_run.ts";

const TARGET_MS = 200;

export async function benchPhotoLoad(): Promise<string[]> {
  const load = await runPhotoLoad(64 * 2 ** 20, 10_000);
  const times = load.health.map((h) => h.ms).sort((a, b) => a - b);
  const p99 = times[Math.ceil(times.length * 0.99) - 1];
  const p50 = times[Math.floor(times.length / 2)];
  const mib = (n: number) => (n / 2 ** 20).toFixed(0);
  return [
    `| \`/healthz\` while ${UPLOADS} photos of ${(load.photoBytes / 2 ** 20).toFixed(1)} MiB upload at once (${
      load.answers.filter((a) => a.status === 200).length
    } accepted; RSS ${mib(load.rss.start)} → peak ${mib(load.rss.peak)} → ${mib(load.rss.settled)} MiB) | p50 ${
      p50.toFixed(1)
    } ms, p99 ${p99.toFixed(1)} ms over ${times.length} asks | | p99 ≤ ${TARGET_MS} ms ${
      p99 <= TARGET_MS ? "✓" : "✗"
    } |`,
  ];
}

if (import.meta.main) {
  for (const row of await benchPhotoLoad()) console.log(row);
}
