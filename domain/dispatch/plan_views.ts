/**
 * The plans as the plan calls answer them: a driver's own (GET /{t}/api/drivers/plan) and every online vehicle's
 * with its driver (GET /{t}/api/admin/plans). The stops still to do, in order; a rider aboard shows by their
 * drop-off alone.
 */
import { type PlanStop, readDriverPlan, readFleet } from "../../kv/plans.ts";
import type { Store } from "../../kv/store.ts";
import { getUsers } from "../../kv/users.ts";
import type { DriverPlanView, PlanStopView, VehiclePlanView } from "../../lib/planned_rides.ts";
import { byName } from "../../lib/vehicles.ts";

function stopView(s: PlanStop): PlanStopView {
  return {
    rideId: s.rideId,
    kind: s.kind,
    point: s.point,
    name: s.name,
    passengerCt: s.passengerCt,
    needs: s.needs,
    plannedAt: s.plannedAt,
  };
}

/** The stops a driver still has to make. */
export function toDo(stops: readonly PlanStop[]): PlanStopView[] {
  return stops.filter((s) => s.doneAt === undefined).map(stopView);
}

/** The signed-in driver's vehicle and its stops; no vehicle and no stops when they hold none. */
export async function driverPlan(kv: Store, tenant: string, driverId: string): Promise<DriverPlanView> {
  const held = await readDriverPlan(kv, tenant, driverId);
  if (!held) return { vehicle: null, stops: [] };
  return { vehicle: held.vehicle, stops: toDo(held.plan?.stops ?? []) };
}

/** Every online vehicle's plan with its driver, by vehicle name. */
export async function vehiclePlans(kv: Store, tenant: string, now: number): Promise<VehiclePlanView[]> {
  const fleet = await readFleet(kv, tenant, now);
  const people = new Map((await getUsers(kv, fleet.map((f) => f.driverId))).map((u) => [u.id, u]));
  return fleet
    .map((f) => {
      const person = people.get(f.driverId);
      return {
        vehicle: f.vehicle,
        driver: { id: f.driverId, name: person?.name ?? null, phoneNumber: person?.phoneNumber ?? null },
        stops: toDo(f.entry.value?.stops ?? []),
        updatedAt: f.entry.value?.updatedAt ?? null,
      };
    })
    .sort((a, b) => byName(a.vehicle, b.vehicle));
}
