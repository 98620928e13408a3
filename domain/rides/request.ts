/**
 * A rider asks for a ride, now or booked ahead (spec sections 5, 8). The
 * rules run in this order, each refusing with its own text: a paused
 * service, the rider's no-show pause, the places named, the request's shape,
 * a booking's time, the needs and the note, the service area, and for a ride
 * now a driver online (one whose vehicle takes a wheelchair when it needs
 * one). The ride is then created in one checked commit (kv/rides.ts), which
 * also refuses a second active ride and a booking past the rider's limit.
 * In automatic dispatch a ride needs a drop-off point, and a ride for now is
 * planned into a vehicle instead (domain/rides/request_planned.ts).
 *
 * `servicePaused` and `riderPaused` are also the booking hand-over's rules
 * (domain/bookings/hand_over.ts): a booking meets at its hand-over the rules
 * a request made then would.
 */
import type { Store } from "../../kv/store.ts";
import { driversOnline } from "../../kv/drivers.ts";
import { noShowStanding } from "../../kv/no_shows.ts";
import { placesOfRequest } from "../../kv/places.ts";
import { type AlongsideWrite, createRide, type OccurrenceClaim } from "../../kv/rides.ts";
import type { User } from "../../kv/users.ts";
import { tooManyBooked } from "../../lib/booking.ts";
import type { Clock } from "../../lib/clock.ts";
import { insideArea, outsideArea } from "../../lib/geo.ts";
import { hasHiddenCharacters } from "../../lib/hidden_characters.ts";
import { type Text, translator } from "../../lib/i18n/catalogue.ts";
import { type Said, said } from "../../lib/i18n/format.ts";
import { type Need, NEEDS_TEXT, NO_ACCESSIBLE_SHUTTLE, readNeeds, readNote } from "../../lib/needs.ts";
import { suspended } from "../../lib/no_show_texts.ts";
import { UNKNOWN_PLACE_TEXT } from "../../lib/places.ts";
import { needsAccessibleVehicle } from "../../lib/ride_offers.ts";
import {
  ACTIVE_RIDE_TEXT,
  NO_DRIVERS_AT_REQUEST,
  readRequest,
  type RequestBody,
  type RideRequest,
} from "../../lib/ride_request.ts";
import type { Ride } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { isPaused, SERVICE_PAUSED } from "../../lib/service_status.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { DROPOFF_NEEDED_TEXT } from "../../lib/planned_rides.ts";
import { PERSON_CHANGED_TEXT } from "../../lib/phone_booking.ts";
import type { Travel } from "../dispatch/travel.ts";
import { type BookingTime, readBookingTime } from "../bookings/booking_time.ts";
import { requestPlanned } from "./request_planned.ts";
import { done, type Outcome, type Refusal, refuse, refuseSaid } from "../refusal.ts";

export interface RequestDeps {
  kv: Store;
  clock: Clock;
  /** Automatic dispatch's travel model (domain/dispatch/travel.ts); the estimate when not given. */
  travel?: Travel;
}

/** The request's body as it arrived: anything may be missing or of the wrong type. */
export interface RideRequestInput extends RequestBody {
  scheduledFor?: unknown;
  arriveBy?: unknown;
  needs?: unknown;
  note?: unknown;
}

export const HIDDEN_CHARACTERS_TEXT: Text = "{label} contains characters that are not allowed";

/** A paused service takes no new ride, and hands over no booking (503: the organisation says when it is back). */
export function servicePaused(tenant: Tenant): Refusal | null {
  return isPaused(tenant) ? refuse(503, SERVICE_PAUSED, { organisation: tenant.name }) : null;
}

/** A rider past the tenant's no-show limit: refused until the pause ends (`until`), told the day and why. */
export async function riderPaused(
  kv: Store,
  tenant: Tenant,
  riderId: string,
  now: number,
): Promise<{ refusal: Refusal; until: number } | null> {
  const standing = await noShowStanding(kv, tenant.code, riderId, settingsOf(tenant).noShow, now);
  if (!standing.suspendedUntil) return null;
  return {
    refusal: refuseSaid(403, suspended(standing, tenant.name, tenant.timezone)),
    until: standing.suspendedUntil,
  };
}

/** The server's own rule for stored text, on top of the request's shared rules (lib/ride_request.ts). */
function noHiddenCharacters(text: string, label: Text): Said | null {
  return hasHiddenCharacters(text) ? said(HIDDEN_CHARACTERS_TEXT, { label: said(label) }) : null;
}

/** A ride's body read by the rules of a request: its trip, its time when booked ahead, its needs and note. */
export interface RideBody extends RideRequest {
  pickupName?: string;
  /** Booked ahead: the pickup time and the arrival time when given; null for a ride now. */
  time: BookingTime | null;
  needs: Need[];
  note: string | null;
}

/**
 * Reads a ride's body by the request's rules in their order (the places named, the shape, the time, the needs and
 * the note, the service area, a drop-off point in automatic dispatch): a new ride's and a changed booking's alike
 * (domain/rides/change.ts), so a change can never pass a rule a new booking would not.
 */
