/**
 * What a rider reads of their ride beyond the ride itself, in automatic dispatch: the vehicle's name, whether others
 * ride in it during their trip, and the pickup window (lib/pickup_window.ts). Read from the ride's vehicle plan; the
 * other riders of that plan are only compared, never copied, so nothing of theirs reaches this rider. GET rides/my and
 * the rider's texts (domain/rides/tell_rider.ts) both read it here.
 */
import { getPlan, isShared } from "../../kv/plans.ts";
import type { Store } from "../../kv/store.ts";
import { getVehicle } from "../../kv/vehicles.ts";
import { arrivalWindow, type RiderShuttle } from "../../lib/pickup_window.ts";
import type { Ride } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";

/** The ride's shuttle as the rider sees it; null in drivers mode (no vehicle plan). */
export async function riderShuttle(kv: Store, tenant: Tenant, ride: Ride): Promise<RiderShuttle | null> {
  if (!ride.vehicleId) return null;
  const [vehicle, plan] = await Promise.all([
    getVehicle(kv, tenant.code, ride.vehicleId),
    getPlan(kv, tenant.code, ride.vehicleId),
  ]);
  const stops = plan.value?.stops ?? [];
  const pickup = stops.find((s) => s.rideId === ride.id && s.kind === "pickup" && s.doneAt === undefined);
  return {
    vehicleName: vehicle?.name ?? null,
    // Kept on the ride once it shared (kv/rides.ts), so the other rider getting off does not take it back.
    shared: ride.shared === true || isShared(stops, ride.id),
    window: pickup ? arrivalWindow(pickup.plannedAt, pickup.latest, settingsOf(tenant).maxWaitMinutes) : null,
  };
}
