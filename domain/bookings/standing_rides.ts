/**
 * Setting up, changing and deleting standing rides (lib/standing_rides.ts).
 * The trip is checked by the rules of a ride request's body (places named,
 * pickup, destination, passengers, needs, note, the service area) when it is
 * saved, so a rider hears of a bad trip at once; each date is still booked
 * through the request itself (domain/bookings/standing_sweep.ts), which
 * applies every rule again as it stands then.
 *
 * Whose it is: a rider's own. A dispatcher (the `dispatch` capability) may
 * name another member of the tenant with `riderId`, and may change or delete
 * any standing ride of the tenant; anyone else who names another rider is
 * refused with 403, and another rider's standing ride is 404 to them.
 */
import { getMembership } from "../../kv/members.ts";
import {
  createStandingRide,
  deleteStandingRide,
  getStandingRide,
  listOccurrences,
  listStandingRides,
  replaceStandingRide,
} from "../../kv/standing_rides.ts";
import type { Store } from "../../kv/store.ts";
import type { User } from "../../kv/users.ts";
import { dateSlots, localTime } from "../../lib/booking.ts";
import { scheduleDayOf } from "../../lib/dates.ts";
import { getClosedDates, getSchedule } from "../../kv/tenants.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { ulid } from "../../lib/ids.ts";
import { can, type Role } from "../../lib/roles.ts";
import type { Tenant } from "../../lib/schemas.ts";
import {
  nextDates,
  readStandingRule,
  STANDING_NOT_FOUND_TEXT,
  type StandingRide,
  type StandingTrip,
  TOO_MANY_STANDING_TEXT,
} from "../../lib/standing_rides.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { done, type Outcome, refuse, refuseSaid } from "../refusal.ts";
import { ARRIVAL_NEEDS_DROPOFF_TEXT } from "./booking_time.ts";
import { readRideBody } from "../rides/request.ts";

export const FOR_ANOTHER_TEXT: Text = "Only a dispatcher may set up a standing ride for another rider";
export const RIDER_NOT_FOUND_TEXT: Text = "Rider not found";
/** The next dates each standing ride lists. */
export const NEXT_DATES = 3;

/** Who acts: the signed-in person and their roles in the tenant. */
export interface Actor {
  user: User;
  roles: readonly Role[];
}

/** A standing ride as its rider's list shows it: with its next dates and the bookings made so far. */
export interface StandingView extends StandingRide {
  nextDates: string[];
  booked: Record<string, string>;
}

/** The rider the call is for: the actor, or for a dispatcher the member named by `riderId`. */
async function riderOf(kv: Store, tenant: Tenant, actor: Actor, riderId: unknown): Promise<Outcome<string>> {
  if (riderId === undefined || riderId === null || riderId === actor.user.id) return done(actor.user.id);
  if (!can(actor.roles, "dispatch")) return refuse(403, FOR_ANOTHER_TEXT);
  if (typeof riderId !== "string" || !(await getMembership(kv, tenant.code, riderId))) {
    return refuse(404, RIDER_NOT_FOUND_TEXT);
  }
  return done(riderId);
}

/**
 * The trip of the body by the request's own rules (domain/rides/request.ts readRideBody, its time left out: a
 * standing ride's is the repeat's), kept as sent: a place by its id, a point by its point.
 */
async function readTrip(kv: Store, tenant: Tenant, body: Record<string, unknown>): Promise<Outcome<StandingTrip>> {
  const trip = { ...body, scheduledFor: undefined, arriveBy: undefined };
  const read = await readRideBody({ kv, clock: { now: () => 0 } }, tenant, { needs: [] }, trip);
  if (read.refused) return read;
  const { pickup, dropoff, destination, passengerCt, needs, note } = read.value;
  return done({
    ...(typeof body.pickupPlaceId === "string" ? { pickupPlaceId: body.pickupPlaceId } : { pickup }),
    ...(typeof body.dropoffPlaceId === "string" ? { dropoffPlaceId: body.dropoffPlaceId } : { dropoff, destination }),
    passengerCt,
    // Absent needs stay absent: each date then takes the rider's standing needs as they are then.
    ...(body.needs !== undefined && { needs }),
    ...(note && { note }),
  });
}

