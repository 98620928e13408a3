/**
 * Reads an image's size (and its EXIF block, for the orientation) from its
 * header, without decoding a pixel: a photo over the pixel limit is refused
 * before the decoder allocates memory for it.
 */
import type { ImageType } from "./sniff.ts";

export interface ImageHeader {
  width: number;
  height: number;
  /** The raw EXIF (TIFF) block when the file carries one; used only to read the orientation. */
  exif: Uint8Array | null;
}

const u16be = (b: Uint8Array, p: number) => (b[p] << 8) | b[p + 1];
const u16le = (b: Uint8Array, p: number) => b[p] | (b[p + 1] << 8);
const u24le = (b: Uint8Array, p: number) => b[p] | (b[p + 1] << 8) | (b[p + 2] << 16);
const u32be = (b: Uint8Array, p: number) => ((b[p] << 24) >>> 0) + ((b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]);
const u32le = (b: Uint8Array, p: number) => ((b[p + 3] << 24) >>> 0) + ((b[p + 2] << 16) | (b[p + 1] << 8) | b[p]);
const fourcc = (b: Uint8Array, p: number) => String.fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3]);

/** "Exif\0\0", which starts a JPEG APP1 EXIF segment (and sometimes a WebP EXIF chunk). */
function stripExifPrefix(block: Uint8Array): Uint8Array {
  const prefixed = block.length >= 6 && fourcc(block, 0) === "Exif" && block[4] === 0 && block[5] === 0;
  return prefixed ? block.subarray(6) : block;
}

function jpegHeader(b: Uint8Array): ImageHeader | null {
  let exif: Uint8Array | null = null;
  let p = 2;
  while (p + 4 <= b.length) {
    if (b[p] !== 0xff) return null;
    while (b[p] === 0xff && p < b.length) p++; // fill bytes
    const marker = b[p++];
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue; // no length
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame header
    const length = u16be(b, p);
    if (length < 2 || p + length > b.length) return null;
    const data = b.subarray(p + 2, p + length);
    if (marker === 0xe1 && exif === null && data.length > 6 && fourcc(data, 0) === "Exif") exif = stripExifPrefix(data);
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (data.length < 5) return null;
      return { height: u16be(data, 1), width: u16be(data, 3), exif };
    }
    p += length;
  }
  return null;
}

function pngHeader(b: Uint8Array): ImageHeader | null {
  if (b.length < 33 || fourcc(b, 12) !== "IHDR") return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  let exif: Uint8Array | null = null;
  // eXIf must come before the image data (PNG 1.5 extensions); stop there.
  for (let p = 8; p + 12 <= b.length;) {
    const length = u32be(b, p);
    const type = fourcc(b, p + 4);
    if (type === "IDAT" || type === "IEND") break;
    if (type === "eXIf" && p + 8 + length <= b.length) exif = b.subarray(p + 8, p + 8 + length);
    p += 12 + length;
  }
  return { width, height, exif };
}

function webpHeader(b: Uint8Array): ImageHeader | null {
  let size: { width: number; height: number } | null = null;
  let canvas: { width: number; height: number } | null = null;
  let exif: Uint8Array | null = null;
  const end = Math.min(b.length, 8 + u32le(b, 4));
  for (let p = 12; p + 8 <= end;) {
    const type = fourcc(b, p);
    const length = u32le(b, p + 4);
    const data = b.subarray(p + 8, Math.min(end, p + 8 + length));
    if (type === "VP8X" && data.length >= 10) {
      canvas = { width: 1 + u24le(data, 4), height: 1 + u24le(data, 7) };
    } else if (type === "VP8 " && !size && data.length >= 10) {
      if (data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) return null;
      size = { width: u16le(data, 6) & 0x3fff, height: u16le(data, 8) & 0x3fff };
    } else if (type === "VP8L" && !size && data.length >= 5) {
      if (data[0] !== 0x2f) return null;
      const [b1, b2, b3, b4] = [data[1], data[2], data[3], data[4]];
      size = {
        width: 1 + (((b2 & 0x3f) << 8) | b1),
        height: 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)),
      };
    } else if (type === "EXIF") {
      exif = stripExifPrefix(data);
    }
    p += 8 + length + (length & 1);
  }
  const dims = canvas ?? size;
  return dims ? { ...dims, exif } : null;
}

function gifHeader(b: Uint8Array): ImageHeader | null {
  if (b.length < 13) return null;
  return { width: u16le(b, 6), height: u16le(b, 8), exif: null };
}

/** The size and EXIF block of an image of a known type; null when the header is missing or malformed. */
export function readHeader(bytes: Uint8Array, type: ImageType): ImageHeader | null {
  const header = type === "jpeg"
    ? jpegHeader(bytes)
    : type === "png"
    ? pngHeader(bytes)
    : type === "webp"
    ? webpHeader(bytes)
    : gifHeader(bytes);
  if (!header || header.width < 1 || header.height < 1) return null;
  return header;
}
