/**
 * Rides rewritten because their vehicle's plan changed: new planned times (`pickupAt`, `dropoffAt`), another vehicle
 * and driver, or none (back to pending, unassigned). They go into a commit that also writes the plans, each checked
 * against the ride as read, with its indexes and its feed entry, so the rider's and the driver's sockets hear of the
 * change as of any ride write (kv/feed.ts).
 */
import type { Store } from "./store.ts";
import { isInProgress, type Ride } from "../lib/rides.ts";
import { appendAllToFeed, type FeedEntry, readHead } from "./feed.ts";
import { keys } from "./keys.ts";
import { putPlan, type VehiclePlan } from "./plans.ts";
import { recordReportChange } from "./report_rollups.ts";
import { recordRideChange } from "./ride_stats.ts";
import { writeIndexes } from "./rides.ts";

export interface RideRewrite {
  /** The ride as read: the commit checks it. */
  entry: Deno.KvEntry<Ride>;
  next: Ride;
}

/** The rides of `ids` with their entries, for rewrites checked in the commit (a ride gone is left out). */
export async function readRidesForRewrite(kv: Store, tenant: string, ids: string[]): Promise<Deno.KvEntry<Ride>[]> {
  const out: Deno.KvEntry<Ride>[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    const batch = await kv.getMany<Ride[]>(ids.slice(i, i + 10).map((id) => keys.ride(tenant, id)));
    for (const e of batch) if (e.value) out.push(e as Deno.KvEntry<Ride>);
  }
  return out;
}

/**
 * Adds each rewrite to `op`; answers their feed entries, for the commit to append (kv/feed.ts appendAllToFeed).
 * A ride leaving its driver leaves their active list, and their in-progress slot when it held it. Only one ride of a
 * commit may change the report's figures (a status or driver change does): each rollup is read once per ride.
 */
export async function addRideRewrites(
  kv: Store,
  op: Deno.AtomicOperation,
  { tenant, rewrites, now }: { tenant: string; rewrites: RideRewrite[]; now: number },
): Promise<Omit<FeedEntry, "seq">[]> {
  const entries: Omit<FeedEntry, "seq">[] = [];
  for (const { entry, next } of rewrites) {
    const before = entry.value;
    op.check(entry).set(keys.ride(tenant, next.id), next);
    writeIndexes(op, next, before.status);
    const from = before.assignedDriverId;
    if (from && from !== next.assignedDriverId) {
      op.delete(keys.driverActive(tenant, from, next.id));
      if (isInProgress(before.status)) {
        const slot = await kv.get<string>(keys.driverInProgress(tenant, from));
        op.check(slot);
        if (slot.value === next.id) op.delete(slot.key);
      }
    }
    recordRideChange(op, tenant, next.id, before.status, next.status);
    await recordReportChange(kv, op, tenant, before, next);
    const moved = from && from !== next.assignedDriverId ? { previousDriverId: from } : {};
    entries.push({ type: "update", ride: next, previous: before.status, ...moved, at: now });
  }
  return entries;
}

/** A plan to write, checked on its entry as read. */
export interface PlanWrite {
  entry: Deno.KvEntryMaybe<VehiclePlan>;
  next: VehiclePlan;
}

/**
 * Writes plans and the rides they change in one commit, each checked against what was read, with one feed entry per
 * ride. False when something moved meanwhile (read again and decide again). Run it in the tenant's ride write lane
 * (kv/rides.ts rideWriteLane): it moves the feed's head.
 */
export async function commitPlanChange(
  kv: Store,
  { tenant, plans, rewrites, now, audit }: {
    tenant: string;
    plans: PlanWrite[];
    rewrites: RideRewrite[];
    now: number;
    /** Adds the change's audit record (kv/audit.ts addAudit), so it commits with the change. */
    audit?: (op: Deno.AtomicOperation) => void;
  },
): Promise<boolean> {
  const op = kv.atomic();
  for (const { entry, next } of plans) putPlan(op.check(entry), next);
  audit?.(op);
  if (rewrites.length) {
    const head = await readHead(kv, tenant);
    appendAllToFeed(op, tenant, head, await addRideRewrites(kv, op, { tenant, rewrites, now }));
  }
  return (await op.commit()).ok;
}
