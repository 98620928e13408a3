/**
 * A photo cannot stall the server, on the real server
 * (main.ts as a child process): ten 5 MB camera photos uploaded at once while
 * /healthz is asked again and again. Each photo is decoded in a worker of its
 * own, one at a time, so the request thread keeps answering, and the memory a
 * decode took goes back when its worker ends. The server runs as deployed
 * (README, "Deploy"): with MALLOC_ARENA_MAX=2, without which the C allocator
 * keeps about 50 MB more of what the ended workers freed.
 *
 * How fast /healthz answers meanwhile (p99 ≤ 200 ms) is a speed target, so it
 * is measured in `deno task bench` (tests/bench/photo_load.ts), not here:
 * timed here it failed whenever the machine was busy with other work.
 */
import { describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "../../lib/images/rules.ts";
import { runPhotoLoad } from "../helpers/photo_load_run.ts";

const RSS_SLACK = 64 * 2 ** 20;
const SETTLE_MS = 10_000;
const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;

describe("ten 5 MB photos at once", () => {
  it("leave /healthz answering throughout, refuse only with Retry-After, and memory goes back", async () => {
    const load = await runPhotoLoad(RSS_SLACK, SETTLE_MS);
    expect(load.photoBytes).toBeGreaterThan(4.5 * 2 ** 20);
    expect(load.photoBytes).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
    for (const a of load.answers) {
      if (a.status === 503) expect(a.retryAfter).toBe("5");
      else expect(a.status, JSON.stringify(a.body)).toBe(200);
    }
    expect(load.answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    // The request thread kept answering while the photos were decoded.
    expect(load.health.length).toBeGreaterThan(20);
    expect(load.health.filter((h) => h.status !== 200)).toEqual([]);
    const { start, peak, settled } = load.rss;
    expect(settled, `rss start ${mib(start)}, peak ${mib(peak)}, now ${mib(settled)}`).toBeLessThanOrEqual(
      start + RSS_SLACK,
    );
  }, 90_000);
});
