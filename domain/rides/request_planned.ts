/**
 * A ride for now in automatic dispatch: planned into the vehicle where it costs least (domain/dispatch/place.ts) and
 * created already accepted by that vehicle's driver, the ride and the plan in one commit (kv/rides.ts) checked on the
 * plan as read and on the driver still holding the vehicle. A request that lost that race to another reads the plans
 * again and plans again, PLAN_ATTEMPTS times in all; when no vehicle can take it within the tenant's limits (or the
 * race is still lost), it is refused with 409 and nothing is stored.
 */
import { readFleet } from "../../kv/plans.ts";
import { createRide, type NewRide } from "../../kv/rides.ts";
import type { Store } from "../../kv/store.ts";
import { getUser } from "../../kv/users.ts";
import { tooManyBooked } from "../../lib/booking.ts";
import { ulid } from "../../lib/ids.ts";
import { NO_ACCESSIBLE_SHUTTLE } from "../../lib/needs.ts";
import { NO_SHUTTLE_TEXT } from "../../lib/planned_rides.ts";
import { PERSON_CHANGED_TEXT } from "../../lib/phone_booking.ts";
import { needsAccessibleVehicle } from "../../lib/ride_offers.ts";
import { ACTIVE_RIDE_TEXT } from "../../lib/ride_request.ts";
import type { Ride } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { findPlacement, pickupWindow } from "../dispatch/place.ts";
import type { Travel } from "../dispatch/travel.ts";
import { done, type Outcome, refuse, refuseSaid } from "../refusal.ts";

/** Plans made again after losing the plan's commit to another change, before the request is refused. */
export const PLAN_ATTEMPTS = 4;

/** Creates the ride `ride` describes (a drop-off point set) planned into a vehicle, or refuses it. */
export async function requestPlanned(
  { kv, travel }: { kv: Store; travel?: Travel },
  tenant: Tenant,
  ride: Omit<NewRide, "plan" | "id" | "dropoff"> & { dropoff: NonNullable<NewRide["dropoff"]> },
  now: number,
): Promise<Outcome<Ride>> {
  const settings = settingsOf(tenant);
  const id = ulid(now);
  const needs = ride.needs ?? [];
  const noShuttle = refuse(409, NO_SHUTTLE_TEXT, { minutes: settings.maxWaitMinutes });
  const toPlace = {
    rideId: id,
    pickup: ride.pickup,
    pickupName: ride.pickupName ?? null,
    dropoff: ride.dropoff,
    destination: ride.destination,
    passengerCt: ride.passengerCt,
    needs,
    ...pickupWindow(now, settings),
  };
  for (let attempt = 0; attempt < PLAN_ATTEMPTS; attempt++) {
    const fleet = await readFleet(kv, tenant.code, now);
    if (needsAccessibleVehicle({ needs }) && !fleet.some((f) => f.vehicle.wheelchairSpaces > 0)) {
      return refuse(409, NO_ACCESSIBLE_SHUTTLE);
    }
    const placed = await findPlacement(tenant.code, fleet, toPlace, settings, now, { travel });
    if (!placed) return noShuttle;
    const driver = await getUser(kv, placed.plan.driverId);
    const result = await createRide(kv, {
      ...ride,
      id,
      plan: {
        entry: placed.entry,
        plan: placed.plan,
        times: placed.times,
        driver: { name: driver?.name ?? null, phoneNumber: driver?.phoneNumber ?? "" },
      },
    }, now);
    if (result.ok) return done(result.ride);
    if (result.reason === "too_many_booked") return refuseSaid(409, tooManyBooked());
    if (result.reason === "active_ride") return refuse(409, ACTIVE_RIDE_TEXT);
    if (result.reason === "alongside_changed") return refuse(409, PERSON_CHANGED_TEXT);
  }
  return noShuttle;
}
