/**
 * Who is told about which ride (spec sections 4 and 7). Drivers'
 * lists show pending rides plus their own active ones; a rider sees only their
 * own ride. Admins who ask for it (the trips screen: /ws/drivers?scope=all) see every ride change. Pure, so the hub and
 * the tests share one reading of the rules.
 */
import type { FeedEntry } from "../../kv/feed.ts";
import type { Ride } from "../../lib/rides.ts";
import { isActive } from "../../lib/rides.ts";
import { offeredInList, offeredTo } from "../../lib/ride_offers.ts";

export type SocketKind = "riders" | "drivers";

export interface Viewer {
  kind: SocketKind;
  userId: string;
  /** An admin's drivers socket opened with scope=all: told about every ride of the tenant. */
  everything?: boolean;
  /** A driver whose vehicle takes a wheelchair: offered wheelchair rides too. */
  wheelchairAccessible?: boolean;
}

/** Whether the ride belongs in the viewer's list as it now stands. */
export function inList(
  viewer: Viewer,
  ride: Pick<Ride, "status" | "creatorId" | "assignedDriverId" | "needs">,
): boolean {
  if (viewer.kind === "riders") return isActive(ride.status) && ride.creatorId === viewer.userId;
  if (viewer.everything) return isActive(ride.status);
  return offeredInList(ride, viewer.userId, viewer.wheelchairAccessible ?? false);
}

/**
 * Whether the viewer's socket is told about a change: the ride is (or stays)
 * in their list, or it leaves it. A driver is told when a pending ride they
 * could see is accepted by someone else or canceled (previous "pending"), and
 * when their own ride ends; a rider only ever about their own ride. A
 * wheelchair ride is never told to a driver whose vehicle does not take one
 * unless it is theirs (lib/ride_offers.ts `offeredTo`).
 */
export function shouldTell(viewer: Viewer, entry: Pick<FeedEntry, "ride" | "previous">): boolean {
  if (viewer.kind === "riders") return entry.ride.creatorId === viewer.userId;
  if (viewer.everything) return true;
  return (toldEveryDriver(entry) && offeredTo(entry.ride, viewer.wheelchairAccessible ?? false)) ||
    entry.ride.assignedDriverId === viewer.userId;
}

/** Whether every drivers socket of the tenant is told about this change (the ride is or was pending). */
export function toldEveryDriver({ ride, previous }: Pick<FeedEntry, "ride" | "previous">): boolean {
  return ride.status === "pending" || previous === "pending";
}
