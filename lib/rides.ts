/**
 * Ride statuses (spec section 4), the stored ride, and the rules of which
 * lists a ride belongs in, shared by the server and the islands. Who may move
 * a ride where is in lib/ride_moves.ts.
 */
import type { Point } from "./geo.ts";
import type { Need } from "./needs.ts";
import type { RideLocal } from "./reports.ts";

export const RIDE_STATUSES = [
  "pending",
  "accepted",
  "on-the-way",
  "arrived",
  "picked-up",
  "completed",
  "canceled",
  "no-show",
  // Booked ahead: neither active nor final; the server hands it over to pending (lib/booking.ts).
  "scheduled",
] as const;
export type RideStatus = typeof RIDE_STATUSES[number];

/** A ride as stored, sent to screens and carried by the live feed. */
export interface Ride {
  id: string;
  tenant: string;
  creatorId: string;
  assignedDriverId: string | null;
  status: RideStatus;
  pickup: Point;
  /** The named place the pickup was asked from, as it was then ("Greer Station (north entrance)"); absent otherwise. */
  pickupName?: string;
  dropoff: Point | null;
  destination: string | null;
  passengerCt: number;
  requestedAt: number;
  acceptedAt: number | null;
  onTheWayAt: number | null;
  arrivedAt: number | null;
  pickedUpAt: number | null;
  completedAt: number | null;
  canceledAt: number | null;
  noShowAt: number | null;
  riderName: string | null;
  riderPhone: string;
  riderPhotoUrl: string | null;
  driverName: string | null;
  driverPhone: string | null;
  updatedAt: number;
  /** Booked ahead: the pickup time asked for (epoch ms); absent for a ride asked for now. */
  scheduledFor?: number;
  /** Booked to arrive by this time (epoch ms): `scheduledFor` is then the pickup time set to keep it. */
  arriveBy?: number;
  /** The rider's accessibility needs for this ride, folded; absent on rides stored before them. */
  needs?: Need[];
  /** The rider's note for the driver, 1-140 characters; absent when none. */
  note?: string;
  /** The rider's rating of a completed ride (lib/ride_feedback.ts); absent until rated. */
  feedback?: RideFeedback;
  /** Who canceled a canceled ride: its rider, or a driver or admin ("staff"). Absent on older rides. */
  canceledBy?: "rider" | "staff";
  /** The tenant's local day and hour of the request, fixed when the ride is made: its report day. */
  local?: RideLocal;
  /** The rider deleted their account: name, phone, photo and note are gone; screens say "Deleted rider". */
  riderDeleted?: true;
  /** The driver deleted their account: name and phone are gone; screens say "Deleted driver". */
  driverDeleted?: true;
  /**
   * When the driver's reported position first came within reach of the pickup (lib/no_show_wait.ts), while the
   * ride waited for them; absent until then. It stands if they move away.
   */
  reachedPickupAt?: number;
  /** From when the driver may mark a no-show: reachedPickupAt plus the tenant's wait as it was then. */
  noShowFrom?: number;
  /** Automatic dispatch: the vehicle whose plan holds the ride (kv/plans.ts); absent in drivers mode. */
  vehicleId?: string;
  /** Automatic dispatch: when the plan expects the pickup and the drop-off (epoch ms), as last re-timed. */
  pickupAt?: number;
  dropoffAt?: number;
  /**
   * Automatic dispatch: another ride was aboard the same vehicle during this one in its plan, at some point; set in
   * the commit where they first overlap (stored as true, absent before) and kept when the other rider gets off (the
   * rider's "Shared ride").
   */
  shared?: boolean;
  /**
   * A dispatcher pinned the ride to its vehicle (domain/dispatch/pin.ts): the engine never moves it elsewhere; when
   * its driver leaves, it waits unassigned for the dispatcher. Absent when not pinned.
   */
  pinned?: true;
}

/** A rider's rating, 1-5, with an optional comment. */
export interface RideFeedback {
  rating: number;
  comment: string | null;
  at: number;
}

export const ACTIVE_STATUSES: readonly RideStatus[] = ["pending", "accepted", "on-the-way", "arrived", "picked-up"];
export const FINAL_STATUSES: readonly RideStatus[] = ["completed", "canceled", "no-show"];
/** A driver may have only one ride in these at a time (kv/rides.ts holds it with a key of its own). */
export const IN_PROGRESS: readonly RideStatus[] = ["on-the-way", "arrived"];

export function isRideStatus(value: unknown): value is RideStatus {
  return typeof value === "string" && (RIDE_STATUSES as readonly string[]).includes(value);
}

export function isActive(status: RideStatus): boolean {
  return ACTIVE_STATUSES.includes(status);
}

/** Whether a ride in `status` keeps its driver busy: on-the-way or arrived. */
export function isInProgress(status: RideStatus): boolean {
  return IN_PROGRESS.includes(status);
}

/**
 * The "driver is busy" rule: whether `driverId` has a ride in progress other
 * than `rideId` among `rides` (the driver's screen asks it of its list; the
 * server keeps the answer in one key per driver, kv/rides.ts).
 */
export function busyWith(
  rides: readonly Pick<Ride, "id" | "status" | "assignedDriverId">[],
  driverId: string,
  rideId: string,
): boolean {
  return rides.some((r) => r.id !== rideId && r.assignedDriverId === driverId && isInProgress(r.status));
}

/**
 * Whether a ride belongs in a driver's list (spec sections 4, 7): active, and
 * either pending (every driver may take it) or assigned to this driver.
 * A wheelchair ride is offered only to accessible vehicles on top of this
 * (lib/ride_offers.ts `offeredInList`).
 */
export function inDriverList(ride: Pick<Ride, "status" | "assignedDriverId">, driverId: string): boolean {
  return isActive(ride.status) && (ride.status === "pending" || ride.assignedDriverId === driverId);
}

/** Driver list order: arrived 5, picked-up 4, on-the-way 3, accepted 2, pending 1; then newest first. */
export const STATUS_PRIORITY: Partial<Record<RideStatus, number>> = {
  arrived: 5,
  "picked-up": 4,
  "on-the-way": 3,
  accepted: 2,
  pending: 1,
};

export function compareForDriver(
  a: { status: RideStatus; requestedAt: number },
  b: { status: RideStatus; requestedAt: number },
): number {
  return (STATUS_PRIORITY[b.status] ?? 0) - (STATUS_PRIORITY[a.status] ?? 0) || b.requestedAt - a.requestedAt;
}

/** Field recording when a ride reached each status. */
export const STAGE_TIME = {
  pending: "requestedAt",
  accepted: "acceptedAt",
  "on-the-way": "onTheWayAt",
  arrived: "arrivedAt",
  "picked-up": "pickedUpAt",
  completed: "completedAt",
  canceled: "canceledAt",
  "no-show": "noShowAt",
  // A booking's request time is when it was booked; the hand-over to pending sets it again.
  scheduled: "requestedAt",
} as const satisfies Record<RideStatus, string>;