/** The trip and the repeat of a body, both checked. */
async function readBody(kv: Store, tenant: Tenant, body: Record<string, unknown>) {
  const rule = readStandingRule(body);
  if (!rule.ok) return refuseSaid(400, rule.error);
  const trip = await readTrip(kv, tenant, body);
  if (trip.refused) return trip;
  // The pickup of an arrival is set from the trip's time, so it needs the drop-off's point (as a booking does).
  if (rule.value.arriveBy && !trip.value.dropoff && !trip.value.dropoffPlaceId) {
    return refuse(400, ARRIVAL_NEEDS_DROPOFF_TEXT);
  }
  return done({ rule: rule.value, trip: trip.value });
}

/** The rider's standing rides with their next dates (from today on the tenant's clock) and bookings made. */
export async function listForRider(
  kv: Store,
  tenant: Tenant,
  actor: Actor,
  riderId: unknown,
  now: number,
): Promise<Outcome<StandingView[]>> {
  const rider = await riderOf(kv, tenant, actor, riderId);
  if (rider.refused) return rider;
  const { date: today, time } = localTime(now, tenant.timezone);
  const [rides, schedule, closedDates] = await Promise.all([
    listStandingRides(kv, tenant.code, rider.value),
    getSchedule(kv, tenant.code),
    getClosedDates(kv, tenant.code),
  ]);
  // The dates it will ride: not one already past today, nor one the service does not run (it is skipped).
  const served = (date: string) => dateSlots({ schedule, closedDates }, date, scheduleDayOf(date)).length > 0;
  return done(
    await Promise.all(rides.map(async (ride) => {
      const booked: Record<string, string> = {};
      for (const [date, made] of await listOccurrences(kv, tenant.code, ride.id, today)) {
        if ("rideId" in made) booked[date] = made.rideId;
      }
      return { ...ride, nextDates: nextDates(ride, today, NEXT_DATES, { now: time, served }), booked };
    })),
  );
}

/** Sets up a standing ride for the rider, within the tenant's cap (409 past it, counted in the commit). */
export async function setUpStandingRide(
  kv: Store,
  tenant: Tenant,
  actor: Actor,
  body: Record<string, unknown>,
  now: number,
): Promise<Outcome<StandingRide>> {
  const rider = await riderOf(kv, tenant, actor, body.riderId);
  if (rider.refused) return rider;
  const read = await readBody(kv, tenant, body);
  if (read.refused) return read;
  const ride: StandingRide = {
    id: ulid(now),
    tenant: tenant.code,
    riderId: rider.value,
    createdBy: actor.user.id,
    createdAt: now,
    updatedAt: now,
    trip: read.value.trip,
    ...read.value.rule,
  };
  const cap = settingsOf(tenant).maxStandingRides;
  const saved = await createStandingRide(kv, ride, cap);
  if (!saved.ok) return refuse(409, TOO_MANY_STANDING_TEXT, { count: cap });
  return done(ride);
}

/** Whose standing ride `id` is, when the actor may change it; null reads as not found. */
async function ownerFor(kv: Store, tenant: Tenant, actor: Actor, id: string): Promise<string | null> {
  const ride = await getStandingRide(kv, tenant.code, id);
  if (!ride) return null;
  return ride.riderId === actor.user.id || can(actor.roles, "dispatch") ? ride.riderId : null;
}

/** Replaces the whole standing ride (a PUT sends all of it); its id, rider and dates already made stay. */
export async function changeStandingRide(
  kv: Store,
  tenant: Tenant,
  actor: Actor,
  id: string,
  body: Record<string, unknown>,
  now: number,
): Promise<Outcome<StandingRide>> {
  const owner = await ownerFor(kv, tenant, actor, id);
  if (!owner) return refuse(404, STANDING_NOT_FOUND_TEXT);
  const read = await readBody(kv, tenant, body);
  if (read.refused) return read;
  const { rule, trip } = read.value;
  const saved = await replaceStandingRide(kv, tenant.code, owner, id, (current) => ({
    id: current.id,
    tenant: current.tenant,
    riderId: current.riderId,
    createdBy: current.createdBy,
    createdAt: current.createdAt,
    updatedAt: now,
    trip,
    ...rule,
  }));
  if (!saved) return refuse(404, STANDING_NOT_FOUND_TEXT);
  return done(saved);
}

/** Deletes the standing ride; bookings it made stay as bookings, which the rider may cancel one by one. */
export async function removeStandingRide(kv: Store, tenant: Tenant, actor: Actor, id: string): Promise<Outcome<null>> {
  const owner = await ownerFor(kv, tenant, actor, id);
  if (!owner || !(await deleteStandingRide(kv, tenant.code, owner, id))) {
    return refuse(404, STANDING_NOT_FOUND_TEXT);
  }
  return done(null);
}
