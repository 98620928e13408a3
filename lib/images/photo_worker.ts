/**
 * The worker that makes one profile photo (issue 16, item 5): it receives the
 * uploaded bytes, answers the stored photo or the refusal, and is then ended
 * by its owner (lib/images/photo_maker.ts), so the decoders' memory goes with
 * it. Messages: in `{ bytes }`; out `{ photo }`, `{ refused: { status, message } }`
 * or `{ failed: message }`.
 */
/// <reference lib="deno.worker" />
import { makeProfilePhoto, PhotoError } from "./profile_photo.ts";

self.onmessage = async (event: MessageEvent<{ bytes: Uint8Array }>) => {
  try {
    const photo = await makeProfilePhoto(event.data.bytes);
    self.postMessage({ photo }, [photo.bytes.buffer]);
  } catch (err) {
    if (err instanceof PhotoError) self.postMessage({ refused: { status: err.status, message: err.message } });
    else self.postMessage({ failed: err instanceof Error ? err.message : String(err) });
  }
};
