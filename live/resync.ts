/**
 * Feed entries expired unread: every socket of the room is sent its list as
 * it stands now (as updates), and the current record of each ride it was
 * told about that has since left its list, so the client drops it.
 */
import type { Store } from "../kv/store.ts";
import { getRide, listActiveRides } from "../kv/ride_reads.ts";
import type { Clock } from "../lib/clock.ts";
import type { Ride } from "../lib/rides.ts";
import type { Client } from "./client.ts";
import type { RoomMembers } from "./room_members.ts";
import type { ToldLists } from "./told_lists.ts";
import { inList } from "./visibility.ts";

interface ResyncDeps {
  kv: Store;
  clock: Clock;
}

export async function resync(deps: ResyncDeps, tenant: string, members: RoomMembers, told: ToldLists): Promise<void> {
  // One read of the tenant's active rides serves every socket: a rider's is the one they created.
  const active = members.drivers.size + members.riders.size > 0 ? await listActiveRides(deps.kv, tenant) : [];
  const byId = new Map(active.map((r) => [r.id, r]));
  const seenBy = new Map([...members.drivers].map((client) => [client, told.toldTo(client)]));
  // From here every driver socket has been told the lists as they stand.
  told.restart(active);
  for (const [client, seen] of seenBy) {
    if (client.closed) continue;
    const current = active.filter((r) => inList(client, r));
    // What is theirs alone stays with the socket; the rest the room keeps.
    client.seen = new Map(
      client.everything ? [] : current.filter((r) => r.status !== "pending").map((r) => [r.id, r]),
    );
    await resyncClient(deps, tenant, client, seen, current, byId);
  }
  const byRider = new Map(active.map((r) => [r.creatorId, r]));
  for (const [userId, set] of [...members.riders]) {
    const ride = byRider.get(userId) ?? null;
    for (const client of [...set]) {
      const seen = told.toldTo(client);
      client.seen = new Map(ride ? [[ride.id, ride]] : []);
      await resyncClient(deps, tenant, client, seen, ride ? [ride] : [], byId);
    }
  }
}

async function resyncClient(
  deps: ResyncDeps,
  tenant: string,
  client: Client,
  seen: Map<string, Ride>,
  current: Ride[],
  known: Map<string, Ride>,
): Promise<void> {
  const ids = new Set(current.map((r) => r.id));
  const left: Ride[] = [];
  for (const [id, told] of seen) {
    if (ids.has(id)) continue;
    const now = deps.clock.now();
    // Gone from KV (deleted): it leaves lists as canceled, as deleteRide's feed entry says.
    left.push(
      known.get(id) ?? await getRide(deps.kv, tenant, id) ??
        { ...told, status: "canceled", canceledAt: now, updatedAt: now },
    );
  }
  for (const ride of [...left, ...current]) client.send(JSON.stringify({ type: "update", ride }));
}
