/**
 * Who is in a tenant's room: its sockets, indexed the ways a change looks
 * them up (every driver, a driver by user, the admins, a rider by user).
 */
import type { Client } from "./client.ts";

export class RoomMembers {
  /** Every drivers socket, plain and scope=all. */
  readonly drivers = new Set<Client>();
  /** Rider sockets by user id: a ride goes only to its creator's sockets. */
  readonly riders = new Map<string, Set<Client>>();
  /** Plain drivers sockets by user id: a ride assigned to someone goes to theirs. */
  readonly driversByUser = new Map<string, Set<Client>>();
  /** scope=all sockets (admins): told about every change. */
  readonly admins = new Set<Client>();

  get size(): number {
    let n = this.drivers.size;
    for (const set of this.riders.values()) n += set.size;
    return n;
  }

  *all(): Iterable<Client> {
    yield* this.drivers;
    for (const set of this.riders.values()) yield* set;
  }

  riderClients(): Client[] {
    return [...this.riders.values()].flatMap((set) => [...set]);
  }

  /** The plain drivers sockets (not scope=all). */
  plainDrivers(): Client[] {
    return [...this.driversByUser.values()].flatMap((set) => [...set]);
  }

  add(client: Client): void {
    if (client.kind === "riders") addTo(this.riders, client);
    else {
      this.drivers.add(client);
      if (client.everything) this.admins.add(client);
      else addTo(this.driversByUser, client);
    }
  }

  remove(client: Client): void {
    if (client.kind === "riders") removeFrom(this.riders, client);
    else {
      this.drivers.delete(client);
      this.admins.delete(client);
      removeFrom(this.driversByUser, client);
    }
  }
}

function addTo(index: Map<string, Set<Client>>, client: Client): void {
  const set = index.get(client.userId) ?? new Set();
  set.add(client);
  index.set(client.userId, set);
}

function removeFrom(index: Map<string, Set<Client>>, client: Client): void {
  const set = index.get(client.userId);
  if (!set?.delete(client)) return;
  if (set.size === 0) index.delete(client.userId);
}
