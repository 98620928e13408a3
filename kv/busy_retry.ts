/**
 * Writes that meet another isolate's write. Under `deno serve
 * --parallel` every isolate opens the KV file with its own SQLite connection,
 * and when two of them commit at once SQLite sometimes refuses one at once
 * with "database is locked" instead of waiting (measured: 2 to 7 of 60 checked
 * commits over two isolates). Nothing was written then, so the write is tried
 * again after a short random pause (lib/backoff.ts, the KV race rule), up to
 * BUSY_ATTEMPTS times. The store (kv/store.ts) runs every commit, set, delete
 * and enqueue through this, so no caller has to know.
 */
import { backoff } from "./retry.ts";

export const BUSY_ATTEMPTS = 20;

/** SQLite's refusal, as Deno KV reports it. */
export function isBusy(err: unknown): boolean {
  return err instanceof Error && /database is locked/.test(err.message);
}

/** `write()`, tried again while SQLite answers busy (at most BUSY_ATTEMPTS times in all). */
export async function whileBusy<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0;; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt + 1 >= BUSY_ATTEMPTS || !isBusy(err)) throw err;
      await backoff(attempt);
    }
  }
}
