/**
 * The one short-lived cache of KV reads (the tenant of a request, who is
 * signed in, a rider's active ride): a read is reused for `reuseMs`, calls
 * that arrive while it is under way share it, a failed read is not reused,
 * and the writer drops what is kept once its change has committed, so no call
 * that starts after a change in this process gets the older answer. Only a
 * change made by another process (the admin CLI) can be up to `reuseMs` late.
 *
 * Reads are kept per store and per group (a tenant, or "" for one group), so
 * a write can drop one tenant's reads without touching the others.
 */
interface Kept<V> {
  value: Promise<V>;
  until: number;
}

export interface RecentReads<V> {
  /** `load()`'s answer, or the one of a call for the same group and key started less than reuseMs ago. */
  read(kv: Deno.Kv, group: string, key: string, load: () => Promise<V>): Promise<V>;
  /** Drops what is kept for `group` of this store, or all of it when no group is named. */
  forget(kv: Deno.Kv, group?: string): void;
}

/** A cache of reads reused for `reuseMs`; a group past `maxKept` entries starts again empty (bounded memory). */
export function recentReads<V>(reuseMs: number, maxKept = 10_000): RecentReads<V> {
  const stores = new WeakMap<Deno.Kv, Map<string, Map<string, Kept<V>>>>();
  return {
    read(kv, group, key, load) {
      let groups = stores.get(kv);
      if (!groups) stores.set(kv, groups = new Map());
      let kept = groups.get(group);
      const now = performance.now();
      const hit = kept?.get(key);
      if (hit && hit.until > now) return hit.value;
      if (!kept) groups.set(group, kept = new Map());
      if (kept.size >= maxKept) kept.clear(); // unknown keys probed by a crawler cannot grow it without bound
      const entry = { value: load(), until: now + reuseMs };
      const map = kept;
      map.set(key, entry);
      entry.value.catch(() => map.get(key) === entry && map.delete(key)); // a failed read is not reused
      return entry.value;
    },
    forget(kv, group) {
      if (group === undefined) stores.delete(kv);
      else stores.get(kv)?.delete(group);
    },
  };
}
