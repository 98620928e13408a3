/**
 * An uploaded file → the stored profile photo: judged by its bytes,
 * sized from its header before any pixel is decoded, decoded, cropped to a
 * centred square, resized to 256 × 256, turned upright by its EXIF
 * orientation, and encoded afresh as WebP (JPEG when WebP cannot be made).
 * Only pixels travel from input to output, so no metadata (EXIF, GPS, XMP,
 * ICC, comments) survives.
 */
import { decodeImage, encodeJpeg, encodeWebp, resizeSquare } from "./codecs.ts";
import { readOrientation } from "./exif.ts";
import { type ImageHeader, readHeader } from "./header.ts";
import { cropSquare, orient, type Rgba } from "./pixels.ts";
import {
  BOMB_TEXT,
  CHEAP_PIXELS,
  INVALID_TYPE_TEXT,
  MAX_PIXELS_PER_BYTE,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_SIZE,
  TOO_LARGE_TEXT,
  TOO_MANY_PIXELS_TEXT,
  UNREADABLE_TEXT,
} from "./rules.ts";
import { type ImageType, sniffImageType } from "./sniff.ts";

/** A refused upload: the status and text the API answers. */
export class PhotoError extends Error {
  constructor(readonly status: 400 | 413 | 415, message: string) {
    super(message);
    this.name = "PhotoError";
  }
}

/** Encoded bytes and their type: WebP or JPEG for a profile photo; a logo may also be PNG (lib/images/logo.ts). */
export interface Encoded<C extends string> {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: C;
}
export type Photo = Encoded<"image/webp" | "image/jpeg">;

/** Stored photos stay well under Deno KV's 64 KiB value limit; quality steps down until one fits. */
export const PHOTO_MAX_STORED_BYTES = 48 * 1024;
const QUALITIES = [82, 70, 55, 40];

export type Encoder<C extends string = Photo["contentType"]> = (img: Rgba, quality: number) => Promise<Encoded<C>>;

export const webpEncoder: Encoder<"image/webp"> = async (img, quality) => ({
  bytes: await encodeWebp(img, quality),
  contentType: "image/webp",
});
export const jpegEncoder: Encoder<"image/jpeg"> = async (img, quality) => ({
  bytes: await encodeJpeg(img, quality),
  contentType: "image/jpeg",
});

/** The first encoder that works, at the best quality that fits PHOTO_MAX_STORED_BYTES. */
export async function encodePhoto<C extends string>(img: Rgba, encoders: Encoder<C>[]): Promise<Encoded<C>> {
  let lastError: unknown = new Error(`No encoder made the photo fit ${PHOTO_MAX_STORED_BYTES} bytes`);
  for (const encoder of encoders) {
    try {
      for (const quality of QUALITIES) {
        const photo = await encoder(img, quality);
        if (photo.bytes.length > 0 && photo.bytes.length <= PHOTO_MAX_STORED_BYTES) return photo;
      }
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

/**
 * The checks made from the file's bytes and header alone, before any pixel is
 * decoded; throws PhotoError for a file they refuse. Cheap enough for the
 * request's own thread, so a refused file never waits for a decoder.
 */
export function judgeUpload(bytes: Uint8Array): { type: ImageType; header: ImageHeader } {
  if (bytes.length > PHOTO_MAX_BYTES) throw new PhotoError(413, TOO_LARGE_TEXT);
  const type = sniffImageType(bytes);
  if (!type) throw new PhotoError(415, INVALID_TYPE_TEXT);
  return judgeHeader(bytes, type);
}

/** The header checks of judgeUpload, for a file whose size and type were already accepted (logos share them). */
export function judgeHeader(bytes: Uint8Array, type: ImageType): { type: ImageType; header: ImageHeader } {
  const header = readHeader(bytes, type);
  if (!header) throw new PhotoError(400, UNREADABLE_TEXT);
  const pixelCount = header.width * header.height;
  if (pixelCount > PHOTO_MAX_PIXELS) throw new PhotoError(400, TOO_MANY_PIXELS_TEXT);
  if (pixelCount > CHEAP_PIXELS && pixelCount / bytes.length > MAX_PIXELS_PER_BYTE) {
    throw new PhotoError(400, BOMB_TEXT);
  }
  return { type, header };
}

/** The pixels of a file whose header was judged; throws PhotoError when they are unreadable or too many. */
export async function decodeJudged(bytes: Uint8Array, type: ImageType): Promise<Rgba> {
  let pixels: Rgba;
  try {
    pixels = await decodeImage(bytes, type);
  } catch {
    throw new PhotoError(400, UNREADABLE_TEXT);
  }
  // The header said one size and the pixels another: not a file to trust.
  if (pixels.width * pixels.height > PHOTO_MAX_PIXELS) throw new PhotoError(400, TOO_MANY_PIXELS_TEXT);
  return pixels;
}

/** The stored photo made from an uploaded file; throws PhotoError for a file it refuses. */
export async function makeProfilePhoto(bytes: Uint8Array, encoders?: Encoder[]): Promise<Photo> {
  const { type, header } = judgeUpload(bytes);
  const pixels = await decodeJudged(bytes, type);
  // Reduce by whole factors while at least twice the target, so the resampler sees a small image.
  const square = cropSquare(pixels, PHOTO_SIZE * 2);
  const small = await resizeSquare(square, PHOTO_SIZE);
  return await encodePhoto(orient(small, readOrientation(header.exif)), encoders ?? [webpEncoder, jpegEncoder]);
}
