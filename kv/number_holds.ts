/**
 * What a tenant holds against a phone number (a block, a no-show pause until
 * its end), kept by a keyed hash of the number (lib/number_hash.ts) once the
 * member it was held against is gone: removed by a super admin, or their
 * account deleted. Deleting the account frees the number, so without this a
 * new sign-in with it would be a fresh, unblocked rider.
 *
 * A hold is written in the commit that removes the membership
 * (kv/user_removal.ts) and taken back into the membership that the number's
 * next sign-in at the tenant, or an admin adding it there, creates
 * (kv/sign_in.ts, kv/members.ts addMember): one place holds it at a time. A
 * sign-in is refused while the number is held blocked (kv/admission.ts). A
 * pause alone expires with its end.
 */
import type { Store } from "./store.ts";
import { keys } from "./keys.ts";
import type { Membership } from "./members.ts";

export interface NumberHold {
  blocked?: true;
  /** Epoch ms: ride requests stay paused until then. */
  pausedUntil?: number;
  /** When the hold was written. */
  at: number;
}

/** The terms a membership takes from a hold at `now`: a block, and a pause not yet over. */
export function termsOf(hold: NumberHold | null | undefined, now: number): Pick<Membership, "blocked" | "pausedUntil"> {
  if (!hold) return {};
  return {
    ...(hold.blocked && { blocked: true as const }),
    ...(hold.pausedUntil !== undefined && hold.pausedUntil > now && { pausedUntil: hold.pausedUntil }),
  };
}

/**
 * Adds to `op` the hold on the number for what `member` leaves behind: its
 * block, and a pause that runs until `pausedUntil`. Nothing when neither.
 */
export function holdOnLeaving(
  op: Deno.AtomicOperation,
  { numberHash, tenant, member, pausedUntil, now }: {
    numberHash: string;
    tenant: string;
    member: Membership;
    pausedUntil: number | null;
    now: number;
  },
): void {
  const paused = pausedUntil !== null && pausedUntil > now;
  if (!member.blocked && !paused) return;
  const hold: NumberHold = {
    ...(member.blocked && { blocked: true as const }),
    ...(paused && { pausedUntil }),
    at: now,
  };
  // A block is kept until an admin lifts it; a pause alone is over at its end.
  op.set(keys.numberHold(numberHash, tenant), hold, member.blocked ? undefined : { expireIn: pausedUntil! - now });
}

/** Every tenant's hold on the number (the person's data export): tenant code → hold. */
export async function listHolds(kv: Store, numberHash: string): Promise<Map<string, NumberHold>> {
  const out = new Map<string, NumberHold>();
  for await (const e of kv.list<NumberHold>({ prefix: keys.numberHolds(numberHash) })) {
    out.set(String(e.key[2]), e.value);
  }
  return out;
}
