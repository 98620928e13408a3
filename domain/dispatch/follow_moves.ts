/**
 * A ride's move followed by its vehicle's plan, in the move's own commit (kv/rides.ts updateRideStatus `alongside`),
 * checked on the plan as read: a plan changed meanwhile makes the move read both again and decide again, so a lost
 * race answers as the move's rules say (409), never half a change.
 *
 * - arrived (the rider is picked up): the pickup is done, at now; the rider stays in the plan until dropped off;
 * - completed (dropped off): the ride's stops leave the plan;
 * - canceled, no-show: the ride's stops leave the plan.
 *
 * After stops leave, the rest are re-timed from the driver's last position, none later than planned
 * (domain/dispatch/retime.ts), and the other rides whose times moved by a minute or more are rewritten in the same
 * commit, which is what carries them to the riders' and the driver's sockets.
 */
import { getDriverState } from "../../kv/drivers.ts";
import type { FeedEntry } from "../../kv/feed.ts";
import { addRideRewrites, readRidesForRewrite } from "../../kv/plan_rides.ts";
import { getPlan, putPlan, rideIdsOf } from "../../kv/plans.ts";
import type { Store } from "../../kv/store.ts";
import type { Ride, RideStatus } from "../../lib/rides.ts";
import { removeRide, ridesToRetime, withPickupDone } from "./retime.ts";
import { estimateTravel, type Travel } from "./travel.ts";

/** The moves a plan follows. */
const FOLLOWED: readonly RideStatus[] = ["arrived", "completed", "canceled", "no-show"];

export interface FollowDeps {
  kv: Store;
  /** The travel model (domain/dispatch/travel.ts); the estimate when not given. */
  travel?: Travel;
}

/**
 * What a move to `to` adds to its commit so the plan follows, or undefined when no plan can hold the ride (drivers
 * mode: rides there have no vehicle).
 */
export function followMove(
  deps: FollowDeps,
  to: RideStatus,
  now: number,
): ((op: Deno.AtomicOperation, ride: Ride) => Promise<Omit<FeedEntry, "seq">[]>) | undefined {
  if (!FOLLOWED.includes(to)) return undefined;
  return async (op, ride) => {
    if (!ride.vehicleId) return [];
    const { kv } = deps;
    const entry = await getPlan(kv, ride.tenant, ride.vehicleId);
    const plan = entry.value;
    if (!plan || !plan.stops.some((s) => s.rideId === ride.id)) return [];
    op.check(entry);
    if (to === "arrived") {
      putPlan(op, { ...plan, stops: withPickupDone(plan.stops, ride.id, now), updatedAt: now });
      return [];
    }
    const driver = await getDriverState(kv, ride.tenant, plan.driverId);
    const stops = await removeRide(plan.stops, ride.id, driver?.location ?? null, now, deps.travel ?? estimateTravel);
    putPlan(op, { ...plan, stops, updatedAt: now });
    const others = (await readRidesForRewrite(kv, ride.tenant, rideIdsOf({ stops }))).filter((e) =>
      e.value.vehicleId === plan.vehicleId
    );
    const byId = new Map(others.map((e) => [e.value.id, e]));
    const rewrites = ridesToRetime(stops, others.map((e) => e.value), now).map((next) => ({
      entry: byId.get(next.id)!,
      next,
    }));
    return await addRideRewrites(kv, op, { tenant: ride.tenant, rewrites, now });
  };
}
