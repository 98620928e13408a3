/**
 * A rider's no-shows (issue 21). Each ride moved to `no-show` leaves an
 * entry under the rider, written in the move's own commit (kv/rides.ts), so
 * the count can never disagree with the rides; reading a rider's standing is
 * one short list and one get. Lifting a pause sets the rider's "counted
 * from" time: the no-shows before it stay on record but never count again.
 */
import { DEFAULT_NO_SHOW, type NoShowPolicy, type NoShowStanding, standingOf } from "../lib/no_show.ts";
import { addAudit } from "./audit.ts";
import { keys } from "./keys.ts";

/** Adds the rider's no-show of `rideId` to `op` (the move to no-show commits it). */
export function recordNoShow(op: Deno.AtomicOperation, tenant: string, userId: string, rideId: string, at: number) {
  op.set(keys.riderNoShow(tenant, userId, rideId), at);
}

/** Drops the entry with its ride (a deleted ride no longer counts). */
export function forgetNoShow(op: Deno.AtomicOperation, tenant: string, userId: string, rideId: string) {
  op.delete(keys.riderNoShow(tenant, userId, rideId));
}

/** The rider's standing under `policy` at `now`. */
export async function noShowStanding(
  kv: Deno.Kv,
  tenant: string,
  userId: string,
  policy: NoShowPolicy = DEFAULT_NO_SHOW,
  now: number,
): Promise<NoShowStanding> {
  // Both reads at once: this runs on every ride request.
  const [times, from] = await Promise.all([
    Array.fromAsync(kv.list<number>({ prefix: keys.riderNoShows(tenant, userId) }), (e) => e.value),
    kv.get<number>(keys.noShowsCountedFrom(tenant, userId)).then((e) => e.value ?? 0),
  ]);
  return standingOf(times, from, policy, now);
}

/** The standing of each of `userIds` (the admin Users page), read side by side. */
export async function noShowStandings(
  kv: Deno.Kv,
  tenant: string,
  userIds: string[],
  policy: NoShowPolicy,
  now: number,
): Promise<Map<string, NoShowStanding>> {
  const all = await Promise.all(userIds.map((id) => noShowStanding(kv, tenant, id, policy, now)));
  return new Map(userIds.map((id, i) => [id, all[i]]));
}

/**
 * Lifts the rider's pause (issue 21): from `now` on, only new no-shows count.
 * Audited ("user.suspension_lifted") in the same commit, with the count it cleared.
 */
export async function liftSuspension(
  kv: Deno.Kv,
  { tenant, userId, by, now, count }: { tenant: string; userId: string; by: string; now: number; count: number },
): Promise<void> {
  const op = kv.atomic().set(keys.noShowsCountedFrom(tenant, userId), now);
  addAudit(op, tenant, { at: now, action: "user.suspension_lifted", by, target: userId, details: { noShows: count } });
  await op.commit();
}
