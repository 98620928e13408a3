/**
 * Times the profile photo pipeline on a 12-megapixel camera-like JPEG (4000 × 3000, q 88, noisy gradients)
 * and reports the stored size and the process's memory:
 *
 *   deno run --allow-read scripts/measure_photo.ts [runs]
 */
import { encodeJpeg } from "../lib/images/codecs.ts";
import type { Rgba } from "../lib/images/pixels.ts";
import { makeProfilePhoto } from "../lib/images/profile_photo.ts";

function cameraLike(width: number, height: number): Rgba {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 42;
  const noise = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const n = noise() * 40 - 20;
      data[p] = 128 + 100 * Math.sin(x / 300) + n;
      data[p + 1] = 128 + 100 * Math.cos(y / 200) + n;
      data[p + 2] = ((x ^ y) & 255) * 0.5 + n;
      data[p + 3] = 255;
    }
  }
  return { width, height, data };
}

const runs = Number(Deno.args[0] ?? 5);
const jpeg = await encodeJpeg(cameraLike(4000, 3000), 88);
console.log(`input: 4000×3000 JPEG, ${jpeg.length} bytes`);
const times: number[] = [];
let stored = 0;
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const photo = await makeProfilePhoto(jpeg);
  times.push(performance.now() - t0);
  stored = photo.bytes.length;
}
times.sort((a, b) => a - b);
const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;
console.log(`stored: ${stored} bytes`);
console.log(
  `time: first ${times.at(-1)!.toFixed(0)} ms, median ${times[Math.floor(runs / 2)].toFixed(0)} ms over ${runs}`,
);
console.log(`rss after: ${mb(Deno.memoryUsage().rss)}`);
