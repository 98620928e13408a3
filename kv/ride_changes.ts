/**
 * A ride changed in place by its rider (domain/rides/change.ts): the same id, rewritten with its indexes (a booking's
 * place in the time index moves with its time), its vehicle's plan and the other rides that plan re-times when it
 * has one, an audit record of what changed, and one feed entry per ride, in one commit checked against the ride and
 * the plan as read. False when either moved meanwhile.
 */
import { addAudit, type AuditRecord } from "./audit.ts";
import { appendAllToFeed, readHead } from "./feed.ts";
import { keys } from "./keys.ts";
import { addRideRewrites, type PlanWrite, type RideRewrite } from "./plan_rides.ts";
import { putPlan } from "./plans.ts";
import { rideWriteLane } from "./rides.ts";
import type { Store } from "./store.ts";
import type { Ride } from "../lib/rides.ts";

export function commitRideChange(
  kv: Store,
  { entry, next, plan, others = [], audit, now }: {
    /** The ride as read: the commit checks it. */
    entry: Deno.KvEntry<Ride>;
    next: Ride;
    plan?: PlanWrite;
    /** Other rides of `plan` whose planned times moved. */
    others?: RideRewrite[];
    audit: Omit<AuditRecord, "id" | "at">;
    now: number;
  },
): Promise<boolean> {
  const { tenant } = next;
  return rideWriteLane(kv, tenant, async () => {
    const op = kv.atomic();
    const before = entry.value;
    if (before.scheduledFor !== undefined && before.scheduledFor !== next.scheduledFor) {
      op.delete(keys.scheduledRide(before.scheduledFor, tenant, before.id));
    }
    if (plan) putPlan(op.check(plan.entry), plan.next);
    addAudit(op, tenant, { ...audit, at: now });
    const rewrites = [{ entry, next }, ...others];
    appendAllToFeed(op, tenant, await readHead(kv, tenant), await addRideRewrites(kv, op, { tenant, rewrites, now }));
    return (await op.commit()).ok;
  });
}
