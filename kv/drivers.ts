/**
 * Driver availability and location per tenant (spec sections 3 Driver, 7).
 * A driver counts as available only while online with a location reported in
 * the last 10 minutes, so a phone that died does not keep promising rides.
 */
import type { Store } from "./store.ts";
import type { AvailableDriver } from "../lib/drivers.ts";
import { insideArea, type Point } from "../lib/geo.ts";
import type { ServiceArea } from "../lib/schemas.ts";
import { type StoredVehicle, takesWheelchair } from "../lib/vehicles.ts";
import { DEFAULT_NO_SHOW } from "../lib/no_show.ts";
import { bumpDrivers, bumpVehicles } from "./feed.ts";
import { keys } from "./keys.ts";
import { addPickupArrivals } from "./pickup_arrivals.ts";
import { recordService } from "./report_rollups.ts";
import { committed, commitWithRetry } from "./retry.ts";
import { forgetActiveRides } from "./rides.ts";

export const DRIVER_STALE_MS = 10 * 60 * 1000;
const DEFAULT_WAIT_MS = DEFAULT_NO_SHOW.waitMinutes * 60_000;

export interface DriverState {
  userId: string;
  isAvailable: boolean;
  location: Point | null;
  /** Last availability change or location report: the heartbeat. */
  updatedAt: number;
  /**
   * Whether the vehicle takes a wheelchair, as the driver last said; absent means no. A named vehicle's
   * wheelchair spaces answer instead: read it with `wheelchairReader`.
   */
  wheelchairAccessible?: boolean;
  /** The tenant's vehicle the driver last said they drive (kv/vehicles.ts), held while they are online. */
  vehicleId?: string;
  /**
   * Since when the reported position has been outside the tenant's service area, while online (absent inside, or
   * offline): how long a vehicle has been idle outside, for the dispatcher's alerts (domain/dispatch/alerts.ts).
   */
  outsideSince?: number;
}

/** A driver going online asked for a vehicle another online driver holds: its name, for the refusal. */
export class VehicleHeld extends Error {
  constructor(readonly vehicleName: string) {
    super(`vehicle ${vehicleName} is held`);
    this.name = "VehicleHeld";
  }
}

/** Whether a driver holds their vehicle against others: online, with a heartbeat in the last 10 minutes. */
export function holdsVehicle(state: DriverState | null, now: number): boolean {
  return !!state && state.isAvailable && now - state.updatedAt <= DRIVER_STALE_MS;
}

export async function getDriverState(kv: Store, tenant: string, userId: string): Promise<DriverState | null> {
  return (await kv.get<DriverState>(keys.driver(tenant, userId))).value;
}

/**
 * Records availability (and the location sent with it), or only a location
 * (`isAvailable` undefined). Each write also rings the drivers doorbell so
 * riders' maps follow. Whether the vehicle takes a wheelchair is kept until
 * the driver says otherwise (`wheelchairAccessible` undefined keeps it).
 * A driver who was counted available until now adds the time and distance
 * since their last report to the day's service (in `timeZone`).
 * An availability change (`isAvailable` given) also claims the vehicle the
 * driver drives (`vehicleId`; undefined keeps their last, null none) in the
 * same commit, or throws VehicleHeld when another online driver holds it; going
 * offline frees it. The vehicle stays remembered on the driver's state.
 * A location reached within reach of a waiting ride's pickup records the
 * arrival on the ride in the same commit (kv/pickup_arrivals.ts), the no-show
 * allowed `pickupWaitMs` later.
 */
