/**
 * An admin removes a trip: the ride and every index entry go in one commit
 * (kv/rides.ts deleteRide); an active ride leaves the live lists as
 * canceled.
 */
import type { Store } from "../../kv/store.ts";
import { deleteRide } from "../../kv/rides.ts";
import type { Clock } from "../../lib/clock.ts";
import { RIDE_NOT_FOUND } from "../../lib/ride_moves.ts";
import type { Ride } from "../../lib/rides.ts";
import { done, type Outcome, refuse } from "../refusal.ts";

/** Removes ride `id` of `tenant` for `by` at the clock's now: the ride as it was, or not found. */
export async function removeRide(
  deps: { kv: Store; clock: Clock },
  tenant: string,
  id: string,
  by: string,
): Promise<Outcome<Ride>> {
  const ride = await deleteRide(deps.kv, tenant, id, deps.clock.now(), by);
  return ride ? done(ride) : refuse(404, RIDE_NOT_FOUND);
}
