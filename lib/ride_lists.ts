/**
 * The rider's ride and the driver's list as live messages change them
 * (spec sections 4, 7). Pure, so the islands and the unit tests share it.
 */
import { compareForDriver, inDriverList, isActive, type Ride } from "./rides.ts";

/**
 * The driver's list after a ride changed: kept while active and pending or
 * assigned to this driver, dropped otherwise (spec section 4: completed,
 * canceled and no-show leave the list), sorted by status priority then newest.
 * A message older than the copy held (updatedAt) is ignored.
 */
export function upsertDriverRide(list: readonly Ride[], ride: Ride, me: string): Ride[] {
  const held = list.find((r) => r.id === ride.id);
  if (held && held.updatedAt > ride.updatedAt) return list as Ride[];
  const rest = list.filter((r) => r.id !== ride.id);
  return (inDriverList(ride, me) ? [...rest, ride] : rest).sort(compareForDriver);
}

/** The driver list as fetched: active ones only, in the spec's order. */
export function sortDriverRides(list: readonly Ride[]): Ride[] {
  return list.filter((r) => isActive(r.status)).sort(compareForDriver);
}

/**
 * The rider's current ride after a message about `ride`: a newer copy of the
 * same ride replaces it; another ride replaces it only if it is newer.
 */
export function nextRiderRide(current: Ride | null, ride: Ride): Ride | null {
  if (current && current.id === ride.id && current.updatedAt > ride.updatedAt) return current;
  if (current && current.id !== ride.id && current.requestedAt > ride.requestedAt) return current;
  return ride;
}
