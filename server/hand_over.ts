/**
 * The hand-over of rides booked ahead. HAND_OVER_MS (20 minutes)
 * before its time, a booking becomes a pending ride: one checked commit
 * through the ride write path (kv/rides.ts updateRideStatus), so it reaches
 * drivers' lists and sockets through the feed like any new request, takes the
 * rider's active slot in the same commit, and the rider is texted once
 * (server/rider_updates.ts).
 *
 * The sweep reads only due bookings from the time index and runs on a timer
 * and once at start (`startHandOvers`), so bookings that fell due while the
 * server was down are handed over as it comes up. Two processes sweeping at
 * once are safe: the ride's commit is checked against the booking as read,
 * so one commits and the other re-reads a pending ride and does nothing.
 *
 * A rider who still has another active ride when a booking falls due: the
 * booking waits (each sweep tries again), so it is handed over as soon as
 * that ride ends; if it is still waiting at its pickup time, it is canceled,
 * since a shuttle sent then would find the rider on another ride.
 *
 * A rider blocked in the tenant (kv/members.ts) is never handed over: the
 * booking is canceled, by staff, and the rider is texted why.
 */
import { type DueBooking, listDueBookings } from "../kv/bookings.ts";
import { getMembership } from "../kv/members.ts";
import { updateRideStatus } from "../kv/rides.ts";
import { getRide } from "../kv/ride_reads.ts";
import { recentTenant } from "../kv/tenants.ts";
import { HAND_OVER_MS } from "../lib/booking.ts";
import { checkHandOver } from "../lib/ride_moves.ts";
import { bookingHandedOver, type NoticeDeps, rideCanceledForBlock } from "./rider_updates.ts";

/** How often the timer sweeps: a booking is handed over at most this late. */
export const SWEEP_EVERY_MS = 30_000;

export const RIDER_BUSY_TEXT = "The rider has another active ride";
/** Who a blocked rider's booking is canceled by: not the rider, so the ride says canceled by staff. */
export const HAND_OVER_ACTOR = "hand-over";

export interface SweepResult {
  handedOver: string[];
  canceled: string[];
}

/** Hands over every booking due by the clock's now; answers the ids this call moved. */
export async function handOverDue(deps: NoticeDeps): Promise<SweepResult> {
  const now = deps.clock.now();
  const result: SweepResult = { handedOver: [], canceled: [] };
  for (const due of await listDueBookings(deps.kv, now + HAND_OVER_MS + 1)) {
    const booked = await getRide(deps.kv, due.tenant, due.id);
    if (!booked) continue;
    if ((await getMembership(deps.kv, due.tenant, booked.creatorId))?.blocked) {
      if (await cancelForBlock(deps, due, now)) result.canceled.push(due.id);
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
      const tenant = await recentTenant(deps.kv, due.tenant);
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

/** Cancels a blocked rider's booking instead of handing it over, and tells them; whether this call did. */
async function cancelForBlock(deps: NoticeDeps, due: DueBooking, now: number): Promise<boolean> {
  const canceled = await updateRideStatus(deps.kv, {
    tenant: due.tenant,
    id: due.id,
    to: "canceled",
    actorId: HAND_OVER_ACTOR,
    now,
    decide: (ride) => Promise.resolve(checkHandOver(ride)),
  });
  if (!canceled.ok || !canceled.changed) return false;
  deps.log({ event: "ride.booking_canceled", tenant: due.tenant, rideId: due.id, reason: "rider_blocked" });
  const tenant = await recentTenant(deps.kv, due.tenant);
  if (tenant) await rideCanceledForBlock(deps, tenant, canceled.ride);
  return true;
}

/**
 * Sweeps once now (the catch-up after a stop) and then every `everyMs`, until
 * `signal` aborts. A failed sweep is logged and the next one tries again.
 */
export function startHandOvers(deps: NoticeDeps, signal: AbortSignal, everyMs = SWEEP_EVERY_MS): Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running.then(() => handOverDue(deps)).catch((error) =>
      deps.log({ event: "hand_over.failed", level: "error", error: String(error) })
    );
    return running;
  };
  const timer = setInterval(sweep, everyMs);
  signal.addEventListener("abort", () => clearInterval(timer), { once: true });
  return sweep().then(() => {});
}
