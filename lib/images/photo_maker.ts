/**
 * Makes profile photos and logos off the request thread. Each photo
 * is made in a fresh Worker that is ended as soon as it answers: the server
 * keeps answering while a photo decodes, and all the memory the decode took
 * (a 40-megapixel photo is 160 MB of pixels, and WebAssembly memory never
 * shrinks) is handed back when the worker ends. Starting a worker costs about
 * a tenth of a second, small beside the decode of a camera photo.
 *
 * The checks that need only the header run here first, so a refused file
 * never starts a worker. Where Workers are missing (the runtime has none), the
 * photo is made on this thread instead.
 */
import { judgeLogo, type Logo, makeLogo } from "./logo.ts";
import { judgeUpload, makeProfilePhoto, type Photo, PhotoError } from "./profile_photo.ts";
import { UNREADABLE_TEXT } from "./rules.ts";

/** A decode still running after this long is ended and the file refused as unreadable. */
export const PHOTO_WORK_LIMIT_MS = 30_000;

type Answer<T> =
  | { photo: T }
  | { refused: { status: PhotoError["status"]; message: string } }
  | { failed: string };

/** The photo made from `bytes`, which are moved to the worker: their buffer is empty afterwards. */
export async function makePhotoOffThread(bytes: Uint8Array, limitMs = PHOTO_WORK_LIMIT_MS): Promise<Photo> {
  judgeUpload(bytes);
  if (typeof Worker === "undefined") return await makeProfilePhoto(bytes);
  return await offThread<Photo>("photo", bytes, limitMs);
}

/** An organisation's logo made from `bytes` the same way; their buffer is empty afterwards. */
export async function makeLogoOffThread(bytes: Uint8Array, limitMs = PHOTO_WORK_LIMIT_MS): Promise<Logo> {
  judgeLogo(bytes);
  if (typeof Worker === "undefined") return await makeLogo(bytes);
  return await offThread<Logo>("logo", bytes, limitMs);
}

async function offThread<T>(kind: "photo" | "logo", bytes: Uint8Array, limitMs: number): Promise<T> {
  const worker = new Worker(new URL("./photo_worker.ts", import.meta.url), { type: "module" });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const answer = await new Promise<Answer<T>>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<Answer<T>>) => resolve(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(`Photo worker failed: ${event.message}`));
      };
      timer = setTimeout(() => resolve({ refused: { status: 400, message: UNREADABLE_TEXT } }), limitMs);
      // The whole buffer moves to the worker, not a copy: nothing of the upload stays on this thread.
      worker.postMessage({ bytes, kind }, [bytes.buffer as ArrayBuffer]);
    });
    if ("photo" in answer) return answer.photo;
    if ("refused" in answer) throw new PhotoError(answer.refused.status, answer.refused.message);
    throw new Error(answer.failed);
  } finally {
    clearTimeout(timer);
    worker.terminate();
  }
}
