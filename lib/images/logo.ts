/**
 * An uploaded file → an organisation's stored logo: judged by its
 * bytes (PNG, JPEG or WebP, at most 1 MB) and its header before any pixel is
 * decoded, decoded, fitted whole inside 256 × 256 keeping its shape (never
 * enlarged), turned upright by its EXIF orientation, and encoded afresh:
 * WebP (alpha kept), else PNG (alpha kept), else JPEG on white. As with
 * profile photos (lib/images/profile_photo.ts) only pixels travel, so no
 * metadata survives, and quality steps down until the bytes fit one KV value.
 */
import { encodePng, resizeTo } from "./codecs.ts";
import { readOrientation } from "./exif.ts";
import type { ImageHeader } from "./header.ts";
import { orient, reduceWhole } from "./pixels.ts";
import {
  decodeJudged,
  type Encoded,
  encodePhoto,
  type Encoder,
  jpegEncoder,
  judgeHeader,
  PhotoError,
  webpEncoder,
} from "./profile_photo.ts";
import { LOGO_INVALID_TYPE_TEXT, LOGO_MAX_BYTES, LOGO_SIZE, LOGO_TOO_LARGE_TEXT } from "./logo_rules.ts";
import { type ImageType, sniffImageType } from "./sniff.ts";

/** The stored logo and the size it was drawn at (the header's <img> gets its width and height). */
export type LogoType = "image/webp" | "image/png" | "image/jpeg";
export interface Logo extends Encoded<LogoType> {
  width: number;
  height: number;
}

/** PNG has no quality setting: every step makes the same bytes, so a PNG that does not fit falls to JPEG. */
export const pngEncoder: Encoder<"image/png"> = async (img) => ({
  bytes: await encodePng(img),
  contentType: "image/png",
});

export const LOGO_ENCODERS: Encoder<LogoType>[] = [webpEncoder, pngEncoder, jpegEncoder];

/** `width` × `height` fitted inside `max` × `max`, keeping the shape; an image already inside stays its size. */
export function fitInside(width: number, height: number, max: number): { width: number; height: number } {
  if (width <= max && height <= max) return { width, height };
  const scale = max / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The checks made from the bytes and header alone; throws PhotoError (413, 415, 400) for a file they refuse. */
export function judgeLogo(bytes: Uint8Array): { type: ImageType; header: ImageHeader } {
  if (bytes.length > LOGO_MAX_BYTES) throw new PhotoError(413, LOGO_TOO_LARGE_TEXT);
  const type = sniffImageType(bytes);
  if (!type || type === "gif") throw new PhotoError(415, LOGO_INVALID_TYPE_TEXT);
  return judgeHeader(bytes, type);
}

/** The stored logo made from an uploaded file; throws PhotoError for a file it refuses. */
export async function makeLogo(bytes: Uint8Array, encoders: Encoder<LogoType>[] = LOGO_ENCODERS): Promise<Logo> {
  const { type, header } = judgeLogo(bytes);
  const pixels = await decodeJudged(bytes, type);
  const size = fitInside(pixels.width, pixels.height, LOGO_SIZE);
  // Reduce by whole factors while at least twice the target, so the resampler sees a small image.
  const small = await resizeTo(reduceWhole(pixels, LOGO_SIZE * 2), size.width, size.height);
  const upright = orient(small, readOrientation(header.exif));
  const logo = await encodePhoto(upright, encoders);
  return { ...logo, width: upright.width, height: upright.height };
}
