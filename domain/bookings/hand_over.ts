/**
 * The hand-over of rides booked ahead. HAND_OVER_MS before its time, a
 * booking becomes a pending ride: one checked commit through the ride write
 * path (kv/rides.ts updateRideStatus), so it reaches drivers' lists and
 * sockets through the feed like any new request, takes the rider's active
 * slot in the same commit, and the rider is texted once
 * (domain/rides/tell_rider.ts).
 *
 * In automatic dispatch a booking is planned into a vehicle at its hand-over
 * instead, and handed over accepted by its driver (`handOverPlanned`).
 *
 * A booking meets at its hand-over the rules a ride request made then would
 * (domain/rides/request.ts): a rider blocked in the tenant (kv/members.ts),
 * a paused service, a rider paused by the no-show policy. Any of them
 * cancels the booking, by staff, and the rider is texted why.
 *
 * The sweep reads only due bookings from the time index; server/hand_over.ts
 * runs it on a timer and once at start, so bookings that fell due while the
 * server was down are handed over as it comes up. Two processes sweeping at
 * once are safe: the ride's commit is checked against the booking as read,
 * so one commits and the other re-reads a pending ride and does nothing.
 *
 * A rider who still has another active ride when a booking falls due: the
 * booking waits (each sweep tries again), so it is handed over as soon as
 * that ride ends; if it is still waiting at its pickup time, it is canceled,
 * since a shuttle sent then would find the rider on another ride.
 */
import { type DueBooking, listDueBookings } from "../../kv/bookings.ts";
import { getMembership } from "../../kv/members.ts";
import { getRide } from "../../kv/ride_reads.ts";
import { readFleet } from "../../kv/plans.ts";
import { type PlanWrite, type UpdateResult, updateRideStatus } from "../../kv/rides.ts";
import { getUser } from "../../kv/users.ts";
import { recentTenant } from "../../kv/tenants.ts";
import { HAND_OVER_MS } from "../../lib/booking.ts";
import type { CancelReason } from "../../lib/rider_notices.ts";
import { checkHandOver } from "../../lib/ride_moves.ts";
import type { Ride } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { settingsOf } from "../../lib/tenant_settings.ts";
import { bookingWindow, findPlacement, rideToPlace } from "../dispatch/place.ts";
import { riderPaused, servicePaused } from "../rides/request.ts";
import { PLAN_ATTEMPTS } from "../rides/request_planned.ts";
import {
  bookingCanceled,
  bookingHandedOver,
  bookingUnplaced,
  type NoticeDeps,
  rideMoved,
} from "../rides/tell_rider.ts";

export const RIDER_BUSY_TEXT = "The rider has another active ride";
/** Who a refused booking is canceled by: not the rider, so the ride says canceled by staff. */
export const HAND_OVER_ACTOR = "hand-over";

export interface SweepResult {
  handedOver: string[];
  canceled: string[];
}

/** The log's name for each reason a booking is canceled instead of handed over. */
const LOGGED: Record<CancelReason["kind"], string> = {
  suspended: "rider_blocked",
  "service-paused": "service_paused",
  "rider-paused": "rider_paused",
};

/** Hands over every booking due by the clock's now; answers the ids this call moved. */
export async function handOverDue(deps: NoticeDeps): Promise<SweepResult> {
  const now = deps.clock.now();
  const result: SweepResult = { handedOver: [], canceled: [] };
  for (const due of await listDueBookings(deps.kv, now + HAND_OVER_MS + 1)) {
    const booked = await getRide(deps.kv, due.tenant, due.id);
    if (!booked) continue;
    const tenant = await recentTenant(deps.kv, due.tenant);
    const refused = await refusedReason(deps, due.tenant, tenant, booked.creatorId, now);
    if (refused) {
      if (await cancelRefused(deps, due, tenant, refused, now)) result.canceled.push(due.id);
      continue;
    }
    const automatic = tenant && settingsOf(tenant).dispatchMode === "automatic";
    const moved = automatic ? await handOverPlanned(deps, tenant, booked, now) : await handOverTo(deps, booked, now);
    if (moved.ok && moved.changed) {
      result.handedOver.push(due.id);
      deps.log({
        event: "ride.handed_over",
        tenant: due.tenant,
        rideId: due.id,
        scheduledFor: due.scheduledFor,
        ...(automatic && { vehicleId: moved.ride.vehicleId ?? null }),
      });
      if (tenant && moved.ride.status === "accepted") await rideMoved(deps, tenant, moved.ride);
      else if (tenant && automatic) await bookingUnplaced(deps, tenant, moved.ride);
      else if (tenant) await bookingHandedOver(deps, tenant, moved.ride);
    } else if (!moved.ok && moved.reason === "refused" && now >= due.scheduledFor) {
      // Still held by the rider's other ride at its pickup time: it will not happen.
      const canceled = await updateRideStatus(deps.kv, {
        tenant: due.tenant,
        id: due.id,
        to: "canceled",
        actorId: booked.creatorId,
        now,
        decide: (ride) => Promise.resolve(checkHandOver(ride)),
      });
      if (canceled.ok && canceled.changed) {
        result.canceled.push(due.id);
        deps.log({ event: "ride.booking_lapsed", tenant: due.tenant, rideId: due.id });
      }
    }
  }
  return result;
}

