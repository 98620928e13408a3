/**
 * Who may move a ride where (spec section 4, and bookings): the
 * transition table, shared by the server, which enforces it, and the driver's
 * screen, which shows only legal buttons. Apart from lib/rides.ts, so the
 * rider's first load carries none of it.
 */
import { FINAL_STATUSES, isActive, type Ride, type RideStatus } from "./rides.ts";

/** The moves a driver makes (spec section 4), besides canceling. */
const DRIVER_MOVES: Partial<Record<RideStatus, readonly RideStatus[]>> = {
  pending: ["accepted"],
  accepted: ["on-the-way"],
  "on-the-way": ["arrived", "no-show"],
  arrived: ["completed"],
  "picked-up": ["completed"],
};

export interface MoveActor {
  userId: string;
  /** Drives (driver or admin in this tenant, or super). */
  drives: boolean;
}

export type MoveCheck =
  | { ok: true }
  | { ok: false; status: 403 | 404 | 409; error: string };

export const ANOTHER_IN_PROGRESS = "Another ride is already in progress";
export const ALREADY_TAKEN = "This ride has already been accepted by another driver";

/**
 * Whether `actor` may move `ride` to `to`. `busy` says whether the actor
 * already has another ride on-the-way or arrived. Pure: the caller commits.
 */
export function checkMove(
  ride: { status: RideStatus; creatorId: string; assignedDriverId: string | null },
  to: RideStatus,
  actor: MoveActor,
  busy = false,
): MoveCheck {
  const from = ride.status;
  const illegal: MoveCheck = { ok: false, status: 409, error: `Cannot change a ride from ${from} to ${to}` };
  const isRider = ride.creatorId === actor.userId;
  const isAssigned = ride.assignedDriverId === actor.userId;
  // A booking: its rider may cancel it; only the server's hand-over (SCHEDULED_MOVES) moves it on.
  if (from === "scheduled") {
    if (isRider) return to === "canceled" ? { ok: true } : illegal;
    return actor.drives ? illegal : { ok: false, status: 404, error: "Ride not found" };
  }

  if (!actor.drives || (isRider && !isAssigned && to === "canceled")) {
    // Riders: only their own ride, only to cancel it.
    if (!isRider) return { ok: false, status: 404, error: "Ride not found" };
    if (to !== "canceled" || !isActive(from)) return illegal;
    return { ok: true };
  }
  if (FINAL_STATUSES.includes(from)) return illegal;
  // The loser of an accept race: a conflict, not a lack of rights.
  if (from === "accepted" && to === "accepted" && !isAssigned) return { ok: false, status: 409, error: ALREADY_TAKEN };
  if (from !== "pending" && !isAssigned) {
    return { ok: false, status: 403, error: "This ride is assigned to another driver" };
  }
  if (to === "canceled") return { ok: true };
  if (!DRIVER_MOVES[from]?.includes(to)) return illegal;
  if (to === "on-the-way" && busy) return { ok: false, status: 409, error: ANOTHER_IN_PROGRESS };
  return { ok: true };
}

/**
 * Where a booking may go: the server's hand-over makes it pending
 * (server/hand_over.ts), its rider may cancel it (checkMove), nothing else.
 */
export const SCHEDULED_MOVES: readonly RideStatus[] = ["pending", "canceled"];

/** Whether the server may hand `ride` over to drivers: only while it is still booked (a cancel may have won). */
export function checkHandOver(ride: Pick<Ride, "status">): MoveCheck {
  if (ride.status === "scheduled") return { ok: true };
  return { ok: false, status: 409, error: `Cannot change a ride from ${ride.status} to pending` };
}
