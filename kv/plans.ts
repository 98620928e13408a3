/**
 * Vehicle plans of automatic dispatch: per vehicle, the ordered stops it still has to make (domain/dispatch/).
 * A plan is one KV value, ["plans", tenant, vehicleId]; whoever changes it reads it with its entry, and writes the
 * plan and the rides it changes in ONE commit that checks the entry it read (`putPlan`/`dropPlan` add to that
 * commit), so two requests planned into the same vehicle at once cannot both pass: the loser re-reads and re-plans.
 */
import type { Store } from "./store.ts";
import type { Point } from "../lib/geo.ts";
import type { Need } from "../lib/needs.ts";
import type { StoredVehicle, Vehicle } from "../lib/vehicles.ts";
import { type DriverState, isCounted, onlineDriverStates } from "./drivers.ts";
import { keys } from "./keys.ts";

export interface PlanStop {
  rideId: string;
  kind: "pickup" | "dropoff";
  point: Point;
  /** What the driver reads: the pickup's named place, or the ride's destination text; null when the ride has none. */
  name: string | null;
  passengerCt: number;
  needs: Need[];
  /** Epoch ms: service must begin within [earliest, latest]. */
  earliest: number;
  latest: number;
  /** Longest time aboard for this ride (ms): maxRideFactor × direct + maxRideExtraMinutes. Same on both stops. */
  maxRideMs: number;
  /** When the plan expects service to begin (epoch ms), from the travel model at the last re-timing. */
  plannedAt: number;
  /**
   * A pickup done (the rider is aboard): when. Kept until its drop-off is done, so the ride-time limit of the rider
   * aboard still holds. Done drop-offs leave the plan.
   */
  doneAt?: number;
}

export interface VehiclePlan {
  tenant: string;
  vehicleId: string;
  driverId: string;
  /** Done pickups of riders still aboard first, then the stops still to do, in order. */
  stops: PlanStop[];
  updatedAt: number;
}

/** A vehicle's plan with its entry (value null when it has none), for a commit's `.check()`. */
export function getPlan(kv: Store, tenant: string, vehicleId: string): Promise<Deno.KvEntryMaybe<VehiclePlan>> {
  return kv.get<VehiclePlan>(keys.plan(tenant, vehicleId));
}

/** Several vehicles' plans with their entries, in the order asked (value null where a vehicle has none). */
export async function getPlans(
  kv: Store,
  tenant: string,
  vehicleIds: readonly string[],
): Promise<Deno.KvEntryMaybe<VehiclePlan>[]> {
  const out: Deno.KvEntryMaybe<VehiclePlan>[] = [];
  // getMany reads at most 10 keys at a time.
  for (let i = 0; i < vehicleIds.length; i += 10) {
    const batch = vehicleIds.slice(i, i + 10).map((id) => keys.plan(tenant, id));
    out.push(...await kv.getMany<VehiclePlan[]>(batch));
  }
  return out;
}

/** Every plan the tenant holds, with its entry, in vehicle id order. */
export async function listPlans(kv: Store, tenant: string): Promise<Deno.KvEntry<VehiclePlan>[]> {
  const out: Deno.KvEntry<VehiclePlan>[] = [];
  for await (const e of kv.list<VehiclePlan>({ prefix: keys.plans(tenant) })) out.push(e);
  return out;
}

/** The plan's write added to `op`: set, or deleted once it has no stops left. The caller checks the entry it read. */
export function putPlan(op: Deno.AtomicOperation, plan: VehiclePlan): Deno.AtomicOperation {
  const key = keys.plan(plan.tenant, plan.vehicleId);
  return plan.stops.length ? op.set(key, plan) : op.delete(key);
}

/** The plan's delete added to `op`. */
export function dropPlan(op: Deno.AtomicOperation, tenant: string, vehicleId: string): Deno.AtomicOperation {
  return op.delete(keys.plan(tenant, vehicleId));
}

/** The rides a plan names, each once, in the order of their first stop. */
export function rideIdsOf(plan: Pick<VehiclePlan, "stops">): string[] {
  return [...new Set(plan.stops.map((s) => s.rideId))];
}

/** An online driver's vehicle and its plan as read: what automatic dispatch may plan into. */
export interface FleetEntry {
  vehicle: Vehicle;
  driverId: string;
  location: Point;
  entry: Deno.KvEntryMaybe<VehiclePlan>;
}

/**
 * The vehicles automatic dispatch may plan into: each online driver's (kv/drivers.ts isCounted) that names one, with
 * its plan and that plan's entry. A vehicle removed meanwhile is left out.
 */
export async function readFleet(kv: Store, tenant: string, now: number): Promise<FleetEntry[]> {
  return fleetOf(kv, tenant, (await onlineDriverStates(kv, tenant, now)).filter((d) => d.vehicleId));
}

/** One driver's vehicle and its plan, when they are online (isCounted) with a vehicle; else null. */
export async function readFleetOf(
  kv: Store,
  tenant: string,
  driverId: string,
  now: number,
): Promise<FleetEntry | null> {
  const state = (await kv.get<DriverState>(keys.driver(tenant, driverId))).value;
  if (!state || !isCounted(state, now) || !state.vehicleId) return null;
  return (await fleetOf(kv, tenant, [state]))[0] ?? null;
}

