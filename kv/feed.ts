/**
 * The per-tenant change feed that sockets follow (docs/live.md "How changes
 * reach sockets"). `kv.watch` may skip values, so it is a doorbell, not a log: each
 * ride change appends ["feed", tenant, seq] and moves ["feed_head", tenant] to
 * seq in the same atomic commit as the ride itself. A watcher wakes on the
 * head and reads every entry after the last seq it saw, so two changes landing
 * between two wake-ups are both delivered, in order.
 * Driver availability and locations only bump ["drivers_head", tenant]: a
 * watcher re-reads the available drivers when it moves. A change of a
 * driver's vehicle also bumps ["vehicles_head", tenant].
 */
import type { Store } from "./store.ts";
import type { Ride } from "../lib/rides.ts";
import { keys } from "./keys.ts";

/** Entries outlive any socket's gap: a watcher that fell further behind resynchronises from the lists. */
export const FEED_TTL_MS = 10 * 60 * 1000;

export interface FeedEntry {
  seq: number;
  /** "new" for a fresh request, else "update" (spec section 7 socket messages). */
  type: "new" | "update";
  ride: Ride;
  /** The status before this change (null for new): lets a watcher tell who could see the ride before. */
  previous: Ride["status"] | null;
  /** The driver the ride was assigned to before this change, when it moved to another (or to none): told it left. */
  previousDriverId?: string;
  at: number;
}

export async function readHead(kv: Store, tenant: string): Promise<Deno.KvEntryMaybe<number>> {
  return await kv.get<number>(keys.feedHead(tenant));
}

/**
 * Adds the feed entry for a ride change to `op`, checking the head it read:
 * a concurrent change in the same tenant makes the commit fail and the caller retry.
 */
export function appendToFeed(
  op: Deno.AtomicOperation,
  tenant: string,
  head: Deno.KvEntryMaybe<number>,
  entry: Omit<FeedEntry, "seq">,
): number {
  const seq = (head.value ?? 0) + 1;
  op.check(head)
    .set(keys.feed(tenant, seq), { ...entry, seq }, { expireIn: FEED_TTL_MS })
    .set(keys.feedHead(tenant), seq);
  return seq;
}

/** Adds several ride changes of one commit to `op`, in order, each with its own seq; checks the head once. */
export function appendAllToFeed(
  op: Deno.AtomicOperation,
  tenant: string,
  head: Deno.KvEntryMaybe<number>,
  entries: readonly Omit<FeedEntry, "seq">[],
): number {
  let seq = head.value ?? 0;
  op.check(head);
  for (const entry of entries) {
    seq++;
    op.set(keys.feed(tenant, seq), { ...entry, seq }, { expireIn: FEED_TTL_MS });
  }
  op.set(keys.feedHead(tenant), seq);
  return seq;
}

/** Entries after `afterSeq`, oldest first. */
export async function readFeedAfter(kv: Store, tenant: string, afterSeq: number): Promise<FeedEntry[]> {
  const out: FeedEntry[] = [];
  const iter = kv.list<FeedEntry>({ prefix: keys.feedFrom(tenant), start: keys.feed(tenant, afterSeq + 1) });
  for await (const e of iter) out.push(e.value);
  return out;
}

/** Marks a change of available drivers or their locations (no contention: a sum). */
export function bumpDrivers(op: Deno.AtomicOperation, tenant: string): void {
  op.sum(keys.driversHead(tenant), 1n);
}

/**
 * Marks a change of what a driver's vehicle takes. Apart from the
 * drivers doorbell, which every location report rings: a room re-reads its
 * drivers' vehicles only when one changed (a thousand drivers
 * reporting would otherwise re-read them all every second).
 */
export function bumpVehicles(op: Deno.AtomicOperation, tenant: string): void {
  op.sum(keys.vehiclesHead(tenant), 1n);
}
