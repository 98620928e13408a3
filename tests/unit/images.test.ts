/** The photo pipeline's parts (lib/images): type by bytes, header sizes, orientation, crop, encoder fallback. */
import { describe, expect, it } from "vitest";
import { decodeImage } from "../../lib/images/codecs.ts";
import { readOrientation } from "../../lib/images/exif.ts";
import { readHeader } from "../../lib/images/header.ts";
import { cropSquare, orient, type Rgba } from "../../lib/images/pixels.ts";
import { encodePhoto, jpegEncoder, makeProfilePhoto, PhotoError } from "../../lib/images/profile_photo.ts";
import { sniffImageType } from "../../lib/images/sniff.ts";

const fixture = (name: string) => Deno.readFile(new URL(`../fixtures/${name}`, import.meta.url));

/** A width × height image whose pixel i has red = i (so positions can be read back). */
function numbered(width: number, height: number): Rgba {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([i, 0, 0, 255], i * 4);
  return { width, height, data };
}
const reds = (img: Rgba) => Array.from({ length: img.width * img.height }, (_, i) => img.data[i * 4]);

describe("sniffImageType", () => {
  it("knows the four types by their first bytes and nothing else", async () => {
    expect(sniffImageType(await fixture("photo.jpg"))).toBe("jpeg");
    expect(sniffImageType(await fixture("photo.png"))).toBe("png");
    expect(sniffImageType(await fixture("photo.webp"))).toBe("webp");
    expect(sniffImageType(await fixture("photo.gif"))).toBe("gif");
    const riffWave = new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt ");
    for (
      const bytes of [new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), riffWave, new Uint8Array()]
    ) {
      expect(sniffImageType(bytes)).toBeNull();
    }
  });
});

describe("readHeader", () => {
  it("reads each type's size without decoding, and the EXIF block where there is one", async () => {
    for (
      const [name, type] of [["photo.jpg", "jpeg"], ["photo.png", "png"], ["photo.webp", "webp"], [
        "photo.gif",
        "gif",
      ]] as const
    ) {
      const header = readHeader(await fixture(name), type);
      expect(header, name).toMatchObject({ width: 64, height: 48, exif: null });
    }
    const rotated = readHeader(await fixture("rotated.jpg"), "jpeg");
    expect(rotated).toMatchObject({ width: 48, height: 64 });
    expect(readOrientation(rotated!.exif)).toBe(6);
    expect(readOrientation(readHeader(await fixture("gps.jpg"), "jpeg")!.exif)).toBe(1);
  });

  it("answers null for a header cut short or a size of zero", async () => {
    expect(readHeader((await fixture("photo.jpg")).slice(0, 20), "jpeg")).toBeNull();
    expect(readHeader((await fixture("photo.png")).slice(0, 20), "png")).toBeNull();
    const gif = (await fixture("photo.gif")).slice();
    gif.set([0, 0], 6);
    expect(readHeader(gif, "gif")).toBeNull();
  });
});

describe("orient", () => {
  // 3 × 2 stored as  0 1 2 / 3 4 5
  const img = numbered(3, 2);
  it.each(
    [
      [1, 3, [0, 1, 2, 3, 4, 5]],
      [2, 3, [2, 1, 0, 5, 4, 3]],
      [3, 3, [5, 4, 3, 2, 1, 0]],
      [4, 3, [3, 4, 5, 0, 1, 2]],
      [5, 2, [0, 3, 1, 4, 2, 5]],
      [6, 2, [3, 0, 4, 1, 5, 2]],
      [7, 2, [5, 2, 4, 1, 3, 0]],
      [8, 2, [2, 5, 1, 4, 0, 3]],
    ] as const,
  )("shows orientation %i as TIFF 6.0 says", (orientation, width, seen) => {
    const out = orient(img, orientation);
    expect(out.width).toBe(width);
    expect(reds(out)).toEqual(seen);
  });
});

describe("cropSquare", () => {
  it("keeps the centred square", () => {
    const out = cropSquare(numbered(4, 2), 2);
    expect([out.width, out.height]).toEqual([2, 2]);
    expect(reds(out)).toEqual([1, 2, 5, 6]);
  });

  it("averages whole blocks while the side stays at least the minimum, ignoring transparent pixels' colour", () => {
    const img = numbered(4, 4);
    img.data.set([255, 255, 255, 0], 1 * 4); // pixel 1: transparent white
    const out = cropSquare(img, 2);
    expect([out.width, out.height]).toEqual([2, 2]);
    // Top-left block: pixels 0, 4, 5 count (1 is transparent); alpha 3/4 of 255.
    expect(Array.from(out.data.subarray(0, 4))).toEqual([3, 0, 0, 191]);
    // The other blocks average 4.5, 10.5 and 12.5, stored rounded half to even.
    expect(reds(out).slice(1)).toEqual([4, 10, 12]);
  });
});

describe("encodePhoto", () => {
  it("falls back to JPEG, without any metadata, when WebP cannot be made", async () => {
    const failing = () => Promise.reject(new Error("no WebP here"));
    const photo = await encodePhoto(await decodeImage(await fixture("photo.png"), "png"), [failing, jpegEncoder]);
    expect(photo.contentType).toBe("image/jpeg");
    expect(Array.from(photo.bytes.subarray(0, 3))).toEqual([0xff, 0xd8, 0xff]);
    expect(new TextDecoder("latin1").decode(photo.bytes).includes("Exif")).toBe(false);
  });

  it("makes the JPEG from the whole pipeline too, upright and 256 × 256", async () => {
    const failing = () => Promise.reject(new Error("no WebP here"));
    const photo = await makeProfilePhoto(await fixture("rotated.jpg"), [failing, jpegEncoder]);
    const img = await decodeImage(photo.bytes, "jpeg");
    expect([img.width, img.height]).toEqual([256, 256]);
    expect(Math.round(img.data[(64 * 256 + 64) * 4] / 10)).toBe(22); // red at the top left
  });
});

describe("makeProfilePhoto", () => {
  it("refuses with the status and text the API answers", async () => {
    const status = async (bytes: Uint8Array) => {
      try {
        await makeProfilePhoto(bytes);
      } catch (err) {
        if (err instanceof PhotoError) return err.status;
        throw err;
      }
      return "accepted";
    };
    expect(await status(new TextEncoder().encode("GIF"))).toBe(415);
    expect(await status((await fixture("photo.webp")).slice(0, 30))).toBe(400);
    expect(await status(new Uint8Array(5 * 1024 * 1024 + 1))).toBe(413);
  });
});
