/**
 * An organisation's logo rules, shared by the server
 * (lib/images/logo.ts) and the settings page: PNG, JPEG or WebP, at most
 * 1 MB, kept whole (not cropped) inside LOGO_SIZE × LOGO_SIZE. No imports,
 * so the page's bundle carries only these few strings.
 */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_SIZE = 256;
/** The types the file picker offers; the server judges by the bytes, never by these. */
export const LOGO_MIME_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const LOGO_INVALID_TYPE_TEXT = "Invalid file type. Please select a PNG, JPEG, or WebP image.";
export const LOGO_TOO_LARGE_TEXT = "File is too large. Please select an image smaller than 1MB.";
