/**
 * Profile photo rules shared by the server and the Profile Settings island
 * (spec section 5 "Profile photo", section 9): the accepted types, the 5 MB
 * limit and the texts shown when a file breaks them. No imports, so an island
 * bundle carries only these few strings.
 */

/** At most 5 MB (5,242,880 bytes) per uploaded file (spec sections 5 and 9). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The multipart body may carry the file plus its part headers and boundaries: this much more, never more. */
export const PHOTO_BODY_ALLOWANCE = 16 * 1024;

/** Decoding allocates 4 bytes a pixel: above this a photo is refused before its pixels are decoded. */
export const PHOTO_MAX_PIXELS = 40_000_000;

/**
 * A decompression bomb's mark: far more pixels than its bytes could honestly
 * describe. Above CHEAP_PIXELS (16 MB of pixels to decode) a file may hold at
 * most this many pixels per byte. A phone photo holds about 4; a flat-colour
 * 12-megapixel PNG about 300; a 1-bit 6320 × 6320 PNG of 5 KB, 8,000.
 */
export const MAX_PIXELS_PER_BYTE = 1000;
export const CHEAP_PIXELS = 4_000_000;

/** Side of the stored square photo, in pixels. */
export const PHOTO_SIZE = 256;

/** The types the file picker offers; the server judges by the bytes, never by these. */
export const PHOTO_MIME_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

export const INVALID_TYPE_TEXT = "Invalid file type. Please select a JPEG, PNG, WebP, or GIF image.";
export const TOO_LARGE_TEXT = "File is too large. Please select an image smaller than 5MB.";
export const UNREADABLE_TEXT = "This image could not be read. It may be damaged or incomplete; please choose another.";
export const TOO_MANY_PIXELS_TEXT =
  "This image is too large to process (over 40 megapixels). Please choose a smaller image.";
export const BOMB_TEXT = "This image cannot be processed safely. Please choose a photo taken with a camera.";
export const MISSING_IMAGE_TEXT = "Please choose an image to upload.";