export async function setDriverState(
  kv: Store,
  {
    tenant,
    timeZone,
    userId,
    isAvailable,
    location,
    now,
    wheelchairAccessible,
    vehicleId,
    pickupWaitMs = DEFAULT_WAIT_MS,
    area,
  }: {
    tenant: string;
    timeZone: string;
    userId: string;
    isAvailable?: boolean;
    location?: Point | null;
    now: number;
    wheelchairAccessible?: boolean;
    vehicleId?: string | null;
    /** The tenant's wait at the pickup before a no-show (lib/no_show.ts waitMinutes), in ms; the default's if not given. */
    pickupWaitMs?: number;
    /** The tenant's service area: the state keeps since when the position is outside it. Absent: kept as it was. */
    area?: ServiceArea;
  },
): Promise<DriverState> {
  let arrivals = 0;
  const state = await commitWithRetry("update the driver", async () => {
    const entry = await kv.get<DriverState>(keys.driver(tenant, userId));
    const previous = entry.value;
    const next: DriverState = {
      userId,
      isAvailable: isAvailable ?? previous?.isAvailable ?? false,
      location: location === undefined ? previous?.location ?? null : location,
      updatedAt: now,
      ...((wheelchairAccessible ?? previous?.wheelchairAccessible) && { wheelchairAccessible: true }),
    };
    const op = kv.atomic().check(entry);
    const vehicle = isAvailable === undefined
      ? previous?.vehicleId
      : vehicleId === undefined
      ? previous?.vehicleId
      : vehicleId ?? undefined;
    if (vehicle) next.vehicleId = vehicle;
    const outsideSince = outsideFrom(previous, next, area, now);
    if (outsideSince !== undefined) next.outsideSince = outsideSince;
    if (isAvailable !== undefined) {
      const to = isAvailable ? vehicle : undefined;
      const exists = await claimVehicle(kv, op, { tenant, userId, now, from: previous?.vehicleId, to });
      if (!exists) delete next.vehicleId;
    }
    op.set(keys.driver(tenant, userId), next);
    if (previous && isCounted(previous, now)) {
      recordService(op, {
        tenant,
        timeZone,
        ms: now - previous.updatedAt,
        from: previous.location,
        to: next.location,
        now,
        vehicleId: previous.vehicleId,
      });
    }
    bumpDrivers(op, tenant);
    const sameVehicle = previous?.vehicleId === next.vehicleId &&
      Boolean(previous?.wheelchairAccessible) === Boolean(next.wheelchairAccessible);
    if (!sameVehicle) bumpVehicles(op, tenant);
    arrivals = location
      ? await addPickupArrivals(kv, op, { tenant, driverId: userId, at: location, now, waitMs: pickupWaitMs })
      : 0;
    return await committed(op, next);
  });
  // The rider's active slot changed with the ride: no isolate may keep reusing the copy it read before.
  if (arrivals > 0) forgetActiveRides(kv, tenant);
  return state;
}

/**
 * Adds to `op` the driver's hold on `to` (none: undefined) and the end of
 * their hold on `from`. A vehicle another online driver holds throws
 * VehicleHeld; one whose holder went offline or silent is taken over, the
 * holder's state checked so a holder coming back at that moment retries.
 * Answers false when `to` names a vehicle removed meanwhile: it is driven no more.
 */
async function claimVehicle(
  kv: Store,
  op: Deno.AtomicOperation,
  { tenant, userId, now, from, to }: { tenant: string; userId: string; now: number; from?: string; to?: string },
): Promise<boolean> {
  if (from && from !== to) {
    const held = await kv.get<string>(keys.vehicleDriver(tenant, from));
    if (held.value === userId) op.check(held).delete(keys.vehicleDriver(tenant, from));
  }
  if (!to) return true;
  const [vehicle, held] = await kv.getMany<[{ name: string }, string]>([
    keys.vehicle(tenant, to),
    keys.vehicleDriver(tenant, to),
  ]);
  op.check(vehicle, held);
  if (!vehicle.value) return false;
  if (held.value && held.value !== userId) {
    const holder = await kv.get<DriverState>(keys.driver(tenant, held.value));
    if (holdsVehicle(holder.value, now)) throw new VehicleHeld(vehicle.value.name);
    op.check(holder);
  }
  op.set(keys.vehicleDriver(tenant, to), userId);
  return true;
}

/** Since when `next` has been outside `area` (undefined: inside, offline, or no position); unknown area keeps it. */
function outsideFrom(
  previous: DriverState | null,
  next: DriverState,
  area: ServiceArea | undefined,
  now: number,
): number | undefined {
  if (!next.isAvailable || !next.location) return undefined;
  if (!area) return previous?.outsideSince;
  if (insideArea(next.location, area)) return undefined;
  return previous?.isAvailable && previous.outsideSince !== undefined ? previous.outsideSince : now;
}

export function isCounted(state: DriverState, now: number): state is DriverState & { location: Point } {
  return state.isAvailable && state.location !== null && now - state.updatedAt <= DRIVER_STALE_MS;
}

