/**
 * Keeping a vehicle's plan true as the day goes (docs/dispatch.md, "As the day goes"): the plan's stops after a pickup
 * is done or a ride leaves it, and their times from where the driver is now. No KV and no clock: the callers
 * (domain/dispatch/follow_moves.ts, follow_positions.ts, hand_back.ts) read and commit.
 *
 * Removing stops never makes a plan later: each stop left keeps the sooner of its planned time and the fresh one, so a
 * cancel or a no-show moves no one's pickup later, even when the driver has fallen behind (their positions re-time
 * the plan, later if it must be, at most every RETIME_EVERY_MS).
 */
import { isShared, type PlanStop, type VehiclePlan } from "../../kv/plans.ts";
import type { Point } from "../../lib/geo.ts";
import { isActive, type Ride } from "../../lib/rides.ts";
import { buildProblem, rideTimes, stopsOfRoute } from "./from_plans.ts";
import type { Travel } from "./travel.ts";

/** A driver's positions re-time their vehicle's plan at most this often (counted on the plan's updatedAt in KV). */
export const RETIME_EVERY_MS = 30_000;
/** A ride's planned pickup or drop-off is rewritten (and so reaches the sockets) when it moved by this much or more. */
export const MOVED_MS = 60_000;

/** The plan with the ride's pickup marked done at `at`, moved up among the done pickups (riders aboard first). */
export function withPickupDone(stops: readonly PlanStop[], rideId: string, at: number): PlanStop[] {
  const pickup = stops.find((s) => s.rideId === rideId && s.kind === "pickup" && s.doneAt === undefined);
  if (!pickup) return stops.slice();
  const rest = stops.filter((s) => s !== pickup);
  const aboard = rest.filter((s) => s.doneAt !== undefined);
  const pending = rest.filter((s) => s.doneAt === undefined);
  return [...aboard, { ...pickup, doneAt: at }, ...pending];
}

/** The plan's stops without the ride's, done or not. */
export function withoutRide(stops: readonly PlanStop[], rideId: string): PlanStop[] {
  return stops.filter((s) => s.rideId !== rideId);
}

/**
 * When each stop is now expected, driving on from `from` at `now`: the engine's schedule (domain/dispatch/schedule.ts),
 * or straight on where the plan fell behind (from_plans.ts stopsOfRoute). Done pickups keep their time.
 */
export async function timesFrom(
  stops: readonly PlanStop[],
  from: Point,
  now: number,
  travel: Travel,
): Promise<PlanStop[]> {
  if (!stops.some((s) => s.doneAt === undefined)) return stops.slice();
  const plan: VehiclePlan = { tenant: "", vehicleId: "", driverId: "", stops: stops.slice(), updatedAt: now };
  // Seats do not change when times do: the plan's loads were checked when its rides were placed.
  const vehicle = { id: "", name: "", seats: Infinity, wheelchairSpaces: Infinity };
  const entry = { key: [], value: plan, versionstamp: "" } as Deno.KvEntry<VehiclePlan>;
  const built = await buildProblem(
    [{ vehicle, driverId: "", location: from, entry }],
    null,
    { maxRideFactor: 1, maxRideExtraMinutes: 0 },
    now,
    travel,
  );
  return stopsOfRoute(built, built.routes[0], now);
}

/** `fresh` with each stop no later than it was in `before` (stops matched by ride and kind). */
export function noLaterThan(before: readonly PlanStop[], fresh: readonly PlanStop[]): PlanStop[] {
  const planned = new Map(before.map((s) => [`${s.rideId} ${s.kind}`, s.plannedAt]));
  return fresh.map((s) => {
    const was = planned.get(`${s.rideId} ${s.kind}`);
    return was !== undefined && was < s.plannedAt ? { ...s, plannedAt: was } : s;
  });
}

/** The plan without the ride's stops, re-timed from `from` at `now`, no stop later than it was. */
export async function removeRide(
  stops: readonly PlanStop[],
  rideId: string,
  from: Point | null,
  now: number,
  travel: Travel,
): Promise<PlanStop[]> {
  const left = withoutRide(stops, rideId);
  if (!from) return left;
  return noLaterThan(left, await timesFrom(left, from, now, travel));
}

/**
 * The rides of `rides` whose planned pickup or drop-off in `stops` moved by MOVED_MS or more from what the ride says
 * (what its rider and driver were last shown), with the new times, and those riding beside another in `stops` for the
 * first time, marked shared. A ride that ended keeps the times it had: its
 * rider's active slot may hold another ride by now.
 */
export function ridesToRetime(stops: readonly PlanStop[], rides: readonly Ride[], now: number): Ride[] {
  const times = rideTimes(stops);
  const out: Ride[] = [];
  for (const ride of rides) {
    const planned = times.get(ride.id);
    if (!planned || !isActive(ride.status)) continue;
    const moved = (was: number | undefined, is: number | undefined) =>
      is !== undefined && (was === undefined || Math.abs(is - was) >= MOVED_MS);
    // A ride that rides beside another for the first time is written too: its "Shared ride" stays from then on.
    const joins = !ride.shared && isShared(stops, ride.id);
    if (!joins && !moved(ride.pickupAt, planned.pickupAt) && !moved(ride.dropoffAt, planned.dropoffAt)) continue;
    out.push({
      ...ride,
      ...(joins && { shared: true as const }),
      ...(planned.pickupAt !== undefined && { pickupAt: planned.pickupAt }),
      ...(planned.dropoffAt !== undefined && { dropoffAt: planned.dropoffAt }),
      updatedAt: now,
    });
  }
  return out;
}
