/**
 * What a driver reports (spec sections 3 Driver, 6): going on or off duty,
 * whether their vehicle takes a wheelchair, and where they are. A position
 * within reach of a waiting ride's pickup records the arrival the no-show
 * wait counts from (kv/pickup_arrivals.ts, fixed with the tenant's wait), and
 * a rider waiting for this driver may be due a text (almost there, here,
 * running late), sent after the answer.
 *
 * In automatic dispatch (docs/dispatch.md, "As the day goes") a position
 * re-times the driver's vehicle plan (domain/dispatch/follow_positions.ts),
 * and going offline (or on in another vehicle) hands the rides not yet
 * picked up to other vehicles (domain/dispatch/hand_back.ts); with riders
 * aboard it is refused, since they ride on with this vehicle until dropped off.
 */
import { listPushDevices } from "../../kv/push_devices.ts";
import { markPushDriver } from "../../kv/push_drivers.ts";
import { DROP_OFF_FIRST, DROP_OFF_TO_CHANGE, handBack, type HandBackDeps, riderAboard } from "../dispatch/hand_back.ts";
import { followPosition } from "../dispatch/follow_positions.ts";
import { type DriverState, getDriverState, setDriverState, VehicleHeld } from "../../kv/drivers.ts";
import { getPlan } from "../../kv/plans.ts";
import { getVehicle } from "../../kv/vehicles.ts";
import { ID_PATTERN } from "../../lib/schemas.ts";
import { UNKNOWN_VEHICLE_TEXT, VEHICLE_HELD_TEXT } from "../../lib/vehicles.ts";
import type { User } from "../../kv/users.ts";
import { isPoint, type Point } from "../../lib/geo.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { done, type Outcome, refuse, refuseField } from "../refusal.ts";
import { servicePaused } from "./request.ts";
import { driverMoved, type NoticeDeps } from "./tell_rider.ts";

export const INVALID_LOCATION: Text = "Location must have numeric lat and lng";
export const AVAILABLE_TEXT: Text = "isAvailable must be true or false";
export const WHEELCHAIR_TEXT: Text = "wheelchairAccessible must be true or false";

/** The tenant's wait at a pickup before a no-show: a report that reaches a pickup fixes it on the ride. */
const waitMs = (tenant: Tenant) => settingsOf(tenant).noShow.waitMinutes * 60_000;

export interface AvailabilityInput {
  isAvailable?: unknown;
  location?: unknown;
  wheelchairAccessible?: unknown;
  vehicleId?: unknown;
}

/**
 * The driver goes on or off duty, with their position if they sent one. An
 * absent `wheelchairAccessible` keeps what they said last (no, until they
 * say). A paused service lets drivers go offline, not online. `vehicleId`
 * names the tenant's vehicle they drive (null: none; absent: their last), held
 * while they are online: one another online driver holds is 409 naming it.
 */
export async function setAvailability(
  deps: NoticeDeps,
  tenant: Tenant,
  driver: User,
  input: AvailabilityInput,
): Promise<Outcome<DriverState>> {
  const { isAvailable, location, wheelchairAccessible } = input;
  if (typeof isAvailable !== "boolean") return refuse(400, AVAILABLE_TEXT);
  if (wheelchairAccessible !== undefined && typeof wheelchairAccessible !== "boolean") {
    return refuse(400, WHEELCHAIR_TEXT);
  }
  const paused = isAvailable ? servicePaused(tenant) : null;
  if (paused) return paused;
  if (location !== undefined && location !== null && !isPoint(location)) return refuse(400, INVALID_LOCATION);
  const { vehicleId } = input;
  if (vehicleId !== undefined && vehicleId !== null) {
    const known = typeof vehicleId === "string" && ID_PATTERN.test(vehicleId) &&
      await getVehicle(deps.kv, tenant.code, vehicleId);
    if (!known) return refuseField(400, "vehicleId", UNKNOWN_VEHICLE_TEXT);
  }
  // Automatic dispatch: going offline, or on in another vehicle, leaves the plan of the vehicle driven until now.
  const automatic = settingsOf(tenant).dispatchMode === "automatic";
  const leaving = automatic && (!isAvailable || vehicleId !== undefined)
    ? await plannedVehicle(deps, tenant, driver, isAvailable ? vehicleId as string | null : undefined)
    : null;
  if (leaving && riderAboard(leaving.plan)) return refuse(409, isAvailable ? DROP_OFF_TO_CHANGE : DROP_OFF_FIRST);
  let state: DriverState;
  try {
    state = await setDriverState(deps.kv, {
      tenant: tenant.code,
      timeZone: tenant.timezone,
      userId: driver.id,
      isAvailable,
      location: location ? { lat: location.lat, lng: location.lng } : undefined,
      now: deps.clock.now(),
      wheelchairAccessible,
      vehicleId: vehicleId as string | null | undefined,
      pickupWaitMs: waitMs(tenant),
      area: tenant.serviceArea,
    });
  } catch (err) {
    if (err instanceof VehicleHeld) return refuseField(409, "vehicleId", VEHICLE_HELD_TEXT, { name: err.vehicleName });
    throw err;
  }
  if (state.location && location) void driverMoved(deps, tenant, driver.id, state.location);
  // A driver with ride-alert devices hears new requests by push (domain/push/tell_drivers.ts): one read on going online.
  if (isAvailable && (await listPushDevices(deps.kv, driver.id)).length > 0) {
    await markPushDriver(deps.kv, tenant.code, driver.id);
  }
  if (leaving) await afterwards(deps, "hand_back", () => handBack(deps, tenant, leaving.vehicleId, driver.id));
  if (location && automatic) {
    await afterwards(deps, "retime", () => followPosition(deps, tenant, state, state.updatedAt));
  }
  return done(state);
}

/** The vehicle the driver holds a plan in, with that plan, or null; none when `staying` in it. */
async function plannedVehicle(deps: HandBackDeps, tenant: Tenant, driver: User, staying?: string | null) {
  const vehicleId = (await getDriverState(deps.kv, tenant.code, driver.id))?.vehicleId;
  if (!vehicleId || vehicleId === staying) return null;
  const plan = (await getPlan(deps.kv, tenant.code, vehicleId)).value;
  return plan && plan.driverId === driver.id ? { vehicleId, plan } : null;
}

/** Work that follows a report once it is recorded: a failure is logged, never the report's answer. */
async function afterwards(deps: NoticeDeps, what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    deps.log({ event: `dispatch.${what}_failed`, level: "error", error: String(error) });
  }
}

/** The driver's position, reported as they move. */
export async function reportLocation(
  deps: NoticeDeps,
  tenant: Tenant,
  driver: User,
  location: unknown,
): Promise<Outcome<Point>> {
  if (!isPoint(location)) return refuse(400, INVALID_LOCATION);
  const state = await setDriverState(deps.kv, {
    tenant: tenant.code,
    timeZone: tenant.timezone,
    userId: driver.id,
    location: { lat: location.lat, lng: location.lng },
    now: deps.clock.now(),
    pickupWaitMs: waitMs(tenant),
    area: tenant.serviceArea,
  });
  void driverMoved(deps, tenant, driver.id, state.location!);
  await afterwards(deps, "retime", () => followPosition(deps, tenant, state, state.updatedAt));
  return done(state.location!);
}
