/**
 * A ride's status moves (spec section 4): a driver accepts, is on the way,
 * picks up, completes or marks a no-show; a rider or a driver cancels. Who
 * may move a ride where is lib/ride_moves.ts's table (the driver's screen
 * shows only those buttons); on top of it, a wheelchair ride is taken only
 * by a vehicle that takes one, and a no-show only after the wait at the
 * pickup (lib/no_show_wait.ts). The move commits checked against the ride as
 * read (kv/rides.ts), so of two drivers accepting at once one is refused.
 *
 * In automatic dispatch the ride's vehicle plan follows the move in its
 * commit (domain/dispatch/follow_moves.ts).
 *
 * The rider's texts (accepted, on the way, no-show) go after the move
 * commits and are not waited for: a slow or failed text never holds it up.
 */
import { followMove } from "../dispatch/follow_moves.ts";
import { driverTakesWheelchair } from "../../kv/drivers.ts";
import { readFleetOf } from "../../kv/plans.ts";
import { getRide } from "../../kv/ride_reads.ts";
import { type PlanWrite, type UpdateResult, updateRideStatus } from "../../kv/rides.ts";
import type { User } from "../../kv/users.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { NEEDS_ACCESSIBLE_VEHICLE } from "../../lib/needs.ts";
import { noShowRefusal } from "../../lib/no_show_wait.ts";
import { needsAccessibleVehicle } from "../../lib/ride_offers.ts";
import { checkMove, RIDE_NOT_FOUND } from "../../lib/ride_moves.ts";
import { isRideStatus, type Ride, RIDE_STATUSES, type RideStatus } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { bookingWindow, placeInVehicle, rideToPlace } from "../dispatch/place.ts";
import { PLAN_ATTEMPTS } from "./request_planned.ts";
import { done, type Outcome, type Refusal, refuse, refuseSaid } from "../refusal.ts";
import { noShowMarked, type NoticeDeps, rideMoved } from "./tell_rider.ts";

export const STATUS_TEXT: Text = "Status must be one of: {statuses}";
/** The plan kept changing under an accept (as server/app.tsx answers a write that kept losing its races). */
const PLAN_BUSY_TEXT: Text = "The service is busy right now. Please try again.";

export interface MoveRequest {
  tenant: Tenant;
  /** Who moves it: the signed-in person. */
  actor: User;
  /** The actor drives in this tenant (driver or admin there, or a super admin). */
  drives: boolean;
  rideId: string;
  /** The status asked for, as it arrived. */
  to: unknown;
}

export interface Moved {
  ride: Ride;
  from: RideStatus;
  /** False for a repeat of the move that already happened (answered as it stands). */
  changed: boolean;
}

/** Moves the ride to `to` at the clock's now, or says why not; the rider hears what is due after. */
export async function moveRide(deps: NoticeDeps, request: MoveRequest): Promise<Outcome<Moved>> {
  const { tenant, actor, drives, rideId, to } = request;
  if (!isRideStatus(to)) return refuse(400, STATUS_TEXT, { statuses: RIDE_STATUSES.join(", ") });
  const now = deps.clock.now();
  // The commit may re-read the ride and decide again: the last decision's refusal is the answer.
  let refusal: Refusal | null = null;
  let result: UpdateResult = { ok: false, reason: "plan_changed" };
  // In automatic dispatch a ride accepted by hand goes into the driver's vehicle's plan, planned again when
  // another change to that plan commits first.
  for (let attempt = 0; attempt < PLAN_ATTEMPTS && !result.ok && result.reason === "plan_changed"; attempt++) {
    const planned = to === "accepted" ? await planOfAccept(deps, tenant, actor, rideId, now) : null;
    if (planned && "refusal" in planned) return planned.refusal;
    result = await updateRideStatus(deps.kv, {
      tenant: tenant.code,
      id: rideId,
      to,
      actorId: actor.id,
      driver: { name: actor.name, phoneNumber: actor.phoneNumber },
      now,
      ...(planned && { plan: planned.plan }),
      // `busy`: the ride's driver's in-progress slot holds another ride (kv/rides.ts checks it in the commit).
      decide: async (ride, { busy }) => {
        refusal = await moveRefusal(deps, ride, to, { actor, drives, busy, now, planned: planned !== null });
        return refusal ? { ok: false, status: 409, error: refusal.text } : { ok: true };
      },
      // Automatic dispatch: the vehicle's plan follows in the same commit (domain/dispatch/follow_moves.ts).
      alongside: followMove(deps, to, now),
    });
  }
  if (!result.ok) {
    if (result.reason === "not_found") return refuse(404, RIDE_NOT_FOUND);
    if (result.reason === "plan_changed") return refuse(409, PLAN_BUSY_TEXT);
    return refusal ?? refuse(result.status, result.error as Text);
  }
  if (result.changed) {
    if (to === "accepted" || to === "on-the-way") void rideMoved(deps, tenant, result.ride);
    if (to === "no-show") void noShowMarked(deps, tenant, result.ride);
  }
  return done({ ride: result.ride, from: result.from, changed: result.changed });
}

