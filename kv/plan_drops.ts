/**
 * A ride that ends by a door other than a driver's move (a block or removal cancels it, an admin deletes it, the
 * hand-over cancels a booking) leaves its vehicle's plan in the same commit. Nothing else in the plan moves, so no one's
 * time gets later; the driver's next position re-times it (domain/dispatch/follow_positions.ts).
 */
import type { Store } from "./store.ts";
import type { Ride } from "../lib/rides.ts";
import { keys } from "./keys.ts";
import type { VehiclePlan } from "./plans.ts";

/** Adds to `op` the ride's plan without the ride's stops, checked as read; nothing when no plan holds it. */
export async function dropFromPlan(kv: Store, op: Deno.AtomicOperation, ride: Ride, now: number): Promise<void> {
  if (!ride.vehicleId) return;
  const entry = await kv.get<VehiclePlan>(keys.plan(ride.tenant, ride.vehicleId));
  const plan = entry.value;
  if (!plan || !plan.stops.some((s) => s.rideId === ride.id)) return;
  const stops = plan.stops.filter((s) => s.rideId !== ride.id);
  op.check(entry);
  if (stops.length) op.set(entry.key, { ...plan, stops, updatedAt: now });
  else op.delete(entry.key);
}