export async function readRideBody(
  deps: RequestDeps,
  tenant: Tenant,
  rider: Pick<User, "needs">,
  input: RideRequestInput,
): Promise<Outcome<RideBody>> {
  // A place id stands for its point and name as they are now; the rules below then apply to them.
  const places = await placesOfRequest(deps.kv, tenant.code, input);
  if (!places) return refuse(400, UNKNOWN_PLACE_TEXT);
  const parsed = readRequest({ ...input, ...places }, noHiddenCharacters);
  if (!parsed.ok) return refuseSaid(400, parsed.error);
  // Booked ahead (a pickup or an arrival time): the time is a body rule; no driver need be online for it.
  const time = await readBookingTime(deps, tenant, input, parsed.value);
  if (time.refused) return time;
  // The rider's standing needs unless the request names this ride's, and a note for the driver. The rider is
  // read fresh for this request's sign-in (a profile write drops any reused copy at once).
  const standingNeeds = input.needs === undefined ? rider.needs ?? [] : [];
  // readNeeds has one refusal, NEEDS_TEXT: its worded answer serves the profile's route.
  const needs = readNeeds(input.needs, standingNeeds, translator("en"));
  if (!needs.ok) return refuse(400, NEEDS_TEXT);
  const note = readNote(input.note, (text) => noHiddenCharacters(text, "Note"));
  if (!note.ok) return refuseSaid(400, note.error);
  const { pickup, dropoff } = parsed.value;
  for (const point of dropoff ? [pickup, dropoff] : [pickup]) {
    if (!insideArea(point, tenant.serviceArea)) return refuseSaid(400, outsideArea(tenant.serviceArea));
  }
  // Automatic dispatch plans the drop-off too (a booking's at its hand-over), so it needs its point.
  if (settingsOf(tenant).dispatchMode === "automatic" && !dropoff) return refuse(400, DROPOFF_NEEDED_TEXT);
  return done({
    ...parsed.value,
    ...(places.pickupName && { pickupName: places.pickupName }),
    time: time.value,
    needs: needs.value,
    note: note.value,
  });
}

export const DATE_MADE_TEXT: Text = "This date of the standing ride is booked already";

/** What commits with a ride besides it, or not at all. */
export interface RideAlongside {
  /** A standing ride's date (domain/bookings/standing_sweep.ts), claimed so it is booked once. */
  claim?: OccurrenceClaim;
  /** A dispatcher's booking: the person it is for, their membership, the audit (kv/rides.ts AlongsideWrite). */
  alongside?: AlongsideWrite;
}

/** Creates `rider`'s ride from `input` at the clock's now, or says which rule refused it. */
export async function requestRide(
  deps: RequestDeps,
  tenant: Tenant,
  rider: User,
  input: RideRequestInput,
  { claim, alongside }: RideAlongside = {},
): Promise<Outcome<Ride>> {
  const { kv, clock } = deps;
  const paused = servicePaused(tenant);
  if (paused) return paused;
  const pause = await riderPaused(kv, tenant, rider.id, clock.now());
  if (pause) return pause.refusal;
  const read = await readRideBody(deps, tenant, rider, input);
  if (read.refused) return read;
  const now = clock.now();
  const { time: booked, needs, note, pickupName, ...trip } = read.value;
  const booking = booked !== null;
  const { dropoff } = trip;
  const automatic = settingsOf(tenant).dispatchMode === "automatic";
  if (automatic && dropoff && !booking) {
    return await requestPlanned(deps, tenant, {
      tenant: tenant.code,
      creatorId: rider.id,
      ...trip,
      dropoff,
      ...(pickupName && { pickupName }),
      needs,
      ...(note && { note }),
      rider: { name: rider.name, phoneNumber: rider.phoneNumber, photoUrl: rider.photoUrl },
      timeZone: tenant.timezone,
      ...(alongside && { alongside }),
    }, now);
  }
  // A ride for now needs a driver online, and a wheelchair ride one whose vehicle takes it, both from one read;
  // a booking's driver is found at its hand-over.
  if (!booking) {
    const accessible = needsAccessibleVehicle({ needs });
    const online = await driversOnline(kv, tenant.code, now, { accessible });
    if (!online.any) return refuse(409, NO_DRIVERS_AT_REQUEST);
    if (accessible && !online.accessible) return refuse(409, NO_ACCESSIBLE_SHUTTLE);
  }
  const result = await createRide(kv, {
    tenant: tenant.code,
    creatorId: rider.id,
    ...trip,
    ...(pickupName && { pickupName }),
    needs,
    ...(note && { note }),
    rider: { name: rider.name, phoneNumber: rider.phoneNumber, photoUrl: rider.photoUrl },
    ...booked,
    timeZone: tenant.timezone,
    ...(claim && { claim }),
    ...(alongside && { alongside }),
  }, now);
  if (!result.ok) {
    if (result.reason === "claimed") return refuse(409, DATE_MADE_TEXT);
    if (result.reason === "alongside_changed") return refuse(409, PERSON_CHANGED_TEXT);
    return result.reason === "too_many_booked" ? refuseSaid(409, tooManyBooked()) : refuse(409, ACTIVE_RIDE_TEXT);
  }
  return done(result.ride);
}
