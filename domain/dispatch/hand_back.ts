/**
 * A driver going offline in automatic dispatch, or on in another vehicle, hands back the rides their vehicle had
 * planned but not yet picked up. Each is placed again where it fits (domain/dispatch/place.ts, that vehicle excluded, within the ride's own pickup
 * window): it gets the new vehicle's driver, vehicle and times, and its rider is told the new pickup time when it
 * changed. A ride no vehicle can take, or one a dispatcher pinned to this vehicle, goes back to pending with no
 * driver (the pin with it), and its rider is told.
 *
 * One commit per ride: the old plan without it, the new plan with it, the ride and the other riders of the new plan
 * whose times moved by a minute or more, each checked as read (kv/plan_rides.ts), in the tenant's ride write lane.
 * Riders aboard stay with the vehicle: a driver with riders aboard is refused going offline or changing vehicle
 * (`riderAboard`).
 *
 * A driver who leaves another way (silent for DRIVER_STALE_MS, a phone that died; offline because the tenant was
 * paused) is noticed by the hand-over timer (server/hand_over.ts), which hands their waiting rides back the same way
 * (`handBackLeft`); riders aboard stay with the vehicle's plan for the driver to finish.
 */
import { listLeftPlans } from "../../kv/left_plans.ts";
import { getPlan, isShared, type PlanStop, rideIdsOf, type VehiclePlan } from "../../kv/plans.ts";
import { recentTenant } from "../../kv/tenants.ts";
import { commitPlanChange, type PlanWrite, readRidesForRewrite, type RideRewrite } from "../../kv/plan_rides.ts";
import { commitWithRetry, RETRY } from "../../kv/retry.ts";
import { rideWriteLane } from "../../kv/rides.ts";
import { getUser } from "../../kv/users.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { isActive, type Ride } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { type NoticeDeps, rideHandedBack } from "../rides/tell_rider.ts";
import { tellDrivers } from "../push/tell_drivers.ts";
import { type Placement, placeRide } from "./place.ts";
import { MOVED_MS, ridesToRetime, withoutRide } from "./retime.ts";
import { estimateTravel } from "./travel.ts";

export const DROP_OFF_FIRST: Text = "Drop off your riders before going offline";
export const DROP_OFF_TO_CHANGE: Text = "Drop off your riders before changing vehicle";

/** The ride use cases' dependencies, with automatic dispatch's travel model. */
export type HandBackDeps = NoticeDeps;

/** Whether the plan carries a rider aboard (a pickup done, its drop-off still to do). */
export function riderAboard(plan: VehiclePlan | null): boolean {
  return !!plan?.stops.some((s) => s.doneAt !== undefined);
}

export interface HandedBack {
  placed: string[];
  unplaced: string[];
}

/** Hands back every ride of the vehicle's plan not yet picked up; the driver went offline at `now`. */
export async function handBack(
  deps: HandBackDeps,
  tenant: Tenant,
  vehicleId: string,
  driverId: string,
): Promise<HandedBack> {
  const now = deps.clock.now();
  const result: HandedBack = { placed: [], unplaced: [] };
  const plan = (await getPlan(deps.kv, tenant.code, vehicleId)).value;
  if (!plan || plan.driverId !== driverId) return result;
  const waiting = rideIdsOf(plan).filter((id) => !plan.stops.some((s) => s.rideId === id && s.doneAt !== undefined));
  for (const rideId of waiting) {
    const moved = await rideWriteLane(deps.kv, tenant.code, () => handBackOne(deps, tenant, vehicleId, rideId, now));
    if (!moved) continue;
    const { before, ride, placement } = moved;
    (placement ? result.placed : result.unplaced).push(rideId);
    deps.log({ event: "ride.handed_back", tenant: tenant.code, rideId, to: ride.vehicleId ?? null });
    const at = placement ? placement.pickupAt : null;
    const changed = at === null || before.pickupAt === undefined || Math.abs(at - before.pickupAt) >= MOVED_MS;
    await rideHandedBack(deps, tenant, ride, { at, changed, leftAt: now });
    // Placed on another vehicle: its driver has a rider added to their run.
    if (placement) await tellDrivers(deps, tenant, ride);
  }
  return result;
}

