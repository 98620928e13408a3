/**
 * The hand-over of rides booked ahead. HAND_OVER_MS before its time, a
 * booking becomes a pending ride: one checked commit through the ride write
 * path (kv/rides.ts updateRideStatus), so it reaches drivers' lists and
 * sockets through the feed like any new request, takes the rider's active
 * slot in the same commit, and the rider is texted once
 * (domain/rides/tell_rider.ts).
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
import { updateRideStatus } from "../../kv/rides.ts";
import { recentTenant } from "../../kv/tenants.ts";
import { HAND_OVER_MS } from "../../lib/booking.ts";
import type { CancelReason } from "../../lib/rider_notices.ts";
import { checkHandOver } from "../../lib/ride_moves.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { riderPaused, servicePaused } from "../rides/request.ts";
import { bookingCanceled, bookingHandedOver, type NoticeDeps } from "../rides/tell_rider.ts";

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
    const moved = await updateRideStatus(deps.kv, {
      tenant: due.tenant,
      id: due.id,
      to: "pending",
      actorId: booked.creatorId,
      now,
      decide: (ride, { riderBusy }) =>
        Promise.resolve(riderBusy ? { ok: false, status: 409, error: RIDER_BUSY_TEXT } : checkHandOver(ride)),
    });
    if (moved.ok && moved.changed) {
      result.handedOver.push(due.id);
      deps.log({ event: "ride.handed_over", tenant: due.tenant, rideId: due.id, scheduledFor: due.scheduledFor });
      if (tenant) await bookingHandedOver(deps, tenant, moved.ride);
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
