/**
 * A dispatcher cancels a ride with a reason (POST /{t}/api/dispatch/rides/{id}/cancel): a waiting, booked or
 * planned ride, whoever drives it; its vehicle's plan loses its stops in the same commit (follow_moves.ts), the audit
 * record (who, why) commits with it, and the rider is told the reason by text, in their language.
 */
import { addAudit } from "../../kv/audit.ts";
import { updateRideStatus } from "../../kv/rides.ts";
import { dropFromPlan } from "../../kv/plan_drops.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { hasHiddenCharacters } from "../../lib/hidden_characters.ts";
import { RIDE_NOT_FOUND } from "../../lib/ride_moves.ts";
import { isActive, type Ride } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { done, type Outcome, refuse, refuseField } from "../refusal.ts";
import { HIDDEN_CHARACTERS_TEXT } from "../rides/request.ts";
import { bookingCanceled, type NoticeDeps } from "../rides/tell_rider.ts";
import { PLANS_CHANGED } from "./assign.ts";
import { followMove } from "./follow_moves.ts";

export const REASON_MAX = 200;
export const REASON_TEXT: Text = "Reason must be 1 to {max} characters";
export const ALREADY_ENDED: Text = "This ride has already ended";

/** The reason as sent, trimmed, or why not. */
export function readReason(value: unknown): Outcome<string> {
  const reason = typeof value === "string" ? value.trim() : "";
  if (!reason || reason.length > REASON_MAX) return refuseField(400, "reason", REASON_TEXT, { max: REASON_MAX });
  if (hasHiddenCharacters(reason)) {
    return refuseField(400, "reason", HIDDEN_CHARACTERS_TEXT, { label: { text: "Reason" } });
  }
  return done(reason);
}

export async function cancelRide(
  deps: NoticeDeps,
  { tenant, rideId, reason, by }: { tenant: Tenant; rideId: string; reason: string; by: string },
): Promise<Outcome<Ride>> {
  const now = deps.clock.now();
  const follow = followMove(deps, "canceled", now);
  const result = await updateRideStatus(deps.kv, {
    tenant: tenant.code,
    id: rideId,
    to: "canceled",
    actorId: by,
    now,
    decide: (ride) =>
      Promise.resolve(
        isActive(ride.status) || ride.status === "scheduled"
          ? { ok: true }
          : { ok: false, status: 409, error: ALREADY_ENDED },
      ),
    alongside: async (op, ride) => {
      addAudit(op, tenant.code, { at: now, action: "ride.canceled", by, target: rideId, details: { reason } });
      if (follow) return await follow(op, ride);
      await dropFromPlan(deps.kv, op, ride, now);
      return [];
    },
  });
  if (!result.ok) {
    if (result.reason === "not_found") return refuse(404, RIDE_NOT_FOUND);
    if (result.reason === "refused") return refuse(409, ALREADY_ENDED);
    return refuse(409, PLANS_CHANGED);
  }
  if (result.changed) {
    deps.log({ event: "ride.canceled_by_dispatcher", tenant: tenant.code, rideId, by });
    await bookingCanceled(deps, tenant, result.ride, { kind: "dispatcher-canceled", reason });
  }
  return done(result.ride);
}
