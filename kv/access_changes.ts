/**
 * Access changes open sockets must hear at once (docs/live.md "Who stays in"):
 * a session that ended (logout, every session of a removed user), a role
 * taken away in a tenant, a super admin made or unmade. Each is written in the same atomic commit as the
 * change itself: an entry ["access_changes", id] that lives a few minutes and
 * a sum on ["access_head"], the one key every server process watches. Sums
 * never conflict, so logouts and role changes gain no contention.
 */
import type { Store } from "./store.ts";
import { keys } from "./keys.ts";

/** Entries outlive any watcher's wake-up by far; older changes are caught by the sockets' 60 s re-check. */
export const ACCESS_CHANGE_TTL_MS = 5 * 60 * 1000;

export interface AccessChange {
  id: string;
  userId: string;
  /** Only this session ended (a logout). */
  sessionId?: string;
  /** Only this tenant's roles changed (a role removed, a user removed from the tenant). */
  tenant?: string;
  /** The person gained rights (made a super admin): sockets they may keep are reopened to carry them. */
  widened?: boolean;
}

/** Adds the note of an access change to `op` (nothing else: the caller commits). */
export function noteAccessChange(op: Deno.AtomicOperation, change: Omit<AccessChange, "id">): void {
  const id = crypto.randomUUID();
  op.set(keys.accessChange(id), { ...change, id }, { expireIn: ACCESS_CHANGE_TTL_MS })
    .sum(keys.accessHead(), 1n);
}

/** Every access change still kept, in key order (not commit order: callers remember the ids they handled). */
export async function listAccessChanges(kv: Store): Promise<AccessChange[]> {
  const out: AccessChange[] = [];
  for await (const e of kv.list<AccessChange>({ prefix: keys.accessChanges() })) out.push(e.value);
  return out;
}

/** The access head's versionstamp now: it changes with every access change of any process. */
export async function readAccessHead(kv: Store): Promise<string | null> {
  return (await kv.get(keys.accessHead())).versionstamp;
}

/** A KV watch on the access head: the doorbell of access changes committed in this process. */
export function watchAccessHead(kv: Store): ReadableStream<Deno.KvEntryMaybe<unknown>[]> {
  return kv.watch([keys.accessHead()]);
}
