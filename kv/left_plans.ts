/**
 * The plans whose driver left without handing them back: offline by another door (a tenant paused), silent for
 * DRIVER_STALE_MS (a phone that died), or in another vehicle since. The hand-over timer hands their rides back
 * (domain/dispatch/hand_back.ts).
 */
import type { Store } from "./store.ts";
import { DRIVER_STALE_MS, type DriverState } from "./drivers.ts";
import { keys } from "./keys.ts";
import type { VehiclePlan } from "./plans.ts";

/** A plan its driver left: where and whose it is. */
export interface LeftPlan {
  tenant: string;
  vehicleId: string;
  driverId: string;
}

/**
 * Every tenant's plans whose driver is no longer online in that vehicle with a heartbeat, and which still hold a ride
 * not yet picked up. One list of the plans (online vehicles only) and one read per plan.
 */
export async function listLeftPlans(kv: Store, now: number): Promise<LeftPlan[]> {
  const out: LeftPlan[] = [];
  for await (const e of kv.list<VehiclePlan>({ prefix: keys.everyPlan() })) {
    const plan = e.value;
    if (!plan.stops.some((s) => s.kind === "pickup" && s.doneAt === undefined)) continue;
    const driver = (await kv.get<DriverState>(keys.driver(plan.tenant, plan.driverId))).value;
    // Still online, with a heartbeat, in this vehicle: the plan is theirs.
    if (driver?.isAvailable && now - driver.updatedAt <= DRIVER_STALE_MS && driver.vehicleId === plan.vehicleId) {
      continue;
    }
    out.push({ tenant: plan.tenant, vehicleId: plan.vehicleId, driverId: plan.driverId });
  }
  return out;
}