async function fleetOf(
  kv: Store,
  tenant: string,
  drivers: readonly (DriverState & { location: Point })[],
): Promise<FleetEntry[]> {
  if (!drivers.length) return [];
  // Two lists of the tenant's vehicles and plans cost less than twenty reads of ten keys each (a plan of 20 stops is
  // 6 KB: a hundred of them is what the time goes to either way).
  const [vehicles, plans] = await Promise.all([
    listAll<StoredVehicle>(kv, keys.vehicles(tenant)),
    listAll<VehiclePlan>(kv, keys.plans(tenant)),
  ]);
  return assemble(tenant, drivers, vehicles, plans);
}

function assemble(
  tenant: string,
  drivers: readonly (DriverState & { location: Point })[],
  vehicles: readonly Deno.KvEntry<StoredVehicle>[],
  plans: readonly Deno.KvEntry<VehiclePlan>[],
): FleetEntry[] {
  const vehicleOf = new Map(vehicles.map((e) => [e.value.id, e.value]));
  const planOf = new Map(plans.map((e) => [e.key[2] as string, e]));
  const out: FleetEntry[] = [];
  for (const d of drivers) {
    const v = vehicleOf.get(d.vehicleId!);
    if (!v) continue;
    out.push({
      vehicle: vehicleView(v),
      driverId: d.userId,
      location: d.location,
      entry: planOf.get(v.id) ?? { key: keys.plan(tenant, v.id), value: null, versionstamp: null },
    });
  }
  return out;
}

const vehicleView = (v: StoredVehicle): Vehicle => ({
  id: v.id,
  name: v.name,
  seats: v.seats,
  wheelchairSpaces: v.wheelchairSpaces,
});

/** The fleet as `readFleet` answers it, with what it leaves out: every driver state, vehicle and plan of the tenant. */
export interface FleetAndAll {
  fleet: FleetEntry[];
  /** Offline and silent drivers too. */
  drivers: DriverState[];
  vehicles: Vehicle[];
  /** Plans of silent drivers' vehicles too. */
  plans: VehiclePlan[];
}

/**
 * The fleet and everything it was read from, in three lists (drivers, vehicles, plans): what the dispatcher's state
 * needs to see drivers who stopped reporting with riders aboard, whom the fleet no longer counts.
 */
export async function readFleetAndAll(kv: Store, tenant: string, now: number): Promise<FleetAndAll> {
  const [drivers, vehicles, plans] = await Promise.all([
    listAll<DriverState>(kv, keys.drivers(tenant)),
    listAll<StoredVehicle>(kv, keys.vehicles(tenant)),
    listAll<VehiclePlan>(kv, keys.plans(tenant)),
  ]);
  const states = drivers.map((e) => e.value);
  const online = states.filter((d): d is DriverState & { location: Point } => isCounted(d, now) && !!d.vehicleId);
  return {
    fleet: assemble(tenant, online, vehicles, plans),
    drivers: states,
    vehicles: vehicles.map((e) => vehicleView(e.value)),
    plans: plans.map((e) => e.value),
  };
}

async function listAll<T>(kv: Store, prefix: Deno.KvKey): Promise<Deno.KvEntry<T>[]> {
  const out: Deno.KvEntry<T>[] = [];
  for await (const e of kv.list<T>({ prefix }, { batchSize: 500 })) out.push(e);
  return out;
}

/**
 * The vehicle a driver holds now (they went online with it, kv/drivers.ts) and its plan; null when they hold none.
 */
export async function readDriverPlan(
  kv: Store,
  tenant: string,
  driverId: string,
): Promise<{ vehicle: Vehicle; plan: VehiclePlan | null } | null> {
  const state = (await kv.get<DriverState>(keys.driver(tenant, driverId))).value;
  if (!state?.isAvailable || !state.vehicleId) return null;
  const [vehicle, holder, plan] = await kv.getMany<[StoredVehicle, string, VehiclePlan]>([
    keys.vehicle(tenant, state.vehicleId),
    keys.vehicleDriver(tenant, state.vehicleId),
    keys.plan(tenant, state.vehicleId),
  ]);
  if (!vehicle.value || holder.value !== driverId) return null;
  return {
    vehicle: vehicleView(vehicle.value),
    plan: plan.value,
  };
}

/** Each ride's time aboard in the plan: from its pickup (done or planned) to its drop-off. */
function aboard(stops: readonly PlanStop[]): Map<string, { from: number; to: number }> {
  const out = new Map<string, { from: number; to: number }>();
  for (const s of stops) {
    const span = out.get(s.rideId) ?? { from: -Infinity, to: Infinity };
    if (s.kind === "pickup") span.from = s.doneAt ?? s.plannedAt;
    else span.to = s.plannedAt;
    out.set(s.rideId, span);
  }
  return out;
}

/**
 * Whether another ride's time aboard overlaps this ride's in the plan (touching ends, one off as the other gets on, do
 * not): the rider's "Shared ride" (domain/rides/rider_view.ts). With `other`, only that ride counts.
 */
export function isShared(stops: readonly PlanStop[], rideId: string, other?: string): boolean {
  const spans = aboard(stops);
  const own = spans.get(rideId);
  if (!own) return false;
  for (const [id, span] of spans) {
    if (id !== rideId && (other === undefined || id === other) && span.from < own.to && own.from < span.to) return true;
  }
  return false;
}
