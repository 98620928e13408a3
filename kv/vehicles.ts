/**
 * A tenant's vehicles. One commit writes a vehicle with its name key, which
 * makes names unique per tenant (folded: lib/vehicles.ts) even when two
 * admins save at once: the commit checks the name key it read. Every write
 * adds its audit record in the same commit. A lost race reads again.
 */
import type { Store } from "./store.ts";
import { ulid } from "../lib/ids.ts";
import { byName, foldName, type StoredVehicle, type Vehicle, type VehicleInput } from "../lib/vehicles.ts";
import { addAudit } from "./audit.ts";
import { bumpVehicles } from "./feed.ts";
import { keys } from "./keys.ts";
import { committed, commitWithRetry } from "./retry.ts";

export type VehicleWrite =
  | { ok: true; vehicle: Vehicle }
  | { ok: false; reason: "name_taken" | "not_found" };

/** The API's view of a stored vehicle. */
export function publicVehicle(v: StoredVehicle): Vehicle {
  return { id: v.id, name: v.name, seats: v.seats, wheelchairSpaces: v.wheelchairSpaces };
}

/** The tenant's vehicles, sorted by name. */
export async function listVehicles(kv: Store, tenant: string): Promise<Vehicle[]> {
  const out: Vehicle[] = [];
  for await (const e of kv.list<StoredVehicle>({ prefix: keys.vehicles(tenant) })) out.push(publicVehicle(e.value));
  return out.sort(byName);
}

/** The names of the tenant's vehicles by id (null for an id no longer there), read once for a page of rides. */
export async function vehicleNames(kv: Store, tenant: string): Promise<(id: string) => string | null> {
  const names = new Map((await listVehicles(kv, tenant)).map((v) => [v.id, v.name]));
  return (id) => names.get(id) ?? null;
}

/** One of the tenant's vehicles, or null (another tenant's id finds nothing). */
export async function getVehicle(kv: Store, tenant: string, id: string): Promise<Vehicle | null> {
  const entry = await kv.get<StoredVehicle>(keys.vehicle(tenant, id));
  return entry.value ? publicVehicle(entry.value) : null;
}

/** Adds a vehicle, refused when its name is taken. `by` is recorded in the audit trail. */
export function createVehicle(
  kv: Store,
  tenant: string,
  input: VehicleInput,
  by: string,
  now: number,
): Promise<VehicleWrite> {
  return commitWithRetry<VehicleWrite>("add the vehicle", async () => {
    const nameKey = keys.vehicleByName(tenant, foldName(input.name));
    const taken = await kv.get(nameKey);
    if (taken.value) return { ok: false, reason: "name_taken" };
    const vehicle: StoredVehicle = { id: ulid(now), tenant, ...input, createdAt: now, updatedAt: now };
    const op = kv.atomic()
      .check(taken)
      .set(keys.vehicle(tenant, vehicle.id), vehicle)
      .set(nameKey, vehicle.id);
    addAudit(op, tenant, { at: now, action: "vehicle.created", by, target: vehicle.id, details: details(vehicle) });
    return await committed(op, { ok: true as const, vehicle: publicVehicle(vehicle) });
  });
}

/**
 * Changes a vehicle's name, seats or wheelchair spaces; the old name is free again once the new one is held.
 * Rings the vehicles doorbell (kv/feed.ts) when whether it takes a wheelchair changes.
 */
export function updateVehicle(
  kv: Store,
  tenant: string,
  id: string,
  input: VehicleInput,
  by: string,
  now: number,
): Promise<VehicleWrite> {
  return commitWithRetry<VehicleWrite>("change the vehicle", async () => {
    const current = await kv.get<StoredVehicle>(keys.vehicle(tenant, id));
    if (!current.value) return { ok: false, reason: "not_found" };
    const op = kv.atomic().check(current);
    if (foldName(current.value.name) !== foldName(input.name)) {
      const newKey = keys.vehicleByName(tenant, foldName(input.name));
      const taken = await kv.get(newKey);
      if (taken.value) return { ok: false, reason: "name_taken" };
      op.check(taken).delete(keys.vehicleByName(tenant, foldName(current.value.name))).set(newKey, id);
    }
    const vehicle: StoredVehicle = { ...current.value, ...input, updatedAt: now };
    op.set(keys.vehicle(tenant, id), vehicle);
    // Its drivers are offered wheelchair rides by its spaces (lib/vehicles.ts takesWheelchair): the rooms re-read.
    if ((current.value.wheelchairSpaces >= 1) !== (vehicle.wheelchairSpaces >= 1)) bumpVehicles(op, tenant);
    addAudit(op, tenant, { at: now, action: "vehicle.changed", by, target: id, details: details(vehicle) });
    return await committed(op, { ok: true as const, vehicle: publicVehicle(vehicle) });
  });
}

/** Removes a vehicle, frees its name, ends a driver's hold on it and rings the vehicles doorbell; false when there was none. */
export function deleteVehicle(kv: Store, tenant: string, id: string, by: string, now: number): Promise<boolean> {
  return commitWithRetry<boolean>("remove the vehicle", async () => {
    const current = await kv.get<StoredVehicle>(keys.vehicle(tenant, id));
    if (!current.value) return false;
    const op = kv.atomic()
      .check(current)
      .delete(keys.vehicle(tenant, id))
      .delete(keys.vehicleByName(tenant, foldName(current.value.name)))
      .delete(keys.vehicleDriver(tenant, id));
    // Its drivers fall back to their own word on a wheelchair: the rooms re-read.
    bumpVehicles(op, tenant);
    addAudit(op, tenant, { at: now, action: "vehicle.deleted", by, target: id, details: details(current.value) });
    return await committed(op, true);
  });
}

function details(v: Vehicle) {
  return { name: v.name, seats: v.seats, wheelchairSpaces: v.wheelchairSpaces };
}
