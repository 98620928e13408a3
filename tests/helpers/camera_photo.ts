/**
 * A camera-like photo for the photo pipeline's measurements: 4:3, smooth
 * gradients with noise, so MozJPEG makes a file the size a phone would. At 16
 * megapixels, quality 90 and noise 40 the JPEG is about 5.1 MB, just under the
 * 5 MB upload limit (5,242,880 bytes).
 */
import type { Rgba } from "../../lib/images/pixels.ts";

export function cameraLike(width: number, height: number, amplitude: number): Rgba {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 42;
  const noise = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const n = (noise() - 0.5) * amplitude;
      data[p] = 128 + 100 * Math.sin(x / 300) + n;
      data[p + 1] = 128 + 100 * Math.cos(y / 200) + n;
      data[p + 2] = ((x ^ y) & 255) * 0.5 + n;
      data[p + 3] = 255;
    }
  }
  return { width, height, data };
}

/** The side lengths of a 4:3 photo of `megapixels`. */
export function cameraSize(megapixels: number): { width: number; height: number } {
  const width = Math.round(Math.sqrt(megapixels * 1e6 * 4 / 3));
  return { width, height: Math.round(width * 3 / 4) };
}
