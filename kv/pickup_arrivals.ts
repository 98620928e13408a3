/**
 * The driver's arrival at a pickup (lib/no_show_wait.ts): a location report
 * that first finds the driver within reach of the pickup of a ride waiting
 * for them (accepted or on the way) fixes, in the report's own commit
 * (kv/drivers.ts setDriverState), when they reached it and from when a
 * no-show may be marked. In KV and checked against the ride as read, so
 * every isolate agrees on it, and of two reports committing at once only
 * the first arrival is kept. The ride's copies change as a move's do (the
 * ride, the rider's active slot that holds it whole, a feed entry so both
 * screens follow); its status and so its indexes stay as they are.
 */
import type { Store } from "./store.ts";
import { atPickup } from "../lib/eta.ts";
import type { Point } from "../lib/geo.ts";
import type { Ride } from "../lib/rides.ts";
import { appendToFeed, readHead } from "./feed.ts";
import { keys } from "./keys.ts";
import { driverActiveStatuses } from "./ride_reads.ts";

/**
 * Adds to `op` the arrival at each ride of `driverId` still waiting for
 * them whose pickup `at` is within reach of, unless it has one already;
 * answers how many. `waitMs`: the tenant's wait before a no-show.
 */
export async function addPickupArrivals(
  kv: Store,
  op: Deno.AtomicOperation,
  { tenant, driverId, at, now, waitMs }: { tenant: string; driverId: string; at: Point; now: number; waitMs: number },
): Promise<number> {
  const statuses = await driverActiveStatuses(kv, tenant, driverId);
  const waiting = [...statuses].filter(([, status]) => status === "accepted" || status === "on-the-way");
  if (waiting.length === 0) return 0;
  const entries = await kv.getMany<Ride[]>(waiting.map(([id]) => keys.ride(tenant, id)));
  const reached = entries.filter((e): e is Deno.KvEntry<Ride> =>
    e.value !== null && e.value.assignedDriverId === driverId && e.value.reachedPickupAt === undefined &&
    atPickup(e.value, at)
  );
  if (reached.length === 0) return 0;
  let head = await readHead(kv, tenant);
  for (const entry of reached) {
    const ride: Ride = { ...entry.value, reachedPickupAt: now, noShowFrom: now + waitMs, updatedAt: now };
    op.check(entry).set(entry.key, ride).set(keys.riderActive(tenant, ride.creatorId), ride);
    // A second ride in the same commit takes the next seq (the head is checked as read, set to the last).
    const seq = appendToFeed(op, tenant, head, { type: "update", ride, previous: ride.status, at: now });
    head = { ...head, value: seq } as Deno.KvEntryMaybe<number>;
  }
  return reached.length;
}