/**
 * Automatic dispatch, a driver accepting a waiting ride by hand (one no vehicle could take at its booking's
 * hand-over): it goes into their vehicle's plan at its cheapest place, or after every stop planned when no place
 * keeps every limit (domain/dispatch/place.ts placeInVehicle: the driver overrules the limits for this ride alone).
 * Null, to accept as in drivers mode, when the tenant dispatches by drivers, the driver drives no vehicle, or the
 * ride has no drop-off point to plan; a wheelchair ride into a vehicle without a wheelchair space is refused.
 */
async function planOfAccept(
  deps: NoticeDeps,
  tenant: Tenant,
  actor: User,
  rideId: string,
  now: number,
): Promise<{ plan: PlanWrite } | { refusal: Refusal } | null> {
  const settings = settingsOf(tenant);
  if (settings.dispatchMode !== "automatic") return null;
  const ride = await getRide(deps.kv, tenant.code, rideId);
  if (!ride || ride.status !== "pending") return null;
  const fleet = await readFleetOf(deps.kv, tenant.code, actor.id, now);
  const toPlace = fleet && rideToPlace(ride, bookingWindow(ride, settings, now));
  if (!fleet || !toPlace) return null;
  if (needsAccessibleVehicle(ride) && fleet.vehicle.wheelchairSpaces === 0) {
    return { refusal: refuse(409, NEEDS_ACCESSIBLE_VEHICLE) };
  }
  const placed = await placeInVehicle(tenant.code, fleet, toPlace, settings, now, { travel: deps.travel });
  return {
    plan: {
      entry: placed.entry,
      plan: placed.plan,
      times: placed.times,
      driver: { name: actor.name, phoneNumber: actor.phoneNumber },
    },
  };
}

/** Why `actor` may not move `ride` to `to` now, or null when they may. */
async function moveRefusal(
  deps: NoticeDeps,
  ride: Ride,
  to: RideStatus,
  { actor, drives, busy, now, planned }: {
    actor: User;
    drives: boolean;
    busy: boolean;
    now: number;
    /** Going into the actor's vehicle's plan, whose wheelchair spaces planOfAccept checked. */
    planned: boolean;
  },
): Promise<Refusal | null> {
  const check = checkMove(ride, to, { userId: actor.id, drives }, busy);
  if (!check.ok) return refuse(check.status, check.error, check.values);
  // A wheelchair ride is offered only to vehicles that take one; taking it another way is refused too.
  if (to === "accepted" && needsAccessibleVehicle(ride) && !planned) {
    if (!await driverTakesWheelchair(deps.kv, ride.tenant, actor.id)) return refuse(409, NEEDS_ACCESSIBLE_VEHICLE);
  }
  // A no-show only after the wait at the pickup, as recorded on the ride (lib/no_show_wait.ts).
  const early = to === "no-show" ? noShowRefusal(ride, now) : null;
  return early ? refuseSaid(409, early) : null;
}
