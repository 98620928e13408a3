/**
 * Times the profile photo pipeline on a camera-like JPEG (4:3, gradients with
 * noise; 12 megapixels at q 88 unless told) and reports the stored size and
 * the process's resident memory before and after:
 *
 *   deno run --allow-read --v8-flags=--expose-gc scripts/measure_photo.ts [megapixels=12] [runs=5] [quality=88] [noise=40]
 *
 * A 40-megapixel file fits under 5 MB only when smooth: try `40 3 70 0`.
 */
import { init as initJpegEncoder } from "@jsquash/jpeg/encode.js";
import { encodeJpeg } from "../lib/images/codecs.ts";
import { makeProfilePhoto } from "../lib/images/profile_photo.ts";
import { wasmModule } from "../lib/images/wasm.ts";
import { cameraLike, cameraSize } from "../tests/helpers/camera_photo.ts";

const megapixels = Number(Deno.args[0] ?? 12);
const runs = Number(Deno.args[1] ?? 5);
const quality = Number(Deno.args[2] ?? 88);
const amplitude = Number(Deno.args[3] ?? 40);
const { width, height } = cameraSize(megapixels);
const jpeg = await encodeJpeg(cameraLike(width, height, amplitude), quality);
// Drop the encoder instance that just held the whole picture, so the numbers below are the pipeline's own.
await (initJpegEncoder as unknown as (m: WebAssembly.Module) => Promise<void>)(
  await wasmModule("@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm"),
);
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;
console.log(`input: ${width}×${height} JPEG, ${jpeg.length} bytes; rss before: ${mib(Deno.memoryUsage().rss)}`);
const times: number[] = [];
let stored = 0;
let peak = 0;
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const photo = await makeProfilePhoto(jpeg);
  times.push(performance.now() - t0);
  peak = Math.max(peak, Deno.memoryUsage().rss);
  stored = photo.bytes.length;
}
gc?.();
times.sort((a, b) => a - b);
console.log(`stored: ${stored} bytes`);
console.log(`time: min ${times[0].toFixed(0)} ms, median ${times[Math.floor(runs / 2)].toFixed(0)} ms over ${runs}`);
console.log(`rss: highest after a run ${mib(peak)}, after gc ${mib(Deno.memoryUsage().rss)}`);
