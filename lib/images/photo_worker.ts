/**
 * The worker that makes one profile photo or logo: it
 * receives the uploaded bytes, answers the stored image or the refusal, and
 * is then ended by its owner (lib/images/photo_maker.ts), so the decoders'
 * memory goes with it. Messages: in `{ bytes, kind }` (kind "photo" when
 * absent); out `{ photo }`, `{ refused: { status, message } }` or
 * `{ failed: message }`.
 */
/// <reference lib="deno.worker" />
import { makeLogo } from "./logo.ts";
import { makeProfilePhoto, PhotoError } from "./profile_photo.ts";

self.onmessage = async (event: MessageEvent<{ bytes: Uint8Array; kind?: "photo" | "logo" }>) => {
  try {
    const { bytes, kind } = event.data;
    const photo = kind === "logo" ? await makeLogo(bytes) : await makeProfilePhoto(bytes);
    self.postMessage({ photo }, [photo.bytes.buffer]);
  } catch (err) {
    if (err instanceof PhotoError) self.postMessage({ refused: { status: err.status, message: err.message } });
    else self.postMessage({ failed: err instanceof Error ? err.message : String(err) });
  }
};