/** The booking moved to pending for drivers to take (or `plan`'s driver accepts it), checked as read. */
function handOverTo(deps: NoticeDeps, booked: Ride, now: number, plan?: PlanWrite): Promise<UpdateResult> {
  return updateRideStatus(deps.kv, {
    tenant: booked.tenant,
    id: booked.id,
    to: plan ? "accepted" : "pending",
    actorId: booked.creatorId,
    now,
    ...(plan && { plan }),
    decide: (ride, { riderBusy }) =>
      Promise.resolve(riderBusy ? { ok: false, status: 409, error: RIDER_BUSY_TEXT } : checkHandOver(ride)),
  });
}

/**
 * Automatic dispatch: the booking is planned into a vehicle by the rules of a ride request (domain/dispatch/place.ts),
 * its pickup within the tenant's longest wait of the time booked (and its drop-off by the time to arrive by), and handed over accepted by that vehicle's driver
 * in the commit that writes the plan. When no vehicle can take it (or the plans keep changing under it), it is
 * handed over pending, with no driver: the rider is told, admins see it unassigned, and a driver may take it by hand.
 * A booking with no drop-off point (made before the tenant dispatched automatically) cannot be planned: pending too.
 */
async function handOverPlanned(deps: NoticeDeps, tenant: Tenant, booked: Ride, now: number): Promise<UpdateResult> {
  const settings = settingsOf(tenant);
  const toPlace = rideToPlace(booked, bookingWindow(booked, settings, now));
  for (let attempt = 0; toPlace && attempt < PLAN_ATTEMPTS; attempt++) {
    const fleet = await readFleet(deps.kv, tenant.code, now);
    const placed = await findPlacement(tenant.code, fleet, toPlace, settings, now, { travel: deps.travel });
    if (!placed) break;
    const driver = await getUser(deps.kv, placed.plan.driverId);
    const moved = await handOverTo(deps, booked, now, {
      entry: placed.entry,
      plan: placed.plan,
      times: placed.times,
      driver: { name: driver?.name ?? null, phoneNumber: driver?.phoneNumber ?? "" },
    });
    if (moved.ok || moved.reason !== "plan_changed") return moved;
  }
  return handOverTo(deps, booked, now);
}

/**
 * Why the rules of a request made now refuse the rider's booking, in the
 * request's order after the sign-in's (a blocked person signs in to nothing):
 * blocked, the service paused, the rider paused for no-shows.
 */
async function refusedReason(
  deps: NoticeDeps,
  code: string,
  tenant: Tenant | null,
  riderId: string,
  now: number,
): Promise<CancelReason | null> {
  if ((await getMembership(deps.kv, code, riderId))?.blocked) return { kind: "suspended" };
  if (!tenant) return null;
  if (servicePaused(tenant)) return { kind: "service-paused" };
  const pause = await riderPaused(deps.kv, tenant, riderId, now);
  return pause ? { kind: "rider-paused", until: pause.until } : null;
}

/** Cancels a refused booking instead of handing it over, and tells the rider why; whether this call did. */
async function cancelRefused(
  deps: NoticeDeps,
  due: DueBooking,
  tenant: Tenant | null,
  reason: CancelReason,
  now: number,
): Promise<boolean> {
  const canceled = await updateRideStatus(deps.kv, {
    tenant: due.tenant,
    id: due.id,
    to: "canceled",
    actorId: HAND_OVER_ACTOR,
    now,
    decide: (ride) => Promise.resolve(checkHandOver(ride)),
  });
  if (!canceled.ok || !canceled.changed) return false;
  deps.log({ event: "ride.booking_canceled", tenant: due.tenant, rideId: due.id, reason: LOGGED[reason.kind] });
  if (tenant) await bookingCanceled(deps, tenant, canceled.ride, reason);
  return true;
}
