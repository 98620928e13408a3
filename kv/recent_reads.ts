/**
 * The one short-lived cache of KV reads (the tenant of a request, who is
 * signed in, a rider's active ride): a read is reused for `reuseMs`, calls
 * that arrive while it is under way share it, a failed read is not reused,
 * and the writer drops what is kept once its change has committed, so no call
 * that starts after a change in this process gets the older answer. Only a
 * change made by another process (the admin CLI, another app machine on a
 * KV Connect store) can be up to `reuseMs` late.
 *
 * Reads are kept by the store (kv/store.ts), per reused read (its name) and
 * per group (a tenant, or "" for one group), so a write can drop one tenant's
 * reads without touching the others. A drop is also handed to the other
 * isolates of this process when the store shares them (serve.ts,
 * server/isolates.ts), which drop their copies by the same name. Adding a
 * reused read is one `recentReads(name, reuseMs)` in the module that reads.
 */
import type { Store } from "./store.ts";

/** A drop, as told to the other isolates: the reused read's name and the group (none: every group). */
export interface ForgetNote {
  what: string;
  group?: string;
}

interface Kept {
  value: Promise<unknown>;
  until: number;
}

/** A store's reused reads: by name, group and key. */
export class ReusedReads {
  #kept = new Map<string, Map<string, Map<string, Kept>>>();
  #listeners = new Map<string, Set<(group?: string) => void>>();
  #post: ((note: ForgetNote) => void) | null = null;

  /** `load()`'s answer, or the one of a call for the same read, group and key started less than reuseMs ago. */
  read<V>(
    { name, reuseMs, maxKept }: { name: string; reuseMs: number; maxKept: number },
    group: string,
    key: string,
    load: () => Promise<V>,
  ): Promise<V> {
    let groups = this.#kept.get(name);
    if (!groups) this.#kept.set(name, groups = new Map());
    let kept = groups.get(group);
    const now = performance.now();
    const hit = kept?.get(key);
    if (hit && hit.until > now) return hit.value as Promise<V>;
    if (!kept) groups.set(group, kept = new Map());
    if (kept.size >= maxKept) kept.clear(); // unknown keys probed by a crawler cannot grow it without bound
    const entry = { value: load(), until: now + reuseMs };
    const map = kept;
    map.set(key, entry);
    entry.value.catch(() => map.get(key) === entry && map.delete(key)); // a failed read is not reused
    return entry.value;
  }

  /** Drops what `name` keeps for `group` (all of it when none), here and in the other isolates sharing them. */
  forget(name: string, group?: string): void {
    this.drop({ what: name, group });
    this.#post?.({ what: name, group });
  }

  /** forget in this isolate only: another isolate made the change. */
  drop({ what, group }: ForgetNote): void {
    if (group === undefined) this.#kept.delete(what);
    else this.#kept.get(what)?.delete(group);
    for (const listener of this.#listeners.get(what) ?? []) listener(group);
  }

  /** Calls `listener` with the group after each drop of `name`'s reads (the page shortcut drops a tenant's pages). */
  onDrop(name: string, listener: (group?: string) => void): void {
    const set = this.#listeners.get(name) ?? new Set();
    this.#listeners.set(name, set);
    set.add(listener);
  }

  /** From now on every drop made here is also given to `post` (serve.ts: to the other isolates); answers the undo. */
  share(post: (note: ForgetNote) => void): () => void {
    this.#post = post;
    return () => this.#post = null;
  }
}

/** One reused read of a store: where its answers are kept is the store's, what it reads is the caller's. */
export interface RecentReads<V> {
  readonly name: string;
  /** `load()`'s answer, or the one of a call for the same group and key started less than reuseMs ago. */
  read(kv: Store, group: string, key: string, load: () => Promise<V>): Promise<V>;
  /** Drops what is kept for `group` of this store, or all of it when no group is named, in every isolate. */
  forget(kv: Store, group?: string): void;
}

const names = new Set<string>();

/**
 * A read reused for `reuseMs`, kept under `name` (unique: the other isolates drop by it); a group past
 * `maxKept` entries starts again empty (bounded memory).
 */
export function recentReads<V>(name: string, reuseMs: number, maxKept = 10_000): RecentReads<V> {
  if (names.has(name)) throw new Error(`A reused read is already named ${name}`);
  names.add(name);
  const self = { name, reuseMs, maxKept };
  return {
    name,
    read: (kv, group, key, load) => kv.reads.read(self, group, key, load),
    forget: (kv, group) => kv.reads.forget(name, group),
  };
}
