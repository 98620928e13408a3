/**
 * Ten 5 MB camera photos uploaded at once to the real server (main.ts as a
 * child process) while /healthz is asked again and again:
 * what tests/api/photo_load.test.ts checks and tests/bench/photo_load.ts times.
 */
import { encodeJpeg } from "../../lib/images/codecs.ts";
import { signInThroughApi, startServer } from "../e2e/server.ts";
import { cameraLike, cameraSize } from "./camera_photo.ts";
import { startFakeTwilio } from "./fake_twilio.ts";

export const UPLOADS = 10;

export interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

export interface PhotoLoad {
  photoBytes: number;
  answers: Answer[];
  /** Every /healthz status and time (ms) asked while the uploads ran. */
  health: { status: number; ms: number }[];
  rss: { start: number; peak: number; settled: number };
}

/** The resident memory of a process, from /proc (Linux, as on CI). */
async function rss(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** Runs the load; `settledBelow` is the memory to wait (at most `settleMs`) for the server to go back under. */
export async function runPhotoLoad(slack: number, settleMs: number): Promise<PhotoLoad> {
  const twilio = startFakeTwilio();
  const server = await startServer({ env: twilio.env });
  try {
    const { width, height } = cameraSize(16);
    const photo = await encodeJpeg(cameraLike(width, height, 40), 90);
    const { token } = await signInThroughApi(server.url, twilio.codeFor, "8645550177", null);
    for (let i = 0; i < 5; i++) await (await fetch(`${server.url}/healthz`)).body?.cancel();
    const start = await rss(server.pid);

    let uploading = true;
    const uploads = uploadAll(server.url, token, photo).finally(() => uploading = false);
    const health: PhotoLoad["health"] = [];
    let peak = start;
    while (uploading) {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/healthz`);
      await res.body?.cancel();
      health.push({ status: res.status, ms: performance.now() - t0 });
      peak = Math.max(peak, await rss(server.pid));
      await new Promise((r) => setTimeout(r, 20));
    }
    const answers = await uploads;
    const settled = performance.now();
    let now = await rss(server.pid);
    while (now > start + slack && performance.now() - settled < settleMs) {
      await new Promise((r) => setTimeout(r, 250));
      now = await rss(server.pid);
    }
    return { photoBytes: photo.length, answers, health, rss: { start, peak, settled: now } };
  } finally {
    await server.stop();
    await twilio.stop();
  }
}

/** The uploads, sent from a worker so this thread only measures. */
function uploadAll(url: string, token: string, photo: Uint8Array): Promise<Answer[]> {
  const worker = new Worker(new URL("./upload_worker.ts", import.meta.url), { type: "module" });
  return new Promise<Answer[]>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<Answer[]>) => resolve(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(event.message));
    };
    worker.postMessage({ url, token, photo, count: UPLOADS });
  }).finally(() => worker.terminate());
}
