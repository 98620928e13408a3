/**
 * A rider's no-shows. Each ride moved to `no-show` leaves an
 * entry under the rider, written in the move's own commit (kv/rides.ts), so
 * the count can never disagree with the rides; reading a rider's standing is
 * one short list and one get. Lifting a pause sets the rider's "counted
 * from" time: the no-shows before it stay on record but never count again.
 */
import type { Store } from "./store.ts";
import { DEFAULT_NO_SHOW, type NoShowPolicy, type NoShowStanding, standingOf } from "../lib/no_show.ts";
import { addAudit } from "./audit.ts";
import { keys } from "./keys.ts";
import type { Membership } from "./members.ts";
import { committed, commitWithRetry } from "./retry.ts";

/** Adds the rider's no-show of `rideId` to `op` (the move to no-show commits it). */
export function recordNoShow(op: Deno.AtomicOperation, tenant: string, userId: string, rideId: string, at: number) {
  op.set(keys.riderNoShow(tenant, userId, rideId), at);
}

/** Drops the entry with its ride (a deleted ride no longer counts). */
export function forgetNoShow(op: Deno.AtomicOperation, tenant: string, userId: string, rideId: string) {
  op.delete(keys.riderNoShow(tenant, userId, rideId));
}

/**
 * The rider's standing under `policy` at `now`. A pause the membership
 * carries from a hold on their number (kv/number_holds.ts) counts until its
 * end, as if their own no-shows had set it.
 */
export async function noShowStanding(
  kv: Store,
  tenant: string,
  userId: string,
  policy: NoShowPolicy = DEFAULT_NO_SHOW,
  now: number,
): Promise<NoShowStanding> {
  // Both reads at once: this runs on every ride request.
  const [times, [from, member]] = await Promise.all([
    Array.fromAsync(kv.list<number>({ prefix: keys.riderNoShows(tenant, userId) }), (e) => e.value),
    kv.getMany<[number, Membership]>([keys.noShowsCountedFrom(tenant, userId), keys.member(tenant, userId)]),
  ]);
  const standing = standingOf(times, from.value ?? 0, policy, now);
  const carried = member.value?.pausedUntil;
  if (carried === undefined || carried <= now || (standing.suspendedUntil ?? 0) >= carried) return standing;
  return { ...standing, suspendedUntil: carried };
}

/** The standing of each of `userIds` (the admin Users page), read side by side. */
export async function noShowStandings(
  kv: Store,
  tenant: string,
  userIds: string[],
  policy: NoShowPolicy,
  now: number,
): Promise<Map<string, NoShowStanding>> {
  const all = await Promise.all(userIds.map((id) => noShowStanding(kv, tenant, id, policy, now)));
  return new Map(userIds.map((id, i) => [id, all[i]]));
}

/**
 * Lifts the rider's pause: from `now` on, only new no-shows count,
 * and a pause carried from a hold on their number ends. Audited
 * ("user.suspension_lifted") in the same commit, with the count it cleared.
 */
export async function liftSuspension(
  kv: Store,
  { tenant, userId, by, now, count }: { tenant: string; userId: string; by: string; now: number; count: number },
): Promise<void> {
  await commitWithRetry("lift the pause", async () => {
    const member = await kv.get<Membership>(keys.member(tenant, userId));
    const op = kv.atomic().check(member).set(keys.noShowsCountedFrom(tenant, userId), now);
    if (member.value?.pausedUntil !== undefined) {
      const { pausedUntil: _, ...rest } = member.value;
      op.set(member.key, rest);
    }
    addAudit(op, tenant, {
      at: now,
      action: "user.suspension_lifted",
      by,
      target: userId,
      details: { noShows: count },
    });
    return await committed(op, undefined);
  });
}
