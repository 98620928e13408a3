/**
 * A dispatcher puts a ride into a vehicle by hand (POST /{t}/api/dispatch/rides/{id}/assign): a ride from the queue,
 * or one planned into another vehicle. The ride goes where it costs least in that one vehicle's plan and keeps every
 * limit, checked as the engine checks them (domain/dispatch/place.ts findPlacement). When no place keeps them, the
 * answer names the limit that breaks, unless the dispatcher overrides it: then the ride goes at its cheapest place
 * anyway, or after every stop (placeInVehicle). A ride no vehicle could ever carry (more seats than it has, a
 * wheelchair and no space) is refused even then.
 *
 * One commit: the old plan without the ride, the new plan with it, the ride with the new driver, vehicle and times,
 * the other riders of the new plan whose times moved, and the audit record (who, which vehicle, which limit was
 * overridden). Both plans and the ride are checked as read: when one moved meanwhile, the dispatcher is told to look
 * again (409) rather than have a decision made on what they saw applied to what they did not.
 */
import { addAudit } from "../../kv/audit.ts";
import { commitPlanChange, type PlanWrite, readRidesForRewrite, type RideRewrite } from "../../kv/plan_rides.ts";
import { getPlan, type PlanStop, readFleet, rideIdsOf } from "../../kv/plans.ts";
import { rideWriteLane } from "../../kv/rides.ts";
import { getUser } from "../../kv/users.ts";
import { getVehicle } from "../../kv/vehicles.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { RIDE_NOT_FOUND } from "../../lib/ride_moves.ts";
import type { Ride } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { VEHICLE_NOT_FOUND } from "../../lib/vehicles.ts";
import { done, type Outcome, type Refusal, refuse } from "../refusal.ts";
import { type NoticeDeps, rideMoved } from "../rides/tell_rider.ts";
import { tellDrivers } from "../push/tell_drivers.ts";
import { seatsOf } from "./from_plans.ts";
import { bookingWindow, findPlacement, placeInVehicle, type Placement, type PlaceSettings } from "./place.ts";
import type { RideToPlace } from "./from_plans.ts";
import { ridesToRetime, withoutRide } from "./retime.ts";
import { estimateTravel, type Travel } from "./travel.ts";

export const OVER_LIMIT: Text = "This vehicle cannot take the ride within the limits";
export const NOT_ONLINE: Text = "This vehicle is not online";
export const NOT_MOVABLE: Text = "This ride can no longer be moved";
export const NO_DROPOFF: Text = "This ride has no drop-off to plan";
export const PLANS_CHANGED: Text = "The plans changed meanwhile. Please look again.";

/** The limits a placement can break, as the audit record names them. */
export type Limit = "seats" | "wheelchairSpaces" | "wait" | "arriveBy" | "rideTime" | "plannedRiders";

/** Each limit in words, for the dispatcher. */
export const LIMIT_WORDS: Record<Limit, Text> = {
  seats: "The ride needs more seats than the vehicle has",
  wheelchairSpaces: "The vehicle has no wheelchair space",
  wait: "The rider would wait more than {minutes} minutes",
  arriveBy: "The rider would arrive later than they asked",
  rideTime: "A rider would be aboard longer than allowed",
  plannedRiders: "Riders already planned would be picked up or dropped off late",
};

/** A refusal that names the broken limit beside the error. */
export type LimitRefusal = Refusal & { limit: { code: Limit; text: Text; values?: Record<string, number> } };

export interface AssignInput {
  tenant: Tenant;
  rideId: string;
  vehicleId: string;
  override: boolean;
  by: string;
  now: number;
}

/** Statuses whose rider is not aboard yet: an arrived driver has done the pickup (the plan marks it done). */
const MOVABLE = new Set(["pending", "accepted", "on-the-way"]);

export async function assignRide(deps: NoticeDeps, input: AssignInput): Promise<Outcome<Ride> | LimitRefusal> {
  const out = await rideWriteLane(deps.kv, input.tenant.code, () => assignOnce(deps, input));
  if (!out.refused) {
    deps.log({ event: "ride.assigned", tenant: input.tenant.code, rideId: input.rideId, to: input.vehicleId });
    await rideMoved(deps, input.tenant, out.value);
    await tellDrivers(deps, input.tenant, out.value);
  }
  return out;
}

