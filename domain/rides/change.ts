/**
 * A rider changes their ride in place: the same id, its history kept (an audit record says what changed).
 *
 * Until its hand-over (a booking, `scheduled`) any of its time (`scheduledFor` or `arriveBy`), pickup (a point or a
 * place), destination, passengers, needs and note may change: the fields sent replace the ride's, the rest are kept,
 * and the whole is read again by the rules of a new booking (domain/rides/request.ts readRideBody), so a change
 * passes no rule a new booking would not, the time included.
 *
 * Once handed over, only the pickup may move, by at most MAX_PICKUP_MOVE_METERS, and only until the driver is on
 * the way: a driver has the ride and plans for the place. In automatic dispatch the plan's pickup stop moves with it
 * and the plan is timed again from the driver's position (domain/dispatch/retime.ts), in the ride's commit.
 *
 * The commit is checked against the ride as read: a ride handed over or changed meanwhile answers 409.
 */
import { type PlanWrite, readRidesForRewrite, type RideRewrite } from "../../kv/plan_rides.ts";
import { getPlan, type PlanStop, readFleetOf } from "../../kv/plans.ts";
import { placesOfRequest } from "../../kv/places.ts";
import { commitRideChange } from "../../kv/ride_changes.ts";
import { keys } from "../../kv/keys.ts";
import type { User } from "../../kv/users.ts";
import { MAX_PICKUP_MOVE_METERS } from "../../lib/booking.ts";
import { distanceMeters, insideArea, outsideArea } from "../../lib/geo.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { UNKNOWN_PLACE_TEXT } from "../../lib/places.ts";
import { RIDE_NOT_FOUND } from "../../lib/ride_moves.ts";
import { readRequest } from "../../lib/ride_request.ts";
import { FINAL_STATUSES, type Ride } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { ridesToRetime, timesFrom } from "../dispatch/retime.ts";
import { estimateTravel } from "../dispatch/travel.ts";
import { done, type Outcome, refuse, refuseSaid } from "../refusal.ts";
import { readRideBody, type RequestDeps, type RideRequestInput, riderPaused, servicePaused } from "./request.ts";

export const NOTHING_TO_CHANGE_TEXT: Text = "Send at least one of the ride's fields to change";
export const CHANGED_MEANWHILE_TEXT: Text = "This ride changed meanwhile. Look at it again and try again.";
export const ONLY_PICKUP_TEXT: Text = "A driver has this ride now: only the pickup can move, by at most {meters} m.";
export const PICKUP_TOO_FAR_TEXT: Text = "Once a driver has the ride, the pickup can move at most {meters} m.";
export const ON_THE_WAY_TEXT: Text = "The driver is on the way: the pickup can no longer change.";
export const ENDED_TEXT: Text = "This ride has ended and can no longer change.";

/** The fields a change may carry, as they arrived. */
export type ChangeInput = RideRequestInput;

const PICKUP_FIELDS = ["pickup", "pickupPlaceId"] as const;
const OTHER_FIELDS = [
  "dropoff",
  "dropoffPlaceId",
  "destination",
  "passengerCt",
  "scheduledFor",
  "arriveBy",
  "needs",
  "note",
] as const;
/** What the audit record names as changed, from the stored ride's fields. */
const RECORDED = [
  "scheduledFor",
  "arriveBy",
  "pickup",
  "dropoff",
  "destination",
  "passengerCt",
  "needs",
  "note",
] as const;

const given = (input: ChangeInput, fields: readonly (keyof ChangeInput)[]) =>
  fields.some((f) => input[f] !== undefined && input[f] !== null);
/** Commits tried before a change is answered as lost to another write. */
const ATTEMPTS = 3;

/** Changes `rider`'s ride `rideId` by `input` at the clock's now, or says which rule refused it. */
export async function changeRide(
  deps: RequestDeps,
  tenant: Tenant,
  rider: User,
  rideId: string,
  input: ChangeInput,
): Promise<Outcome<Ride>> {
  if (!given(input, [...PICKUP_FIELDS, ...OTHER_FIELDS]) && input.note === undefined) {
    return refuse(400, NOTHING_TO_CHANGE_TEXT);
  }
  let first: string | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const entry = await deps.kv.get<Ride>(keys.ride(tenant.code, rideId));
    const ride = entry.value;
    if (!ride || ride.creatorId !== rider.id) return refuse(404, RIDE_NOT_FOUND);
    // A ride another write changed since this change first read it: the rider decided on what it was.
    if (first !== null && entry.versionstamp !== first) return refuse(409, CHANGED_MEANWHILE_TEXT);
    first = entry.versionstamp;
    const now = deps.clock.now();
    const change = ride.status === "scheduled"
      ? await changedBooking(deps, tenant, rider, ride, input)
      : await movedPickup(deps, tenant, ride, input, now);
    if (change.refused) return change;
    const { next, plan, others } = change.value;
    const fields = RECORDED.filter((f) => JSON.stringify(ride[f]) !== JSON.stringify(next[f]));
    const committed = await commitRideChange(deps.kv, {
      entry: entry as Deno.KvEntry<Ride>,
      next: { ...next, updatedAt: now },
      ...(plan && { plan }),
      ...(others && { others }),
      audit: { action: "ride.changed", by: rider.id, target: ride.id, details: { fields, status: ride.status } },
      now,
    });
    if (committed) return done({ ...next, updatedAt: now });
  }
  return refuse(409, CHANGED_MEANWHILE_TEXT);
}

