/**
 * Writes the tiny images the profile photo tests upload (tests/fixtures/),
 * with the same codecs the server uses:
 *
 *   deno run --allow-read --allow-write scripts/make_photo_fixtures.ts
 *
 * Every fixture shows the same asymmetric 64 × 48 picture: red top left, green
 * top right, blue bottom left, yellow bottom right, so a test can tell an
 * upright photo from a turned or mirrored one. gps.jpg carries an EXIF block
 * with a camera make and a GPS position; rotated.jpg stores the picture turned
 * a quarter to the left with EXIF orientation 6 ("turn right to view").
 */
import encodePng, { init as initPngEncoder } from "@jsquash/png/encode.js";
import { GifWriter } from "omggif";
import { encodeJpeg, encodeWebp } from "../lib/images/codecs.ts";
import type { Rgba } from "../lib/images/pixels.ts";
import { wasmModule } from "../lib/images/wasm.ts";

const OUT = new URL("../tests/fixtures/", import.meta.url);

export const QUADRANTS = {
  topLeft: [220, 30, 30],
  topRight: [30, 170, 60],
  bottomLeft: [30, 60, 210],
  bottomRight: [240, 210, 40],
} as const;

export function picture(width = 64, height = 48): Rgba {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const q = y < height / 2
        ? (x < width / 2 ? QUADRANTS.topLeft : QUADRANTS.topRight)
        : (x < width / 2 ? QUADRANTS.bottomLeft : QUADRANTS.bottomRight);
      data.set([...q, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** The picture turned a quarter to the left: EXIF orientation 6 turns it back. */
export function turnedLeft(img: Rgba): Rgba {
  const { width: w, height: h } = img;
  const data = new Uint8ClampedArray(w * h * 4);
  // Stored (a, b) shows at (w - 1 - b, a) once turned right.
  for (let b = 0; b < w; b++) {
    for (let a = 0; a < h; a++) {
      const from = (a * w + (w - 1 - b)) * 4;
      data.set(img.data.subarray(from, from + 4), (b * h + a) * 4);
    }
  }
  return { width: h, height: w, data };
}

/** A little-endian TIFF block: IFD0 with Make and Orientation, and a GPS IFD when `gps`. */
export function exifBlock({ orientation, gps }: { orientation: number; gps: boolean }): Uint8Array {
  const make = new TextEncoder().encode("HopperCam\0");
  const buf = new Uint8Array(512);
  const v = new DataView(buf.buffer);
  buf.set([0x49, 0x49, 42, 0, 8, 0, 0, 0]);
  const ifd0Count = gps ? 3 : 2;
  const ifd0End = 8 + 2 + ifd0Count * 12 + 4;
  const makeAt = ifd0End;
  const gpsAt = makeAt + make.length + (make.length & 1);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    v.setUint16(at, tag, true);
    v.setUint16(at + 2, type, true);
    v.setUint32(at + 4, count, true);
    v.setUint32(at + 8, value, true);
  };
  v.setUint16(8, ifd0Count, true);
  entry(10, 0x010f, 2, make.length, makeAt); // Make
  entry(22, 0x0112, 3, 1, orientation); // Orientation (SHORT in the value's first two bytes)
  if (gps) entry(34, 0x8825, 4, 1, gpsAt); // GPSInfo
  buf.set(make, makeAt);
  let end = gpsAt;
  if (gps) {
    // GPS IFD: version, N 34° 56' 19.32", W 82° 13' 37.56".
    const count = 5;
    const ratAt = gpsAt + 2 + count * 12 + 4;
    v.setUint16(gpsAt, count, true);
    entry(gpsAt + 2, 0x0000, 1, 4, 0x00000302);
    entry(gpsAt + 14, 0x0001, 2, 2, 0x4e); // "N"
    entry(gpsAt + 26, 0x0002, 5, 3, ratAt);
    entry(gpsAt + 38, 0x0003, 2, 2, 0x57); // "W"
    entry(gpsAt + 50, 0x0004, 5, 3, ratAt + 24);
    [34, 1, 56, 1, 1932, 100, 82, 1, 13, 1, 3756, 100].forEach((n, i) => v.setUint32(ratAt + i * 4, n, true));
    end = ratAt + 48;
  }
  return buf.slice(0, end);
}

/** A JPEG with an APP1 EXIF segment right after its start marker. */
export function withExif(jpeg: Uint8Array, tiff: Uint8Array): Uint8Array {
  const header = new TextEncoder().encode("Exif\0\0");
  const length = 2 + header.length + tiff.length;
  const segment = new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...header, ...tiff]);
  return new Uint8Array([...jpeg.subarray(0, 2), ...segment, ...jpeg.subarray(2)]);
}

function gif(img: Rgba): Uint8Array {
  const palette = Object.values(QUADRANTS).map(([r, g, b]) => (r << 16) | (g << 8) | b);
  const indexed = new Uint8Array(img.width * img.height);
  for (let i = 0; i < indexed.length; i++) {
    const rgb = (img.data[i * 4] << 16) | (img.data[i * 4 + 1] << 8) | img.data[i * 4 + 2];
    indexed[i] = palette.indexOf(rgb);
  }
  const buf = new Uint8Array(4096);
  const writer = new GifWriter(buf, img.width, img.height, { palette });
  writer.addFrame(0, 0, img.width, img.height, indexed);
  return buf.slice(0, writer.end());
}

if (import.meta.main) {
  await initPngEncoder(await wasmModule("@jsquash/png/codec/pkg/squoosh_png_bg.wasm"));
  const img = picture();
  const jpeg = await encodeJpeg(img, 92);
  const files: Record<string, Uint8Array> = {
    "photo.jpg": jpeg,
    "photo.png": new Uint8Array(await encodePng(img as ImageData)),
    "photo.webp": await encodeWebp(img, 92),
    "photo.gif": gif(img),
    "gps.jpg": withExif(jpeg, exifBlock({ orientation: 1, gps: true })),
    "rotated.jpg": withExif(await encodeJpeg(turnedLeft(img), 92), exifBlock({ orientation: 6, gps: false })),
  };
  await Deno.mkdir(OUT, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) {
    await Deno.writeFile(new URL(name, OUT), bytes);
    console.log(`${name}: ${bytes.length} bytes`);
  }
}
