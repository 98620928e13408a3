/**
 * One feed entry to the sockets allowed to see it. The entry is serialised
 * once; work is per recipient, not per socket: a change only its driver and
 * the admins may see goes straight to their sockets. Sends never wait on a
 * client, and a big tenant's thousands of sends yield between batches.
 */
import { setImmediate } from "node:timers";
import type { FeedEntry } from "../kv/feed.ts";
import { isTracked } from "../lib/eta.ts";
import { offeredTo } from "../lib/ride_offers.ts";
import type { Ride } from "../lib/rides.ts";
import type { Client } from "./client.ts";
import type { RoomMembers } from "./room_members.ts";
import type { ToldLists } from "./told_lists.ts";
import { inList, shouldTell, toldEveryDriver } from "./visibility.ts";

/** Sends between two yields of a fan-out: about 4 ms of a core at 15 µs a send. */
const SEND_BATCH = 250;

/** Sends `entry`; `riderTracked` runs when a rider was told of a ride whose driver their map now shows. */
export async function fanOut(
  members: RoomMembers,
  told: ToldLists,
  entry: FeedEntry,
  riderTracked: () => void,
): Promise<void> {
  const { ride } = entry;
  const text = JSON.stringify({ type: entry.type, ride });
  const everyone = toldEveryDriver(entry);
  // Who is told is settled now: a socket joining while the sends below yield was not here at this stamp.
  const drivers = everyone ? [...members.drivers] : [...members.admins];
  told.sent(ride, everyone);
  // The driver it is assigned to keeps it in their own list while it is active; the driver it was taken from (a
  // dispatcher moved it) is told it left theirs.
  const holders = [ride.assignedDriverId, entry.previousDriverId].filter((id) => id);
  for (const client of holders.flatMap((id) => [...members.driversByUser.get(id!) ?? []])) {
    if (!everyone || !offeredTo(ride, client.wheelchairAccessible)) client.send(text);
    track(client, ride);
  }
  for (const client of members.riders.get(ride.creatorId) ?? []) {
    if (!shouldTell(client, entry)) continue;
    client.send(text);
    track(client, ride);
    // Accepted, on the way or aboard: the rider's map shows the driver from now.
    if (isTracked(ride)) riderTracked();
  }
  // Every driver (a wheelchair ride only to vehicles that take one) or only the admins. Yielding between batches
  // keeps requests and the other isolates' notes from waiting behind the sends.
  for (let i = 0; i < drivers.length; i += SEND_BATCH) {
    if (i > 0) await nextImmediate();
    for (const client of drivers.slice(i, i + SEND_BATCH)) {
      if (!everyone || client.everything || offeredTo(ride, client.wheelchairAccessible)) client.send(text);
    }
  }
}

/** Yields to waiting I/O without a timer's 4 ms clamp (setTimeout nested in a loop is clamped). */
function nextImmediate(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Keeps `client.seen` to the rides in its list after this change. */
function track(client: Client, ride: Ride): void {
  if (inList(client, ride)) client.seen.set(ride.id, ride);
  else client.seen.delete(ride.id);
}