interface Change {
  next: Ride;
  plan?: PlanWrite;
  others?: RideRewrite[];
}

/** A booking's fields replaced by those sent, and the whole read by the rules of a new booking. */
async function changedBooking(
  deps: RequestDeps,
  tenant: Tenant,
  rider: User,
  ride: Ride,
  input: ChangeInput,
): Promise<Outcome<Change>> {
  const paused = servicePaused(tenant);
  if (paused) return paused;
  const pause = await riderPaused(deps.kv, tenant, rider.id, deps.clock.now());
  if (pause) return pause.refusal;
  const newPickup = given(input, PICKUP_FIELDS);
  const newDropoff = given(input, ["dropoff", "dropoffPlaceId", "destination"]);
  const newTime = given(input, ["scheduledFor", "arriveBy"]);
  const merged: ChangeInput = {
    ...(newPickup ? { pickup: input.pickup, pickupPlaceId: input.pickupPlaceId } : { pickup: ride.pickup }),
    ...(newDropoff
      ? { dropoff: input.dropoff, dropoffPlaceId: input.dropoffPlaceId, destination: input.destination }
      : { dropoff: ride.dropoff, destination: ride.destination }),
    passengerCt: input.passengerCt ?? ride.passengerCt,
    ...(newTime
      ? { scheduledFor: input.scheduledFor, arriveBy: input.arriveBy }
      : ride.arriveBy !== undefined
      ? { arriveBy: ride.arriveBy }
      : { scheduledFor: ride.scheduledFor }),
    needs: input.needs ?? ride.needs ?? [],
    note: input.note !== undefined ? input.note : ride.note,
  };
  const read = await readRideBody(deps, tenant, rider, merged);
  if (read.refused) return read;
  const { time, needs, note, pickupName, pickup, dropoff, destination, passengerCt } = read.value;
  const {
    pickupName: _name,
    note: _note,
    arriveBy: _arriveBy,
    ...kept
  } = ride;
  const name = newPickup ? pickupName : ride.pickupName;
  return done({
    next: {
      ...kept,
      pickup,
      ...(name && { pickupName: name }),
      dropoff,
      destination,
      passengerCt,
      needs,
      ...(note && { note }),
      // The rules above never pass a booking without its time: a change keeps the one stored when none is sent.
      ...time!,
    },
  });
}

/** A handed-over ride's pickup moved a little before the driver is on the way, and its plan's stop with it. */
async function movedPickup(
  deps: RequestDeps,
  tenant: Tenant,
  ride: Ride,
  input: ChangeInput,
  now: number,
): Promise<Outcome<Change>> {
  if (FINAL_STATUSES.includes(ride.status)) return refuse(409, ENDED_TEXT);
  if (ride.status !== "pending" && ride.status !== "accepted") return refuse(409, ON_THE_WAY_TEXT);
  const meters = MAX_PICKUP_MOVE_METERS;
  if (given(input, OTHER_FIELDS) || input.note !== undefined) return refuse(409, ONLY_PICKUP_TEXT, { meters });
  const places = await placesOfRequest(deps.kv, tenant.code, { pickupPlaceId: input.pickupPlaceId });
  if (!places) return refuse(400, UNKNOWN_PLACE_TEXT);
  const read = readRequest({
    pickup: places.pickup ?? input.pickup,
    dropoff: ride.dropoff,
    destination: ride.destination,
    passengerCt: ride.passengerCt,
  });
  if (!read.ok) return refuseSaid(400, read.error);
  const { pickup } = read.value;
  if (!insideArea(pickup, tenant.serviceArea)) return refuseSaid(400, outsideArea(tenant.serviceArea));
  if (distanceMeters(pickup, ride.pickup) > meters) return refuse(409, PICKUP_TOO_FAR_TEXT, { meters });
  const { pickupName: _name, ...kept } = ride;
  const next: Ride = { ...kept, pickup, ...(places.pickupName && { pickupName: places.pickupName }) };
  if (!ride.vehicleId) return done({ next });
  // Automatic dispatch: the plan's pickup stop moves too, and the plan is timed again from where its driver is.
  const entry = await getPlan(deps.kv, tenant.code, ride.vehicleId);
  if (!entry.value) return done({ next });
  const stops: PlanStop[] = entry.value.stops.map((s) =>
    s.rideId === ride.id && s.kind === "pickup" ? { ...s, point: pickup, name: next.pickupName ?? null } : s
  );
  const fleet = ride.assignedDriverId ? await readFleetOf(deps.kv, tenant.code, ride.assignedDriverId, now) : null;
  const timed = fleet?.vehicle.id === ride.vehicleId
    ? await timesFrom(stops, fleet.location, now, deps.travel ?? estimateTravel)
    : stops;
  const planned = { ...entry.value, stops: timed, updatedAt: now };
  const rides = await readRidesForRewrite(deps.kv, tenant.code, [...new Set(timed.map((s) => s.rideId))]);
  const retimed = ridesToRetime(timed, [next, ...rides.filter((e) => e.value.id !== ride.id).map((e) => e.value)], now);
  const own = retimed.find((r) => r.id === ride.id);
  const byId = new Map(rides.map((e) => [e.value.id, e]));
  const others = retimed.filter((r) => r.id !== ride.id).map((r) => ({ entry: byId.get(r.id)!, next: r }));
  return done({ next: own ?? next, plan: { entry, next: planned }, others });
}
