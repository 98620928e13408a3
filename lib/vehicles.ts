/**
 * A tenant's vehicles: the vans and cars its drivers drive, each with its
 * seats and wheelchair spaces. The rules once, for the server
 * (domain/vehicles/) and any screen that checks before sending.
 *
 * Names are unique per tenant, compared folded (`foldName`): case, accents
 * and spacing aside, so "Van 1" and "van  1" are one vehicle.
 */
import type { Text } from "./i18n/catalogue.ts";

export { byName, foldName } from "./place_names.ts";

export const VEHICLE_NAME_MAX = 40;
export const SEATS_MIN = 1;
export const SEATS_MAX = 60;
export const WHEELCHAIR_SPACES_MAX = 10;

export const VEHICLE_NAME_TEXT: Text = "Name must be 1-{max} characters";
export const VEHICLE_SEATS_TEXT: Text = "Seats must be a whole number from {min} to {max}";
export const VEHICLE_WHEELCHAIR_TEXT: Text = "Wheelchair spaces must be a whole number from {min} to {max}";
export const VEHICLE_TAKEN_TEXT: Text = "A vehicle with this name already exists";
export const VEHICLE_NOT_FOUND: Text = "Vehicle not found";
export const UNKNOWN_VEHICLE_TEXT: Text = "Unknown vehicle";
export const VEHICLE_HELD_TEXT: Text = "{name} is already driven by another driver who is online";

/** A vehicle as the API answers it. */
export interface Vehicle {
  id: string;
  name: string;
  seats: number;
  wheelchairSpaces: number;
}

/** A vehicle as a driver chooses it: `held` when another driver who is online holds it. */
export interface VehicleToDrive extends Vehicle {
  held: boolean;
}

/** What GET /{t}/api/drivers/vehicles answers: the tenant's vehicles and the one the driver named last. */
export interface VehicleChoice {
  vehicles: VehicleToDrive[];
  /** The vehicle the driver named last, while it is still one of the tenant's; else null. */
  lastVehicleId: string | null;
}

/** A vehicle as stored (kv/vehicles.ts). */
export interface StoredVehicle extends Vehicle {
  tenant: string;
  createdAt: number;
  updatedAt: number;
}

export type VehicleInput = Omit<Vehicle, "id">;

/** The name as kept: runs of spaces made one, ends trimmed. */
export function vehicleName(raw: unknown): string {
  return typeof raw === "string" ? raw.replace(/\s+/g, " ").trim() : "";
}

/** A whole number within [min, max]. */
export function wholeWithin(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

/**
 * Whether a driver's vehicle takes a wheelchair, the one rule every offer and
 * check reads: a driver who names one of the tenant's vehicles takes one when
 * it has a wheelchair space (the vehicle's answer replaces the driver's);
 * without a vehicle, what the driver said of their own.
 */
export function takesWheelchair(said: boolean | undefined, vehicle: { wheelchairSpaces: number } | null): boolean {
  return vehicle ? vehicle.wheelchairSpaces >= 1 : said === true;
}
