/**
 * Hears access changes (kv/access_changes.ts) for one hub: one KV watch on
 * ["access_head"] per process, not one per socket or tenant. On each wake-up
 * it lists the kept changes and hands on those it has not handled yet. The
 * watch is a doorbell within this process; a slow poll of the same head (one
 * read every `pollMs`) catches changes committed by another process, such as
 * the admin CLI, which local KV does not announce across processes.
 */
import type { Store } from "../kv/store.ts";
import { type AccessChange, listAccessChanges, readAccessHead, watchAccessHead } from "../kv/access_changes.ts";

export interface AccessWatchOptions {
  pollMs: number;
  onChanges(changes: AccessChange[]): void;
  onError(error: unknown): void;
}

export class AccessWatch {
  /** Settles once the changes already kept are known (they are not handed on): later ones are. */
  readonly ready: Promise<void>;
  #handled = new Set<string>();
  #stamp: string | null = null;
  #stopped = false;
  #reader: ReadableStreamDefaultReader<Deno.KvEntryMaybe<unknown>[]> | null = null;
  #poll: ReturnType<typeof setInterval> | undefined;
  #queue: Promise<void> = Promise.resolve();

  constructor(private readonly kv: Store, private readonly options: AccessWatchOptions) {
    this.ready = this.#start();
  }

  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    clearInterval(this.#poll);
    this.#reader?.cancel().catch(() => {});
  }

  async #start(): Promise<void> {
    this.#stamp = await readAccessHead(this.kv);
    for (const change of await listAccessChanges(this.kv)) this.#handled.add(change.id);
    if (this.#stopped) return;
    this.#poll = setInterval(() => this.#check(), this.options.pollMs);
    Deno.unrefTimer(this.#poll);
    void this.#follow();
  }

  async #follow(): Promise<void> {
    while (!this.#stopped) {
      try {
        this.#reader = watchAccessHead(this.kv).getReader();
        while (!this.#stopped) {
          const next = await this.#reader.read();
          if (next.done) break;
          this.#wake(next.value[0].versionstamp);
        }
      } catch (error) {
        if (!this.#stopped) this.options.onError(error);
      } finally {
        const reader = this.#reader;
        this.#reader = null;
        await reader?.cancel().catch(() => {});
      }
      // The stream ended or failed: the poll keeps watching meanwhile.
      if (!this.#stopped) await new Promise((resolve) => setTimeout(resolve, this.options.pollMs));
    }
  }

  #check(): void {
    this.#queue = this.#queue.then(async () => {
      if (this.#stopped) return;
      try {
        this.#wake(await readAccessHead(this.kv));
      } catch (error) {
        this.options.onError(error);
      }
    });
  }

  /** The head reads `stamp`: when it moved, lists the changes and hands on the new ones (one read at a time). */
  #wake(stamp: string | null): void {
    if (stamp === this.#stamp) return;
    this.#stamp = stamp;
    this.#queue = this.#queue.then(async () => {
      if (this.#stopped) return;
      try {
        const kept = await listAccessChanges(this.kv);
        const fresh = kept.filter((c) => !this.#handled.has(c.id));
        this.#handled = new Set(kept.map((c) => c.id)); // expired ones are forgotten
        if (fresh.length > 0 && !this.#stopped) this.options.onChanges(fresh);
      } catch (error) {
        this.#stamp = null; // read again on the next wake-up or poll
        this.options.onError(error);
      }
    });
  }
}
