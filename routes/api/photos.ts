/**
 * Profile photos (spec sections 3, 5, 7):
 * - POST /api/users/profile/image-upload, multipart field `image` → { imageUrl, user }.
 *   Mounted under /api/users, but the path lies inside profileApi's mount, whose
 *   requireAuth runs first (it is registered first in server/app.tsx).
 * - GET /api/users/{id}/photo?v={hash}: public, so an <img> can load it.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { accountView } from "../../kv/accounts.ts";
import { getPhoto, savePhoto } from "../../kv/photos.ts";
import { makePhotoOffThread } from "../../lib/images/photo_maker.ts";
import { judgeUpload } from "../../lib/images/profile_photo.ts";
import { PHOTO_BODY_ALLOWANCE, PHOTO_MAX_BYTES, TOO_LARGE_TEXT } from "../../lib/images/rules.ts";
import { ID_PATTERN } from "../../lib/schemas.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { AUTH_REQUIRED } from "../../server/middleware/auth.ts";
import { rateLimit } from "../../server/middleware/rate_limit.ts";
import { OneAtATime } from "../../server/one_at_a_time.ts";
import { DECODE_WAIT_MS, decodeInTurn, uploadedImage } from "../../server/uploaded_image.ts";

/** `decodeTurns` is shared with logo uploads (routes/api/tenant_logo.ts): one decode at a time in all. */
export function photosApi(deps: AppDeps, _auth: AuthServices, decodeTurns = new OneAtATime(DECODE_WAIT_MS)) {
  const { kv, clock } = deps;
  const log = deps.log ?? (() => {});
  return new Hono<Env>()
    .post(
      "/profile/image-upload",
      // profileApi's requireAuth put the user here; never process an upload without one.
      async function signedIn(c, next) {
        if (!c.get("user")) return c.json({ error: AUTH_REQUIRED }, 401);
        await next();
      },
      // Decoding is the costliest thing a signed-in user can ask for: bound it.
      rateLimit({
        kv,
        now: () => clock.now(),
        bucket: "photo_uploads",
        limit: 30,
        windowMs: 60 * 60 * 1000,
        subject: (c) => c.get("user").id,
        message: "Too many photo uploads. Please try again later.",
      }),
      // Refuses by Content-Length before reading, or as soon as a streamed body passes the limit.
      bodyLimit({
        maxSize: PHOTO_MAX_BYTES + PHOTO_BODY_ALLOWANCE,
        onError: (c) => c.json({ error: TOO_LARGE_TEXT }, 413),
      }),
      async (c) => {
        const user = c.get("user");
        const bytes = await uploadedImage(c);
        if (bytes instanceof Response) return bytes;
        // The whole body may be a little over 5 MB; the file itself may not.
        if (bytes.length > PHOTO_MAX_BYTES) return c.json({ error: TOO_LARGE_TEXT }, 413);
        const started = performance.now();
        const photo = await decodeInTurn(c, decodeTurns, bytes, {
          judge: judgeUpload,
          make: makePhotoOffThread,
          refused: (status) =>
            log({ event: "profile.photo_refused", userId: user.id, status, requestId: c.get("requestId") }),
        });
        if (photo instanceof Response) return photo;
        const saved = await savePhoto(kv, user.id, photo, clock.now());
        if (!saved?.photoUrl) return c.json({ error: "User not found" }, 404);
        log({
          event: "profile.photo_updated",
          userId: user.id,
          bytesIn: bytes.length,
          bytesStored: photo.bytes.length,
          contentType: photo.contentType,
          ms: Math.round(performance.now() - started),
          requestId: c.get("requestId"),
        });
        return c.json({ imageUrl: saved.photoUrl, user: await accountView(kv, saved) });
      },
    )
    .get("/:id/photo", async (c) => {
      const id = c.req.param("id");
      const photo = ID_PATTERN.test(id) ? await getPhoto(kv, id) : null;
      // Only the URL naming the current bytes (?v= their hash) answers: a user id alone
      // finds no photo, and an old upload's URL stops working once a new one replaces it.
      if (!photo || c.req.query("v") !== photo.hash) return c.json({ error: "No photo" }, 404);
      const etag = `"${photo.hash}"`;
      // The URL names the bytes, so it may be kept for good. Private: a removed photo must not
      // live on in a shared cache.
      const headers = {
        "content-type": photo.contentType,
        etag,
        "cache-control": "private, max-age=31536000, immutable",
      };
      if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
      return c.body(photo.bytes, 200, headers);
    });
}
