/**
 * A rider's finished rides (completed, canceled, no-show), newest
 * first, a page at a time. Read through the rider's own index (ids are ULIDs,
 * so it sorts by request time) in batches of 10; a ride still active is
 * skipped. The cursor is the index's own, just past the page's last ride, as
 * the audit log's; one finished ride is read beyond the page to know whether
 * another page exists, so the last page never comes back empty.
 */
import type { Store } from "./store.ts";
import { FINAL_STATUSES, type Ride } from "../lib/rides.ts";
import { keys } from "./keys.ts";

export interface HistoryPage {
  rides: Ride[];
  /** The next (older) page's cursor; null on the last page. */
  cursor: string | null;
}

/** Up to `limit` finished rides of the rider after `cursor`. Throws on a cursor that is not one of this list's. */
export async function listRideHistory(
  kv: Store,
  tenant: string,
  userId: string,
  { limit = 20, cursor }: { limit?: number; cursor?: string } = {},
): Promise<HistoryPage> {
  const iter = kv.list<true>({ prefix: keys.ridesByRider(tenant, userId) }, { cursor, reverse: true });
  const found: { ride: Ride; cursor: string }[] = [];
  let batch: { id: string; cursor: string }[] = [];
  const read = async () => {
    const got = await kv.getMany<Ride[]>(batch.map((b) => keys.ride(tenant, b.id)));
    got.forEach((e, j) => {
      if (e.value && FINAL_STATUSES.includes(e.value.status)) found.push({ ride: e.value, cursor: batch[j].cursor });
    });
    batch = [];
  };
  for await (const e of iter) {
    batch.push({ id: String(e.key[3]), cursor: iter.cursor });
    if (batch.length < 10) continue;
    await read();
    if (found.length > limit) break;
  }
  if (batch.length) await read();
  const page = found.slice(0, limit);
  return { rides: page.map((f) => f.ride), cursor: found.length > limit ? page[limit - 1].cursor : null };
}
