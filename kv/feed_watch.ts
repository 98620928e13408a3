/**
 * The one KV watch loop per tenant with connected sockets (docs/live.md "How
 * changes reach sockets"). It watches the doorbells, ["feed_head", tenant],
 * ["drivers_head", tenant] and ["vehicles_head", tenant], and the tenant's own record (its settings: a new name or area reaches open screens), and on each wake-up reads every feed entry after
 * the last seq it handed on, so changes that land between two wake-ups (which
 * `kv.watch` coalesces) all arrive, in commit order. A failed read or a broken
 * stream is reported and retried with backoff from the same seq: one bad read
 * never ends the feed, and nothing is skipped unless the entries expired
 * (FEED_TTL_MS), which is reported as a gap.
 */
import type { Store } from "./store.ts";
import type { Tenant } from "../lib/schemas.ts";
import { type FeedEntry, readFeedAfter } from "./feed.ts";
import { keys } from "./keys.ts";

export interface FeedWatchHandlers {
  /** Entries after the last seq, oldest first; awaited before the next read. */
  entries(entries: FeedEntry[]): void | Promise<void>;
  /**
   * Entries expired before they could be read (the first entry read is not
   * lastSeq + 1, or none is left although the head moved): the receiver must
   * resynchronise from the current state. Called after the entries that were
   * still there; a throw is retried until it succeeds.
   */
  resync(): Promise<void>;
  /** The drivers head moved: availability or a location changed. */
  drivers(): void;
  /** The vehicles head moved: a driver's vehicle now takes a wheelchair, or no longer does. */
  vehicles?(): void;
  /**
   * The tenant's record: as read at the start (`first`), then each time it is
   * written (settings changed); null if there is none.
   */
  tenant?(tenant: Tenant | null, first: boolean): void;
  /** A read or the stream failed; the loop retries after a backoff. `attempt` counts failures in a row. */
  error(error: unknown, attempt: number): void;
}

export interface FeedWatchOptions {
  /** First retry delay; doubled per failure in a row up to `maxBackoffMs`. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface FeedWatch {
  /** Settles once the starting seq is read: every change committed after that is delivered. Rejects if KV fails. */
  readonly ready: Promise<void>;
  /** Settles when the loop has ended (after `stop`, or a failed start). */
  readonly done: Promise<void>;
  /** The last seq handed to `entries`. */
  readonly lastSeq: number;
  /** Cancels the watch stream and ends the loop. */
  stop(): void;
}

/** Starts watching `tenant`'s feed from the head's value now. */
export function watchFeed(
  kv: Store,
  tenant: string,
  handlers: FeedWatchHandlers,
  { initialBackoffMs = 250, maxBackoffMs = 10_000 }: FeedWatchOptions = {},
): FeedWatch {
  const heads = [
    keys.feedHead(tenant),
    keys.driversHead(tenant),
    keys.tenant(tenant),
    keys.vehiclesHead(tenant),
  ] as const;
  const stopped = new AbortController();
  let reader: ReadableStreamDefaultReader<Deno.KvEntryMaybe<unknown>[]> | null = null;
  let lastSeq = 0;
  let driversStamp: string | null = null;
  let tenantStamp: string | null = null;
  let vehiclesStamp: string | null = null;

  const ready = (async () => {
    const [head, drivers, record, vehicles] = await kv.getMany<[number, unknown, Tenant, unknown]>(heads);
    lastSeq = head.value ?? 0;
    driversStamp = drivers.versionstamp;
    tenantStamp = record.versionstamp;
    vehiclesStamp = vehicles.versionstamp;
    handlers.tenant?.(record.value, true);
  })();

  let resyncDue = false;
  async function catchUp(headSeq: number): Promise<void> {
    if (headSeq > lastSeq) {
      const entries = await readFeedAfter(kv, tenant, lastSeq);
      if (stopped.signal.aborted) return;
      if (entries.length === 0 || entries.some((e, i) => e.seq !== lastSeq + 1 + i)) resyncDue = true;
      if (entries.length > 0) await handlers.entries(entries);
      lastSeq = Math.max(headSeq, entries.at(-1)?.seq ?? 0, lastSeq);
    }
    if (resyncDue && !stopped.signal.aborted) {
      await handlers.resync();
      resyncDue = false;
    }
  }

  async function follow(): Promise<void> {
    reader = kv.watch([...heads]).getReader();
    while (!stopped.signal.aborted) {
      const next = await reader.read();
      if (next.done) {
        if (stopped.signal.aborted) return;
        throw new Error("The KV watch stream ended");
      }
      const [head, drivers, record, vehicles] = next.value as [
        Deno.KvEntryMaybe<number>,
        Deno.KvEntryMaybe<unknown>,
        Deno.KvEntryMaybe<Tenant>,
        Deno.KvEntryMaybe<unknown>,
      ];
      if (drivers.versionstamp !== driversStamp) {
        driversStamp = drivers.versionstamp;
        handlers.drivers();
      }
      if (vehicles.versionstamp !== vehiclesStamp) {
        vehiclesStamp = vehicles.versionstamp;
        handlers.vehicles?.();
      }
      if (record.versionstamp !== tenantStamp) {
        tenantStamp = record.versionstamp;
        handlers.tenant?.(record.value, false);
      }
      await catchUp(head.value ?? 0);
      failures = 0;
    }
  }

  let failures = 0;
  async function loop(): Promise<void> {
    while (!stopped.signal.aborted) {
      try {
        await follow();
      } catch (error) {
        if (stopped.signal.aborted) return;
        failures++;
        handlers.error(error, failures);
        await sleep(Math.min(maxBackoffMs, initialBackoffMs * 2 ** (failures - 1)), stopped.signal);
      } finally {
        const r = reader;
        reader = null;
        await r?.cancel().catch(() => {});
      }
    }
  }

  const done = ready.then(loop, () => {});
  return {
    ready,
    done,
    get lastSeq() {
      return lastSeq;
    },
    stop() {
      if (stopped.signal.aborted) return;
      stopped.abort();
      reader?.cancel().catch(() => {});
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
