/**
 * Fixtures for automatic dispatch: the demo tenant switched to automatic, two vehicles, and rides planned into a
 * vehicle the way a ride request in automatic mode plans them (domain/dispatch/place.ts, one commit of ride and plan).
 */
import { pickupWindow, placeRide } from "../../domain/dispatch/place.ts";
import { getDriverState } from "../../kv/drivers.ts";
import { keys } from "../../kv/keys.ts";
import { commitPlanChange, readRidesForRewrite } from "../../kv/plan_rides.ts";
import { getPlan, type VehiclePlan } from "../../kv/plans.ts";
import { rideWriteLane } from "../../kv/rides.ts";
import { recentTenant } from "../../kv/tenants.ts";
import { getUser } from "../../kv/users.ts";
import { createVehicle } from "../../kv/vehicles.ts";
import type { Point } from "../../lib/geo.ts";
import type { Ride } from "../../lib/rides.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { ridesToRetime } from "../../domain/dispatch/retime.ts";
import { CENTRE, put, requestRide, rideWorld, type TestApp } from "./rides.ts";

export type World = Awaited<ReturnType<typeof automaticWorld>>;

/** The demo tenant in automatic dispatch with a van (12 seats, 2 wheelchair spaces) and a car (6 seats). */
export async function automaticWorld(t: TestApp) {
  const world = await rideWorld(t);
  const set = await t.request("/greer/api/admin/settings", put(world.admin.token, { dispatchMode: "automatic" }));
  if (set.status !== 200) throw new Error(`settings answered ${set.status}: ${await set.text()}`);
  const van = await vehicle(t, "Van", 12, 2);
  const car = await vehicle(t, "Car", 6, 0);
  // Both drivers offline until a test puts them in a vehicle.
  for (const d of [world.driver, world.driver2]) await availability(t, d.token, { isAvailable: false });
  return { ...world, van, car };
}

async function vehicle(t: TestApp, name: string, seats: number, wheelchairSpaces: number): Promise<string> {
  const made = await createVehicle(t.kv, "greer", { name, seats, wheelchairSpaces }, "test", t.clock.now());
  if (!made.ok) throw new Error(made.reason);
  return made.vehicle.id;
}

export function availability(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.request("/greer/api/drivers/availability", put(token, body));
}

/** The driver goes online in the vehicle, at `location`. */
export async function drive(t: TestApp, token: string, vehicleId: string, location: Point = CENTRE) {
  const res = await availability(t, token, { isAvailable: true, location, vehicleId });
  if (res.status !== 200) throw new Error(`availability answered ${res.status}: ${await res.text()}`);
}

/**
 * A ride for now, planned into an online vehicle: the rider's request, then, when the request did not plan it
 * itself, placed and committed with its vehicle's plan as automatic dispatch does.
 */
export async function plannedRide(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<Ride> {
  const res = await requestRide(t, token, body);
  if (res.status !== 201) throw new Error(`request answered ${res.status}: ${await res.text()}`);
  const asked = ((await res.json()) as { ride: Ride }).ride;
  if (asked.vehicleId) return asked;
  const tenant = (await recentTenant(t.kv, "greer"))!;
  const now = t.clock.now();
  return await rideWriteLane(t.kv, "greer", async () => {
    const [entry] = await readRidesForRewrite(t.kv, "greer", [asked.id]);
    const placed = await placeRide(
      t.kv,
      "greer",
      {
        rideId: asked.id,
        pickup: asked.pickup,
        pickupName: asked.pickupName ?? null,
        dropoff: asked.dropoff!,
        destination: asked.destination,
        passengerCt: asked.passengerCt,
        needs: asked.needs ?? [],
        ...pickupWindow(now, settingsOf(tenant)),
      },
      settingsOf(tenant),
      now,
    );
    if (!placed) throw new Error("no vehicle can take the ride");
    const driver = await getUser(t.kv, placed.fleet.driverId);
    const ride: Ride = {
      ...entry.value,
      status: "accepted",
      assignedDriverId: placed.fleet.driverId,
      driverName: driver?.name ?? null,
      driverPhone: driver?.phoneNumber ?? null,
      acceptedAt: now,
      vehicleId: placed.plan.vehicleId,
      pickupAt: placed.pickupAt,
      dropoffAt: placed.dropoffAt,
      updatedAt: now,
    };
    const others = (await readRidesForRewrite(t.kv, "greer", [...placed.times.keys()]))
      .filter((e) => e.value.id !== ride.id);
    const byId = new Map(others.map((e) => [e.value.id, e]));
    const rewrites = [
      { entry, next: ride },
      ...ridesToRetime(placed.plan.stops, others.map((e) => e.value), now).map((next) => ({
        entry: byId.get(next.id)!,
        next,
      })),
    ];
    const ok = await commitPlanChange(t.kv, {
      tenant: "greer",
      plans: [{ entry: placed.entry, next: placed.plan }],
      rewrites,
      now,
    });
    if (!ok) throw new Error("the placement lost a race");
    return ride;
  });
}

export async function planOf(t: TestApp, vehicleId: string): Promise<VehiclePlan | null> {
  return (await getPlan(t.kv, "greer", vehicleId)).value;
}

export async function rideOf(t: TestApp, id: string): Promise<Ride> {
  return (await t.kv.get<Ride>(keys.ride("greer", id))).value!;
}

/** The plan's stops as "rideId kind" in order, with "done" for a done pickup. */
export function stopsOf(plan: VehiclePlan | null, names: Record<string, string>): string[] {
  return (plan?.stops ?? []).map((s) => `${names[s.rideId] ?? s.rideId} ${s.kind}${s.doneAt ? " done" : ""}`);
}

export async function driverVehicle(t: TestApp, userId: string): Promise<string | undefined> {
  return (await getDriverState(t.kv, "greer", userId))?.vehicleId;
}
