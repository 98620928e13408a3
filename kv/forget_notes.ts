/**
 * Telling the other isolates of this process what to drop. The
 * reused reads (kv/recent_reads.ts: tenants, who is asking, active rides) and
 * the page shortcut live in one isolate's memory; a write drops this isolate's
 * copies at once. Under `deno serve --parallel` (serve.ts) every other
 * isolate keeps copies of its own, so each drop is also handed to the post
 * that `shareForgets` set for the store, and server/isolates.ts carries it
 * over a BroadcastChannel to the others, which drop theirs with `dropNoted`
 * (kv/forget_apply.ts). One isolate alone (main.ts, tests) sets no post.
 */
export interface ForgetNote {
  what: "tenants" | "signed_in" | "active_rides";
  /** The tenant whose copies to drop; none: every one. */
  group?: string;
}

const posts = new WeakMap<Deno.Kv, (note: ForgetNote) => void>();

/** Hands `note` to the other isolates using this store, when there are any. */
export function noteForget(kv: Deno.Kv, note: ForgetNote): void {
  posts.get(kv)?.(note);
}

/** From now on every drop of this store's reused reads is also given to `post`; answers the undo. */
export function shareForgets(kv: Deno.Kv, post: (note: ForgetNote) => void): () => void {
  posts.set(kv, post);
  return () => posts.delete(kv);
}
