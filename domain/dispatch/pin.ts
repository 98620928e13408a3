/**
 * A dispatcher pins a ride to its vehicle, or lets it go (PUT /{t}/api/dispatch/rides/{id}/pin): a pinned ride is
 * never moved by the engine (domain/dispatch/hand_back.ts leaves it waiting for the dispatcher instead). Only a ride
 * planned into a vehicle and not yet ended can be pinned. The ride and the audit record commit together.
 */
import { addAudit } from "../../kv/audit.ts";
import { commitPlanChange, readRidesForRewrite } from "../../kv/plan_rides.ts";
import { rideWriteLane } from "../../kv/rides.ts";
import type { Store } from "../../kv/store.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { RIDE_NOT_FOUND } from "../../lib/ride_moves.ts";
import { isActive, type Ride } from "../../lib/rides.ts";
import { done, type Outcome, refuse } from "../refusal.ts";
import { PLANS_CHANGED } from "./assign.ts";

export const PIN_NEEDS_VEHICLE: Text = "Only a ride planned into a vehicle can be pinned";

export function pinRide(
  kv: Store,
  { tenant, rideId, pinned, by, now }: { tenant: string; rideId: string; pinned: boolean; by: string; now: number },
): Promise<Outcome<Ride>> {
  return rideWriteLane(kv, tenant, async () => {
    const [entry] = await readRidesForRewrite(kv, tenant, [rideId]);
    const before = entry?.value;
    if (!before) return refuse(404, RIDE_NOT_FOUND);
    if (pinned && (!before.vehicleId || !isActive(before.status))) return refuse(409, PIN_NEEDS_VEHICLE);
    if (Boolean(before.pinned) === pinned) return done(before);
    const next: Ride = { ...before, updatedAt: now };
    if (pinned) next.pinned = true;
    else delete next.pinned;
    const ok = await commitPlanChange(kv, {
      tenant,
      plans: [],
      rewrites: [{ entry, next }],
      now,
      audit: (op) =>
        addAudit(op, tenant, {
          at: now,
          action: pinned ? "ride.pinned" : "ride.unpinned",
          by,
          target: rideId,
          details: { vehicleId: before.vehicleId ?? null },
        }),
    });
    return ok ? done(next) : refuse(409, PLANS_CHANGED);
  });
}