/**
 * Reads whether drivers' vehicles take a wheelchair (lib/vehicles.ts
 * `takesWheelchair`): a driver who names one of the tenant's vehicles by its
 * wheelchair spaces, else by their own word. Each vehicle is read once for all
 * the states one reader is asked about.
 */
export function wheelchairReader(kv: Store, tenant: string): (state: DriverState | null) => Promise<boolean> {
  const vehicles = new Map<string, Promise<StoredVehicle | null>>();
  return async (state) => {
    if (!state?.vehicleId) return takesWheelchair(state?.wheelchairAccessible, null);
    const id = state.vehicleId;
    if (!vehicles.has(id)) vehicles.set(id, kv.get<StoredVehicle>(keys.vehicle(tenant, id)).then((e) => e.value));
    return takesWheelchair(state.wheelchairAccessible, await vehicles.get(id)!);
  };
}

/** Whether this driver's vehicle takes a wheelchair, online or not. */
export async function driverTakesWheelchair(kv: Store, tenant: string, userId: string): Promise<boolean> {
  return await wheelchairReader(kv, tenant)(await getDriverState(kv, tenant, userId));
}

/**
 * Whether a driver is online with a fresh location, and, when `accessible`
 * asks, whether one of them drives a vehicle that takes a wheelchair: what a
 * ride request asks. The list stops at the first driver that answers the
 * question, so a tenant with a thousand drivers online reads a few of their
 * states, not all (reading and decoding all of them cost 5 ms a request).
 */
export async function driversOnline(
  kv: Store,
  tenant: string,
  now: number,
  { accessible = false }: { accessible?: boolean } = {},
): Promise<{ any: boolean; accessible: boolean }> {
  const found = { any: false, accessible: false };
  const takes = wheelchairReader(kv, tenant);
  for await (const e of kv.list<DriverState>({ prefix: keys.drivers(tenant) }, { batchSize: 20 })) {
    if (!isCounted(e.value, now)) continue;
    found.any = true;
    if (!accessible) break;
    if (await takes(e.value)) {
      found.accessible = true;
      break;
    }
  }
  return found;
}

/** The states of the drivers online with a fresh location: one list, no names. */
export async function onlineDriverStates(
  kv: Store,
  tenant: string,
  now: number,
): Promise<(DriverState & { location: Point })[]> {
  const states: (DriverState & { location: Point })[] = [];
  for await (const e of kv.list<DriverState>({ prefix: keys.drivers(tenant) })) {
    if (isCounted(e.value, now)) states.push(e.value);
  }
  return states;
}

/** Drivers who are online with a fresh location, with their names. */
export async function listAvailableDrivers(kv: Store, tenant: string, now: number): Promise<AvailableDriver[]> {
  const states = await onlineDriverStates(kv, tenant, now);
  const out: AvailableDriver[] = [];
  for (let i = 0; i < states.length; i += 10) {
    const batch = states.slice(i, i + 10);
    const users = await kv.getMany<{ name: string | null }[]>(batch.map((s) => keys.user(s.userId)));
    batch.forEach((s, j) => out.push({ id: s.userId, name: users[j].value?.name ?? null, location: s.location }));
  }
  return out;
}

/** Which of these drivers count as available now. */
export async function availableAmong(
  kv: Store,
  tenant: string,
  userIds: string[],
  now: number,
): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < userIds.length; i += 10) {
    const batch = userIds.slice(i, i + 10);
    const states = await kv.getMany<DriverState[]>(batch.map((id) => keys.driver(tenant, id)));
    states.forEach((s, j) => s.value && isCounted(s.value, now) && out.add(batch[j]));
  }
  return out;
}

/** Which of these drivers' vehicles take a wheelchair, online or not. */
export async function accessibleAmong(kv: Store, tenant: string, userIds: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  const takes = wheelchairReader(kv, tenant);
  for (let i = 0; i < userIds.length; i += 10) {
    const batch = userIds.slice(i, i + 10);
    const states = await kv.getMany<DriverState[]>(batch.map((id) => keys.driver(tenant, id)));
    const answers = await Promise.all(states.map((s) => takes(s.value)));
    answers.forEach((yes, j) => yes && out.add(batch[j]));
  }
  return out;
}