/** Hands back the waiting rides of every plan whose driver left without doing so (kv/left_plans.ts). */
export async function handBackLeft(deps: HandBackDeps): Promise<HandedBack> {
  const result: HandedBack = { placed: [], unplaced: [] };
  for (const left of await listLeftPlans(deps.kv, deps.clock.now())) {
    const tenant = await recentTenant(deps.kv, left.tenant);
    if (!tenant) continue;
    const one = await handBack(deps, tenant, left.vehicleId, left.driverId);
    result.placed.push(...one.placed);
    result.unplaced.push(...one.unplaced);
  }
  return result;
}

/** One ride out of the vehicle's plan and into another's, or back to pending: null when there was nothing to do. */
function handBackOne(deps: HandBackDeps, tenant: Tenant, vehicleId: string, rideId: string, now: number) {
  const { kv } = deps;
  return commitWithRetry("hand a ride back", async () => {
    const entry = await getPlan(kv, tenant.code, vehicleId);
    const plan = entry.value;
    const stops = plan?.stops.filter((s) => s.rideId === rideId) ?? [];
    if (!plan || !stops.length || stops.some((s) => s.doneAt !== undefined)) return null;
    const left = { entry, next: { ...plan, stops: withoutRide(plan.stops, rideId), updatedAt: now } };
    const [rideEntry] = await readRidesForRewrite(kv, tenant.code, [rideId]);
    const before = rideEntry?.value;
    if (!before || !isActive(before.status) || before.vehicleId !== vehicleId) {
      // Stops of a ride that ended or moved on are only dropped.
      return (await commitPlanChange(kv, { tenant: tenant.code, plans: [left], rewrites: [], now })) ? null : RETRY;
    }
    // A pinned ride is not the engine's to move: it waits for the dispatcher.
    const placement = before.pinned ? null : await placeAgain(deps, tenant, before, stops, vehicleId, now);
    const ride = placement ? await assigned(deps, before, placement, now) : unassigned(before, now);
    const rewrites: RideRewrite[] = [{ entry: rideEntry, next: ride }];
    const plans: PlanWrite[] = [left];
    if (placement) {
      plans.push({ entry: placement.entry, next: placement.plan });
      const others = (await readRidesForRewrite(kv, tenant.code, rideIdsOf(placement.plan)))
        .filter((e) => e.value.id !== rideId && e.value.vehicleId === placement.plan.vehicleId);
      const byId = new Map(others.map((e) => [e.value.id, e]));
      for (const next of ridesToRetime(placement.plan.stops, others.map((e) => e.value), now)) {
        rewrites.push({ entry: byId.get(next.id)!, next });
      }
    }
    const ok = await commitPlanChange(kv, { tenant: tenant.code, plans, rewrites, now });
    return ok ? { before, ride, placement } : RETRY;
  });
}

/** The ride placed among the other online vehicles, within its own pickup window. */
function placeAgain(
  deps: HandBackDeps,
  tenant: Tenant,
  ride: Ride,
  stops: PlanStop[],
  vehicleId: string,
  now: number,
): Promise<Placement | null> {
  const pickup = stops.find((s) => s.kind === "pickup");
  const dropoff = stops.find((s) => s.kind === "dropoff");
  if (!pickup || !dropoff) return Promise.resolve(null);
  const settings = settingsOf(tenant);
  return placeRide(
    deps.kv,
    tenant.code,
    {
      rideId: ride.id,
      pickup: pickup.point,
      pickupName: pickup.name,
      dropoff: dropoff.point,
      destination: dropoff.name,
      passengerCt: pickup.passengerCt,
      needs: pickup.needs,
      earliest: pickup.earliest,
      latest: pickup.latest,
    },
    settings,
    now,
    { excludeVehicleId: vehicleId, travel: deps.travel ?? estimateTravel },
  );
}

/** The ride as the new vehicle's driver has it: accepted by them, not yet on the way. */
async function assigned(deps: HandBackDeps, ride: Ride, placement: Placement, now: number): Promise<Ride> {
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
  // The ride was not yet aboard: whether it is shared is the new vehicle's plan's to say.
  delete next.shared;
  if (isShared(placement.plan.stops, ride.id)) next.shared = true;
  return next;
}

/** The ride waiting for a vehicle again: pending, no driver, no plan. */
function unassigned(ride: Ride, now: number): Ride {
  const next: Ride = {
    ...ride,
    status: "pending",
    assignedDriverId: null,
    driverName: null,
    driverPhone: null,
    acceptedAt: null,
    onTheWayAt: null,
    updatedAt: now,
  };
  delete next.vehicleId;
  delete next.pinned;
  delete next.pickupAt;
  delete next.dropoffAt;
  delete next.reachedPickupAt;
  delete next.noShowFrom;
  delete next.shared;
  return next;
}
