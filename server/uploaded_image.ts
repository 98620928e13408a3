/**
 * What a profile photo upload (routes/api/photos.ts) and a logo upload
 * (routes/api/tenant_logo.ts) share: the `image` field of a multipart body,
 * and its decode, one at a time in this process with a refusal a person can
 * read.
 */
import type { Context } from "hono";
import { PhotoError } from "../lib/images/profile_photo.ts";
import { MISSING_IMAGE_TEXT } from "../lib/images/rules.ts";
import { multipartFile } from "../lib/multipart.ts";
import type { Env } from "./env.ts";
import { BusyError, type OneAtATime } from "./one_at_a_time.ts";

/**
 * One photo decodes at a time in this process: a burst of uploads
 * cannot hold several full-size images in memory at once. An upload waiting
 * longer than this answers 503 with Retry-After; the island shows the text.
 */
export const DECODE_WAIT_MS = 10_000;
export const DECODE_RETRY_AFTER_S = 5;
export const BUSY_TEXT = "Many photos are being processed right now. Please try again in a moment.";
export const NOT_MULTIPART = 'Send the image as multipart/form-data in the field "image".';

/** The bytes of the body's `image` file, or the answer refusing the body (415 not multipart, 400 no image). */
export async function uploadedImage(c: Context<Env>): Promise<Uint8Array | Response> {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type)) return c.json({ error: NOT_MULTIPART }, 415);
  // Read whole (the route's bodyLimit caps it), then the file is found with a native byte search.
  let found: Uint8Array | null;
  try {
    found = multipartFile(new Uint8Array(await c.req.arrayBuffer()), type, "image");
  } catch {
    return c.json({ error: MISSING_IMAGE_TEXT }, 400);
  }
  return found && found.length > 0 ? found : c.json({ error: MISSING_IMAGE_TEXT }, 400);
}

/**
 * `judge` refuses a file from its header before it waits for a turn; `make`
 * decodes it in `turns`. A refusal answers its own status and text (after
 * `refused` logs it); a long wait answers 503 with Retry-After.
 */
export async function decodeInTurn<T>(
  c: Context<Env>,
  turns: OneAtATime,
  bytes: Uint8Array,
  { judge, make, refused }: {
    judge: (bytes: Uint8Array) => void;
    make: (bytes: Uint8Array) => Promise<T>;
    refused: (status: number) => void;
  },
): Promise<T | Response> {
  try {
    judge(bytes);
    return await turns.run(() => make(bytes));
  } catch (err) {
    if (err instanceof BusyError) {
      return c.json({ error: BUSY_TEXT }, 503, { "retry-after": String(DECODE_RETRY_AFTER_S) });
    }
    if (!(err instanceof PhotoError)) throw err;
    refused(err.status);
    return c.json({ error: err.message }, err.status);
  }
}
