/**
 * Open sockets per session, per user and per client address (issue 16: one
 * rider once held 300 sockets on one token). Counted in this process's
 * memory, not in KV: an open socket lives and dies with its process, so a
 * count in KV would outlive a crash and lock people out, and a local store
 * runs one server process (kv/lock.ts). On Deno Deploy each isolate counts
 * its own (docs/live.md).
 */
export interface OpenLimits {
  perSession: number;
  perUser: number;
  perAddress: number;
}

export const TOO_MANY_SOCKETS = "Too many open connections";

export interface SocketOwner {
  sessionId: string;
  userId: string;
  address: string;
}

export class OpenCounts {
  readonly #counts = new Map<string, number>();

  constructor(private readonly limits: OpenLimits) {}

  /** Counts one more socket of `owner`; null (nothing counted) when any limit is reached. Release it once. */
  take(owner: SocketOwner): (() => void) | null {
    const names = [`s:${owner.sessionId}`, `u:${owner.userId}`, `a:${owner.address}`];
    const limits = [this.limits.perSession, this.limits.perUser, this.limits.perAddress];
    if (names.some((name, i) => (this.#counts.get(name) ?? 0) >= limits[i])) return null;
    for (const name of names) this.#counts.set(name, (this.#counts.get(name) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const name of names) {
        const left = (this.#counts.get(name) ?? 1) - 1;
        if (left > 0) this.#counts.set(name, left);
        else this.#counts.delete(name);
      }
    };
  }
}
