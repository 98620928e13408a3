/**
 * An admin keeps the tenant's vehicles (GET/POST /{t}/api/admin/vehicles,
 * PUT/DELETE /{t}/api/admin/vehicles/{id}): each input checked field by field
 * (name, seats, wheelchair spaces; a refusal names the field), a taken name
 * 409, an unknown id 404. The name is unique in the commit that writes it
 * (kv/vehicles.ts); every write is audited there and logged here.
 */
import type { Store } from "../../kv/store.ts";
import { createVehicle, deleteVehicle, updateVehicle, type VehicleWrite } from "../../kv/vehicles.ts";
import type { LogEvent } from "../../lib/log.ts";
import { hasHiddenCharacters } from "../../lib/schemas.ts";
import {
  SEATS_MAX,
  SEATS_MIN,
  type Vehicle,
  VEHICLE_NAME_MAX,
  VEHICLE_NAME_TEXT,
  VEHICLE_NOT_FOUND,
  VEHICLE_SEATS_TEXT,
  VEHICLE_TAKEN_TEXT,
  VEHICLE_WHEELCHAIR_TEXT,
  type VehicleInput,
  vehicleName,
  WHEELCHAIR_SPACES_MAX,
  wholeWithin,
} from "../../lib/vehicles.ts";
import { done, type Outcome, refuse, refuseField } from "../refusal.ts";

export interface VehicleDeps {
  kv: Store;
  log: (event: LogEvent) => void;
}

export interface VehicleAct {
  tenant: string;
  by: string;
  now: number;
}

/** A vehicle's fields as they arrive. */
export interface VehicleBody {
  name?: unknown;
  seats?: unknown;
  wheelchairSpaces?: unknown;
}

/** The body checked in order (name, seats, wheelchair spaces), or the refusal naming the first wrong field. */
export function readVehicle(body: VehicleBody): Outcome<VehicleInput> {
  const name = vehicleName(body.name);
  if (name.length === 0 || name.length > VEHICLE_NAME_MAX) {
    return refuseField(400, "name", VEHICLE_NAME_TEXT, { max: VEHICLE_NAME_MAX });
  }
  if (hasHiddenCharacters(name)) {
    return refuseField(400, "name", "{label} contains characters that are not allowed", { label: { text: "Name" } });
  }
  if (!wholeWithin(body.seats, SEATS_MIN, SEATS_MAX)) {
    return refuseField(400, "seats", VEHICLE_SEATS_TEXT, { min: SEATS_MIN, max: SEATS_MAX });
  }
  if (!wholeWithin(body.wheelchairSpaces, 0, WHEELCHAIR_SPACES_MAX)) {
    return refuseField(400, "wheelchairSpaces", VEHICLE_WHEELCHAIR_TEXT, { min: 0, max: WHEELCHAIR_SPACES_MAX });
  }
  return done({ name, seats: body.seats, wheelchairSpaces: body.wheelchairSpaces as number });
}

function written(deps: VehicleDeps, act: VehicleAct, result: VehicleWrite, event: string): Outcome<Vehicle> {
  if (!result.ok) {
    return result.reason === "not_found"
      ? refuse(404, VEHICLE_NOT_FOUND)
      : refuseField(409, "name", VEHICLE_TAKEN_TEXT);
  }
  deps.log({ event, tenant: act.tenant, by: act.by, vehicleId: result.vehicle.id });
  return done(result.vehicle);
}

export async function addVehicle(deps: VehicleDeps, act: VehicleAct, body: VehicleBody): Promise<Outcome<Vehicle>> {
  const input = readVehicle(body);
  if (input.refused) return input;
  const result = await createVehicle(deps.kv, act.tenant, input.value, act.by, act.now);
  return written(deps, act, result, "vehicle.created");
}

export async function changeVehicle(
  deps: VehicleDeps,
  act: VehicleAct,
  id: string,
  body: VehicleBody,
): Promise<Outcome<Vehicle>> {
  const input = readVehicle(body);
  if (input.refused) return input;
  const result = await updateVehicle(deps.kv, act.tenant, id, input.value, act.by, act.now);
  return written(deps, act, result, "vehicle.changed");
}

export async function removeVehicle(deps: VehicleDeps, act: VehicleAct, id: string): Promise<Outcome<null>> {
  if (!await deleteVehicle(deps.kv, act.tenant, id, act.by, act.now)) return refuse(404, VEHICLE_NOT_FOUND);
  deps.log({ event: "vehicle.deleted", tenant: act.tenant, by: act.by, vehicleId: id });
  return done(null);
}
