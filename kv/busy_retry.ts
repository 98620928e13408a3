/**
 * Writes that meet another isolate's write. Under `deno serve
 * --parallel` every isolate opens the KV file with its own SQLite connection,
 * and when two of them commit at once SQLite sometimes refuses one at once
 * with "database is locked" instead of waiting (measured: 2 to 7 of 60 checked
 * commits over two isolates). Nothing was written then, so the write is tried
 * again after a short random pause (lib/backoff.ts, the KV race rule), up to
 * BUSY_ATTEMPTS times. openStore applies this to every commit, set, delete and
 * enqueue of a store file, so no caller has to know.
 */
import type { CommitGate } from "./commit_gate.ts";
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

/**
 * Makes every write of `kv` go through whileBusy, and through `gate` when the
 * store is shared by isolates (kv/commit_gate.ts); answers `kv`.
 */
export function retryWhenBusy(kv: Deno.Kv, gate?: CommitGate): Deno.Kv {
  const write = <T>(f: () => Promise<T>) => gate ? gate.run(() => whileBusy(f)) : whileBusy(f);
  const atomic = kv.atomic.bind(kv);
  kv.atomic = () => {
    const op = atomic();
    const commit = op.commit.bind(op);
    op.commit = () => write(commit);
    return op;
  };
  const set = kv.set.bind(kv);
  kv.set = (key, value, options) => write(() => set(key, value, options));
  const remove = kv.delete.bind(kv);
  kv.delete = (key) => write(() => remove(key));
  const enqueue = kv.enqueue.bind(kv);
  kv.enqueue = (value, options) => write(() => enqueue(value, options));
  return kv;
}
