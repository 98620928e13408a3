/**
 * Profile photos: the processed bytes live under ["photos", userId],
 * one small value (well under KV's 64 KiB), and the user's photoUrl names them
 * with a content hash. The photo and the user change in one atomic commit, so
 * photoUrl never points at bytes that are not there, and removed bytes are
 * never left behind.
 */
import type { Store } from "./store.ts";
import { keys } from "./keys.ts";
import { accessChanged } from "./signed_in.ts";
import { committed, commitWithRetry } from "./retry.ts";
import type { User } from "./users.ts";

export interface StoredPhoto {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: "image/webp" | "image/jpeg";
  /** The first 16 hex digits of the bytes' SHA-256: the `v` of the photo's URL. */
  hash: string;
  updatedAt: number;
}

/** Deno KV refuses values over 64 KiB; the bytes plus the record's other fields must fit. */
export const PHOTO_KV_LIMIT = 64 * 1024 - 1024;

/** The photo's URL: stable while the photo stays the same, new when it changes (so it can be cached for good). */
export function photoUrl(userId: string, hash: string): string {
  return `/api/users/${userId}/photo?v=${hash}`;
}

export async function photoHash(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function getPhoto(kv: Store, userId: string): Promise<StoredPhoto | null> {
  return (await kv.get<StoredPhoto>(keys.photo(userId))).value;
}

/**
 * Stores `photo` as the user's photo and points their photoUrl at it, in one
 * commit checked against the user as read. Null when the user is gone.
 */
export async function savePhoto(
  kv: Store,
  userId: string,
  photo: Pick<StoredPhoto, "bytes" | "contentType">,
  now: number,
): Promise<User | null> {
  if (photo.bytes.length > PHOTO_KV_LIMIT) {
    throw new Error(`A ${photo.bytes.length}-byte photo does not fit in one KV value`);
  }
  const stored: StoredPhoto = { ...photo, hash: await photoHash(photo.bytes), updatedAt: now };
  const user = await commitWithRetry("save the photo", async () => {
    const entry = await kv.get<User>(keys.user(userId));
    if (!entry.value) return null;
    const user: User = { ...entry.value, photoUrl: photoUrl(userId, stored.hash) };
    const op = kv.atomic()
      .check(entry)
      .set(keys.user(userId), user)
      .set(keys.photo(userId), stored);
    return await committed(op, user);
  });
  if (user) accessChanged(kv);
  return user;
}

/**
 * Applies `change` to the user, clears their photoUrl and deletes the photo
 * bytes, in one commit checked against the user as read. Null when the user is gone.
 */
export async function updateUserRemovingPhoto(
  kv: Store,
  userId: string,
  change: (user: User) => User = (u) => u,
): Promise<User | null> {
  const user = await commitWithRetry("remove the photo", async () => {
    const entry = await kv.get<User>(keys.user(userId));
    if (!entry.value) return null;
    const user: User = { ...change(entry.value), photoUrl: null };
    const op = kv.atomic()
      .check(entry)
      .set(keys.user(userId), user)
      .delete(keys.photo(userId));
    return await committed(op, user);
  });
  if (user) accessChanged(kv);
  return user;
}
