/**
 * A driver's reported positions move their vehicle's plan: the plan is re-timed from where they are at now (later too,
 * when they fell behind), at most once every RETIME_EVERY_MS per vehicle, counted on the plan's `updatedAt` in KV so
 * it holds across isolates; the rides whose times moved by a minute or more are rewritten in the same commit, which
 * carries them to the riders' and the driver's sockets.
 *
 * A report costs nothing more in drivers mode or for a driver with no vehicle; with one, one read of its plan.
 */
import type { DriverState } from "../../kv/drivers.ts";
import { commitPlanChange, readRidesForRewrite } from "../../kv/plan_rides.ts";
import { getPlan, rideIdsOf, type VehiclePlan } from "../../kv/plans.ts";
import { commitWithRetry, RETRY } from "../../kv/retry.ts";
import { rideWriteLane } from "../../kv/rides.ts";
import type { Store } from "../../kv/store.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { RETIME_EVERY_MS, ridesToRetime, timesFrom } from "./retime.ts";
import { estimateTravel, type Travel } from "./travel.ts";

export interface PositionDeps {
  kv: Store;
  travel?: Travel;
}

/** Whether a plan is due a re-timing from its driver's position at `now`. */
function due(plan: VehiclePlan | null, driverId: string, now: number): plan is VehiclePlan {
  return !!plan && plan.driverId === driverId && now - plan.updatedAt >= RETIME_EVERY_MS &&
    plan.stops.some((s) => s.doneAt === undefined);
}

/** Re-times the plan of the driver's vehicle from their reported position, when due; answers the rides rewritten. */
export async function followPosition(
  deps: PositionDeps,
  tenant: Tenant,
  state: DriverState,
  now: number,
): Promise<string[]> {
  const { kv } = deps;
  const vehicleId = state.vehicleId;
  const at = state.location;
  if (settingsOf(tenant).dispatchMode !== "automatic" || !vehicleId || !at || !state.isAvailable) return [];
  if (!due((await getPlan(kv, tenant.code, vehicleId)).value, state.userId, now)) return [];
  return await rideWriteLane(kv, tenant.code, () =>
    commitWithRetry("re-time a plan", async () => {
      const entry = await getPlan(kv, tenant.code, vehicleId);
      const plan = entry.value;
      // Another isolate re-timed it meanwhile, or a move changed it: nothing to do.
      if (!due(plan, state.userId, now)) return [];
      const stops = await timesFrom(plan.stops, at, now, deps.travel ?? estimateTravel);
      const rides = (await readRidesForRewrite(kv, tenant.code, rideIdsOf(plan)))
        .filter((e) => e.value.vehicleId === vehicleId);
      const byId = new Map(rides.map((e) => [e.value.id, e]));
      const rewrites = ridesToRetime(stops, rides.map((e) => e.value), now)
        .map((next) => ({ entry: byId.get(next.id)!, next }));
      const ok = await commitPlanChange(kv, {
        tenant: tenant.code,
        plans: [{ entry, next: { ...plan, stops, updatedAt: now } }],
        rewrites,
        now,
      });
      return ok ? rewrites.map((r) => r.next.id) : RETRY;
    }));
}
