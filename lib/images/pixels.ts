/**
 * Pixel work in plain JavaScript on RGBA buffers: the centred square crop with
 * a box pre-reduction (so a 40-megapixel photo never reaches the resampler
 * whole), the same reduction of a whole image (logos keep their shape), and
 * the EXIF orientation applied to the small result.
 */
import type { Orientation } from "./exif.ts";

/** RGBA pixels, 4 bytes each, rows top to bottom. `data` owns its whole buffer (the resizer reads the buffer). */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/**
 * The centred square of `img`, reduced by the largest whole factor that keeps
 * its side at least `minSide` (averaging each block, weighted by alpha so
 * transparent pixels lend no colour). The square of the source is also the
 * square of the upright photo, whatever the orientation, so cropping may come
 * before turning.
 */
export function cropSquare(img: Rgba, minSide: number): Rgba {
  const side = Math.min(img.width, img.height);
  const k = Math.max(1, Math.floor(side / minSide));
  const out = Math.floor(side / k);
  const used = out * k;
  return boxReduce(img, Math.floor((img.width - used) / 2), Math.floor((img.height - used) / 2), out, out, k);
}

/**
 * The whole of `img` (no crop), reduced by the largest whole factor that keeps
 * its longer side at least `minSide`, so a logo reaches the resampler small
 * whatever its shape. Up to k - 1 edge rows or columns may be dropped.
 */
export function reduceWhole(img: Rgba, minSide: number): Rgba {
  const k = Math.max(1, Math.floor(Math.max(img.width, img.height) / minSide));
  if (k === 1) return img;
  return boxReduce(img, 0, 0, Math.max(1, Math.floor(img.width / k)), Math.max(1, Math.floor(img.height / k)), k);
}

/**
 * The `outW` × `outH` image whose pixel (x, y) averages the k × k block of
 * `img` at (x0 + x·k, y0 + y·k), weighted by alpha. A block that runs past the
 * image (only when a side is shorter than k) is clamped to the image.
 */
function boxReduce(img: Rgba, x0: number, y0: number, outW: number, outH: number, k: number): Rgba {
  const src = img.data;
  const dst = new Uint8ClampedArray(outW * outH * 4);
  if (k === 1) {
    for (let y = 0; y < outH; y++) {
      const from = ((y0 + y) * img.width + x0) * 4;
      dst.set(src.subarray(from, from + outW * 4), y * outW * 4);
    }
    return { width: outW, height: outH, data: dst };
  }
  const acc = new Float64Array(outW * 4);
  const count = new Float64Array(outW);
  for (let oy = 0; oy < outH; oy++) {
    acc.fill(0);
    count.fill(0);
    for (let dy = 0; dy < k; dy++) {
      const sy = y0 + oy * k + dy;
      if (sy >= img.height) break;
      for (let ox = 0; ox < outW; ox++) {
        const q = ox * 4;
        for (let dx = 0; dx < k; dx++) {
          const sx = x0 + ox * k + dx;
          if (sx >= img.width) break;
          const p = (sy * img.width + sx) * 4;
          const a = src[p + 3];
          acc[q] += src[p] * a;
          acc[q + 1] += src[p + 1] * a;
          acc[q + 2] += src[p + 2] * a;
          acc[q + 3] += a;
          count[ox]++;
        }
      }
    }
    const row = oy * outW * 4;
    for (let ox = 0; ox < outW; ox++) {
      const q = ox * 4;
      const alpha = acc[q + 3];
      if (alpha > 0) {
        dst[row + q] = acc[q] / alpha;
        dst[row + q + 1] = acc[q + 1] / alpha;
        dst[row + q + 2] = acc[q + 2] / alpha;
      }
      dst[row + q + 3] = count[ox] > 0 ? alpha / count[ox] : 0;
    }
  }
  return { width: outW, height: outH, data: dst };
}

/** `img` as it should be seen, given its EXIF orientation (1 returns it unchanged). */
export function orient(img: Rgba, orientation: Orientation): Rgba {
  if (orientation === 1) return img;
  const { width: w, height: h, data: src } = img;
  const turned = orientation >= 5;
  const width = turned ? h : w;
  const height = turned ? w : h;
  const dst = new Uint8ClampedArray(width * height * 4);
  // Where the seen pixel (x, y) sits in the stored image.
  const from: (x: number, y: number) => number = {
    2: (x: number, y: number) => y * w + (w - 1 - x),
    3: (x: number, y: number) => (h - 1 - y) * w + (w - 1 - x),
    4: (x: number, y: number) => (h - 1 - y) * w + x,
    5: (x: number, y: number) => x * w + y,
    6: (x: number, y: number) => (h - 1 - x) * w + y,
    7: (x: number, y: number) => (h - 1 - x) * w + (w - 1 - y),
    8: (x: number, y: number) => x * w + (w - 1 - y),
  }[orientation];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = from(x, y) * 4;
      const d = (y * width + x) * 4;
      dst[d] = src[s];
      dst[d + 1] = src[s + 1];
      dst[d + 2] = src[s + 2];
      dst[d + 3] = src[s + 3];
    }
  }
  return { width, height, data: dst };
}
