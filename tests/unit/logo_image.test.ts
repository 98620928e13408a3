/** The logo's part of the image pipeline (lib/images/logo.ts): fitted whole, alpha kept by each encoder that can. */
import { describe, expect, it } from "vitest";
import { decodeImage, encodePng } from "../../lib/images/codecs.ts";
import { fitInside, makeLogo, pngEncoder } from "../../lib/images/logo.ts";
import { reduceWhole, type Rgba } from "../../lib/images/pixels.ts";
import { jpegEncoder, PhotoError } from "../../lib/images/profile_photo.ts";

const fixture = (name: string) => Deno.readFile(new URL(`../fixtures/${name}`, import.meta.url));
const failing = () => Promise.reject(new Error("no WebP here"));

/** Left half opaque blue, right half fully transparent. */
async function halfClear(width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width / 2; x++) data.set([20, 40, 220, 255], (y * width + x) * 4);
  }
  return await encodePng({ width, height, data });
}
const pixel = (img: Rgba, x: number, y: number) =>
  Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));

describe("fitInside", () => {
  it("fits the longer side to the box and keeps the shape", () => {
    expect(fitInside(1000, 250, 256)).toEqual({ width: 256, height: 64 });
    expect(fitInside(300, 900, 256)).toEqual({ width: 85, height: 256 });
    expect(fitInside(5000, 1, 256)).toEqual({ width: 256, height: 1 });
  });

  it("never enlarges an image already inside the box", () => {
    expect(fitInside(40, 20, 256)).toEqual({ width: 40, height: 20 });
    expect(fitInside(256, 256, 256)).toEqual({ width: 256, height: 256 });
  });
});

describe("reduceWhole", () => {
  it("averages whole blocks of the uncropped image, weighting by alpha", () => {
    const data = new Uint8ClampedArray(4 * 2 * 4);
    // Row 0: red opaque, clear, blue opaque, blue opaque; row 1 the same.
    for (const y of [0, 1]) {
      data.set([255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 255, 255, 0, 0, 255, 255], y * 16);
    }
    const out = reduceWhole({ width: 4, height: 2, data }, 2);
    expect([out.width, out.height]).toEqual([2, 1]);
    expect(pixel(out, 0, 0)).toEqual([255, 0, 0, 128]); // the clear half lends no colour
    expect(pixel(out, 1, 0)).toEqual([0, 0, 255, 255]);
  });
});

describe("makeLogo", () => {
  it("makes WebP with the transparency kept", async () => {
    const logo = await makeLogo(await halfClear(512, 128));
    expect(logo).toMatchObject({ contentType: "image/webp", width: 256, height: 64 });
    const img = await decodeImage(logo.bytes, "webp");
    expect(pixel(img, 10, 32)[3]).toBe(255);
    expect(pixel(img, 250, 32)[3]).toBe(0);
  });

  it("falls back to PNG, alpha kept, when WebP cannot be made", async () => {
    const logo = await makeLogo(await halfClear(512, 128), [failing, pngEncoder, jpegEncoder]);
    expect(logo.contentType).toBe("image/png");
    const img = await decodeImage(logo.bytes, "png");
    expect([img.width, img.height]).toEqual([256, 64]);
    expect(pixel(img, 250, 32)[3]).toBe(0);
  });

  it("falls back to JPEG on white when neither WebP nor PNG can be made", async () => {
    const logo = await makeLogo(await halfClear(512, 128), [failing, failing, jpegEncoder]);
    expect(logo.contentType).toBe("image/jpeg");
    const img = await decodeImage(logo.bytes, "jpeg");
    expect(pixel(img, 250, 32).map((c) => Math.round(c / 10))).toEqual([26, 26, 26, 26]); // white, opaque
  });

  it("turns a JPEG upright and carries none of its metadata", async () => {
    const logo = await makeLogo(await fixture("gps.jpg"));
    const text = new TextDecoder("latin1").decode(logo.bytes);
    expect(text.includes("Exif")).toBe(false);
    expect(text.includes("GPS")).toBe(false);
    expect(Math.max(logo.width, logo.height)).toBeLessThanOrEqual(256);
  });

  it("refuses a GIF and a text file with 415, over 1 MB with 413", async () => {
    const status = async (bytes: Uint8Array) => {
      try {
        await makeLogo(bytes);
      } catch (err) {
        if (err instanceof PhotoError) return err.status;
        throw err;
      }
      return "accepted";
    };
    expect(await status(await fixture("photo.gif"))).toBe(415);
    expect(await status(new TextEncoder().encode("hello"))).toBe(415);
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(await halfClear(8, 8));
    expect(await status(big)).toBe(413);
  });
});