async function assignOnce(deps: NoticeDeps, input: AssignInput): Promise<Outcome<Ride> | LimitRefusal> {
  const { kv } = deps;
  const { tenant, rideId, vehicleId, override, by, now } = input;
  const travel = deps.travel ?? estimateTravel;
  const [rideEntry] = await readRidesForRewrite(kv, tenant.code, [rideId]);
  const before = rideEntry?.value;
  if (!before) return refuse(404, RIDE_NOT_FOUND);
  if (!MOVABLE.has(before.status)) return refuse(409, NOT_MOVABLE);
  if (!before.dropoff) return refuse(409, NO_DROPOFF);
  const fleet = (await readFleet(kv, tenant.code, now)).find((f) => f.vehicle.id === vehicleId);
  if (!fleet) {
    return (await getVehicle(kv, tenant.code, vehicleId)) ? refuse(409, NOT_ONLINE) : refuse(404, VEHICLE_NOT_FOUND);
  }
  if (before.vehicleId === vehicleId && before.assignedDriverId === fleet.driverId) return done(before);

  const settings = settingsOf(tenant);
  const from = before.vehicleId ? await getPlan(kv, tenant.code, before.vehicleId) : null;
  const stops = from?.value?.stops.filter((s) => s.rideId === rideId) ?? [];
  if (stops.some((s) => s.doneAt !== undefined)) return refuse(409, NOT_MOVABLE);
  const ride = toPlace(before, stops, settings, now);

  let placement = await findPlacement(tenant.code, [fleet], ride, settings, now, { travel });
  let overrode: Limit | null = null;
  if (!placement) {
    const limit = await brokenLimit(tenant.code, fleet, ride, settings, now, travel);
    const refusal: LimitRefusal = {
      ...refuse(409, OVER_LIMIT),
      limit: {
        code: limit,
        text: LIMIT_WORDS[limit],
        ...(limit === "wait" ? { values: { minutes: settings.maxWaitMinutes } } : {}),
      },
    };
    if (!override || limit === "seats" || limit === "wheelchairSpaces") return refusal;
    placement = await placeInVehicle(tenant.code, fleet, ride, settings, now, { travel });
    overrode = limit;
  }

  const next = await assigned(deps, before, placement, now);
  const plans: PlanWrite[] = [];
  if (from?.value && before.vehicleId !== vehicleId) {
    plans.push({ entry: from, next: { ...from.value, stops: withoutRide(from.value.stops, rideId), updatedAt: now } });
  }
  plans.push({ entry: placement.entry, next: placement.plan });
  const rewrites: RideRewrite[] = [{ entry: rideEntry, next }];
  const others = (await readRidesForRewrite(kv, tenant.code, rideIdsOf(placement.plan)))
    .filter((e) => e.value.id !== rideId && e.value.vehicleId === vehicleId);
  const byId = new Map(others.map((e) => [e.value.id, e]));
  for (const moved of ridesToRetime(placement.plan.stops, others.map((e) => e.value), now)) {
    rewrites.push({ entry: byId.get(moved.id)!, next: moved });
  }
  const ok = await commitPlanChange(kv, {
    tenant: tenant.code,
    plans,
    rewrites,
    now,
    audit: (op) =>
      addAudit(op, tenant.code, {
        at: now,
        action: "ride.assigned",
        by,
        target: rideId,
        details: { vehicleId, fromVehicleId: before.vehicleId ?? null, overrode },
      }),
  });
  return ok ? done(next) : refuse(409, PLANS_CHANGED);
}

/**
 * The ride as placing reads it: a planned ride keeps the pickup window it was planned with; a ride from the queue
 * gets one from now (or its booked time, when later), as a request for now would; a ride to arrive by a time keeps
 * its drop-off by then either way (place.ts bookingWindow).
 */
function toPlace(ride: Ride, stops: PlanStop[], settings: PlaceSettings, now: number): RideToPlace {
  const pickup = stops.find((s) => s.kind === "pickup");
  const booked = bookingWindow(ride, settings, now);
  const window = pickup ? { ...booked, earliest: pickup.earliest, latest: pickup.latest } : booked;
  return {
    rideId: ride.id,
    pickup: ride.pickup,
    pickupName: ride.pickupName ?? null,
    dropoff: ride.dropoff!,
    destination: ride.destination,
    passengerCt: ride.passengerCt,
    needs: ride.needs ?? [],
    ...window,
  };
}

/**
 * Which limit keeps the ride out of the vehicle: its room first, then the rider's wait (is there a place once the
 * wait is lifted?), then the time aboard (once that is lifted too); else the riders already planned.
 */
async function brokenLimit(
  tenant: string,
  fleet: Placement["fleet"],
  ride: RideToPlace,
  settings: PlaceSettings,
  now: number,
  travel: Travel,
): Promise<Limit> {
  const room = seatsOf(ride);
  if (room.wheelchairs > fleet.vehicle.wheelchairSpaces) return "wheelchairSpaces";
  if (room.seats > fleet.vehicle.seats) return "seats";
  const far = now + 365 * 24 * 3_600_000;
  const unhurried = { ...ride, latest: far };
  if (await findPlacement(tenant, [fleet], unhurried, settings, now, { travel })) return "wait";
  const whenever = { ...unhurried, arriveBy: undefined };
  if (ride.arriveBy !== undefined && await findPlacement(tenant, [fleet], whenever, settings, now, { travel })) {
    return "arriveBy";
  }
  const unlimited = { ...settings, maxRideFactor: 1_000, maxRideExtraMinutes: 24 * 60 };
  if (await findPlacement(tenant, [fleet], whenever, unlimited, now, { travel })) return "rideTime";
  return "plannedRiders";
}

/** The ride as the vehicle's driver has it: accepted by them, not yet on the way. */
async function assigned(deps: NoticeDeps, ride: Ride, placement: Placement, now: number): Promise<Ride> {
  const driver = await getUser(deps.kv, placement.fleet.driverId);
  const next: Ride = {
    ...ride,
    status: "accepted",
    assignedDriverId: placement.fleet.driverId,
    driverName: driver?.name ?? null,
    driverPhone: driver?.phoneNumber ?? null,
    acceptedAt: now,
    onTheWayAt: null,
    vehicleId: placement.plan.vehicleId,
    pickupAt: placement.pickupAt,
    dropoffAt: placement.dropoffAt,
    updatedAt: now,
  };
  // The old driver's arrival at the pickup does not start the new one's no-show wait.
  delete next.reachedPickupAt;
  delete next.noShowFrom;
  return next;
}
