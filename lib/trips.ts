/**
 * The admin's view of rides (spec sections 3 "Trip", 4): the Trip shape, and
 * the five statuses the admin screens show, and "scheduled". The ride engine has eight; the
 * stages between accepted and completed (on-the-way, arrived, picked-up) show
 * as accepted, in its blue, with their own label, and count, filter and page
 * as accepted: they are an accepted ride under way. Shared by the server
 * (GET /{tenant}/api/admin/rides, the trip-status index and counters) and the
 * trips screen, which turns live ride messages into trips with the same
 * function.
 */
import type { Text } from "./i18n/catalogue.ts";
import type { Ride } from "./rides.ts";
import { STATUS_LABELS } from "./ride_texts.ts";
import type { RideStatus } from "./rides.ts";
import type { Need } from "./needs.ts";

/** The spec's five, then rides booked ahead, which show as their own status in purple. */
export const TRIP_STATUSES = ["pending", "accepted", "completed", "canceled", "no-show", "scheduled"] as const;
export type TripStatus = typeof TRIP_STATUSES[number];

/**
 * The filter's and tiles' words (spec section 2, "Admin Trips"): the same
 * words as every status badge (lib/ride_texts.ts `STATUS_LABELS`), for the five it lists.
 */
export const TRIP_STATUS_LABELS = Object.fromEntries(
  TRIP_STATUSES.map((s) => [s, STATUS_LABELS[s]]),
) as Record<TripStatus, Text>;

export function isTripStatus(value: unknown): value is TripStatus {
  return typeof value === "string" && (TRIP_STATUSES as readonly string[]).includes(value);
}

/** The admin status of a ride status: the stages under way are accepted. */
export function tripStatusOf(status: RideStatus): TripStatus {
  switch (status) {
    case "on-the-way":
    case "arrived":
    case "picked-up":
      return "accepted";
    default:
      return status;
  }
}

export interface Trip {
  id: string;
  destination: string | null;
  passengerCount: number;
  /** The ride's own status (eight values); tripStatusOf gives the admin's five. */
  status: RideStatus;
  requestedAt: number;
  acceptedAt: number | null;
  completedAt: number | null;
  /** `deleted`: the person deleted their account; the screen says "Deleted rider", with no phone. */
  rider: { name: string | null; phoneNumber: string; deleted?: true };
  /** Absent until a driver accepts. */
  driver?: { name: string | null; phoneNumber: string | null; deleted?: true };
  /** Booked ahead: the pickup time asked for. */
  scheduledFor?: number;
  /** The rider's needs for the ride; absent when none. */
  needs?: Need[];
  /** The rider's note for the driver; absent when none. */
  note?: string;
  /** The rider's rating; absent until rated. */
  feedback?: { rating: number; comment: string | null };
  /** Automatic dispatch: the vehicle whose plan holds the ride; `name` null once the vehicle was deleted. */
  vehicle?: { id: string; name: string | null };
  /** Automatic dispatch: when the plan expects the pickup and the drop-off (epoch ms). */
  pickupAt?: number;
  dropoffAt?: number;
  /** When the rider got aboard (a ride moves to arrived when picked up); absent until then. */
  pickedUpAt?: number;
}

/** The name of one of the tenant's vehicles by id; null for one no longer there. */
export type VehicleNames = (id: string) => string | null;

/** The trip of a ride; `vehicleNames` names its vehicle (without it, a vehicle shows with no name). */
export function toTrip(ride: Ride, vehicleNames: VehicleNames = () => null): Trip {
  const pickedUpAt = ride.pickedUpAt ?? ride.arrivedAt;
  return {
    id: ride.id,
    destination: ride.destination,
    passengerCount: ride.passengerCt,
    status: ride.status,
    requestedAt: ride.requestedAt,
    acceptedAt: ride.acceptedAt,
    completedAt: ride.completedAt,
    rider: { name: ride.riderName, phoneNumber: ride.riderPhone, ...(ride.riderDeleted && { deleted: true }) },
    ...(ride.assignedDriverId && {
      driver: { name: ride.driverName, phoneNumber: ride.driverPhone, ...(ride.driverDeleted && { deleted: true }) },
    }),
    ...(ride.scheduledFor !== undefined && { scheduledFor: ride.scheduledFor }),
    ...(ride.needs?.length && { needs: ride.needs }),
    ...(ride.note && { note: ride.note }),
    ...(ride.feedback && { feedback: { rating: ride.feedback.rating, comment: ride.feedback.comment } }),
    ...(ride.vehicleId && { vehicle: { id: ride.vehicleId, name: vehicleNames(ride.vehicleId) } }),
    ...(ride.pickupAt !== undefined && { pickupAt: ride.pickupAt }),
    ...(ride.dropoffAt !== undefined && { dropoffAt: ride.dropoffAt }),
    ...(pickedUpAt !== null && { pickedUpAt }),
  };
}

/** Trip counts by admin status, and their sum. */
export interface TripCounts {
  total: number;
  counts: Record<TripStatus, number>;
}
