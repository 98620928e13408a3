/**
 * What each rider has been told about their ride: one small record
 * per ride, ["ride_notices", tenant, rideId], kept two days. Claiming a
 * notice commits the new record checked against the one read, so of two
 * isolates (or two location reports) deciding the same notice at once, only
 * one sends it: every kind goes at most once per ride.
 */
import type { Store } from "./store.ts";
import { NO_NOTICES, type Notice, type NoticeRecord } from "../lib/rider_notices.ts";
import { keys } from "./keys.ts";
import { committed, commitWithRetry } from "./retry.ts";

export const NOTICES_TTL_MS = 2 * 24 * 60 * 60 * 1000;

export async function getNotices(kv: Store, tenant: string, rideId: string): Promise<NoticeRecord> {
  return (await kv.get<NoticeRecord>(keys.rideNotices(tenant, rideId))).value ?? NO_NOTICES;
}

/**
 * Decides from the record as stored and commits what `decide` answers; the
 * notices this call won, to send (none when another caller sent them first).
 */
export function claimNotices(
  kv: Store,
  tenant: string,
  rideId: string,
  decide: (record: NoticeRecord) => { notices: Notice[]; next: NoticeRecord },
): Promise<Notice[]> {
  return commitWithRetry("claim a rider notice", async () => {
    const entry = await kv.get<NoticeRecord>(keys.rideNotices(tenant, rideId));
    const record = entry.value ?? NO_NOTICES;
    const { notices, next } = decide(record);
    if (notices.length === 0 && next.promisedAt === record.promisedAt) return [];
    const op = kv.atomic().check(entry).set(keys.rideNotices(tenant, rideId), next, { expireIn: NOTICES_TTL_MS });
    return await committed(op, notices);
  });
}
