/**
 * The tenant's vehicles as a driver going online chooses among them: each
 * marked `held` when another driver who is online holds it (the one their
 * going online would be refused with 409), and the vehicle the driver named
 * last, which the screen offers first.
 */
import type { Store } from "./store.ts";
import type { VehicleChoice } from "../lib/vehicles.ts";
import { type DriverState, getDriverState, holdsVehicle } from "./drivers.ts";
import { keys } from "./keys.ts";
import { listVehicles } from "./vehicles.ts";

/** The tenant's vehicles sorted by name, each with whether another online driver holds it. */
export async function vehiclesToDrive(kv: Store, tenant: string, userId: string, now: number): Promise<VehicleChoice> {
  const [vehicles, mine] = await Promise.all([listVehicles(kv, tenant), getDriverState(kv, tenant, userId)]);
  const holders: (string | null)[] = [];
  for (let i = 0; i < vehicles.length; i += 10) {
    const batch = vehicles.slice(i, i + 10).map((v) => keys.vehicleDriver(tenant, v.id));
    for (const e of await kv.getMany<string[]>(batch)) holders.push(e.value);
  }
  const others = [...new Set(holders.filter((id): id is string => !!id && id !== userId))];
  const holding = new Set<string>();
  for (let i = 0; i < others.length; i += 10) {
    const batch = others.slice(i, i + 10);
    const states = await kv.getMany<DriverState[]>(batch.map((id) => keys.driver(tenant, id)));
    states.forEach((s, j) => holdsVehicle(s.value, now) && holding.add(batch[j]));
  }
  const last = mine?.vehicleId;
  return {
    vehicles: vehicles.map((v, i) => ({ ...v, held: holding.has(holders[i] ?? "") })),
    lastVehicleId: last && vehicles.some((v) => v.id === last) ? last : null,
  };
}
