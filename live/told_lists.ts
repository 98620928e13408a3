/**
 * What a room's drivers and admins were told, kept once for the room rather
 * than in every socket: the rides in every plain driver's list (pending) and
 * in every admin's list (active), each with the room's stamp when it was
 * sent. A socket was told what carries a stamp above the one it joined at.
 */
import { offeredTo } from "../lib/ride_offers.ts";
import type { Ride } from "../lib/rides.ts";
import { isActive } from "../lib/rides.ts";
import type { Client } from "./client.ts";

/** A ride as sockets were last told, and the room's stamp when they were. */
interface Told {
  ride: Ride;
  stamp: number;
}

export class ToldLists {
  /** Counts deliveries and resynchronisations. */
  #stamp = 0;
  #joinedAt = new Map<Client, number>();
  #pending = new Map<string, Told>();
  #active = new Map<string, Told>();

  joined(client: Client): void {
    this.#joinedAt.set(client, this.#stamp);
  }

  left(client: Client): void {
    this.#joinedAt.delete(client);
  }

  /** A change is being sent now: to every driver (`everyone`), or else only to the admins. */
  sent(ride: Ride, everyone: boolean): void {
    const stamp = ++this.#stamp;
    if (everyone) {
      if (ride.status === "pending") this.#pending.set(ride.id, { ride, stamp });
      else this.#pending.delete(ride.id);
    }
    if (isActive(ride.status)) this.#active.set(ride.id, { ride, stamp });
    else this.#active.delete(ride.id);
  }

  /** Every driver socket has now been told the lists as they stand: `active` is the tenant's active rides. */
  restart(active: Ride[]): void {
    const stamp = ++this.#stamp;
    this.#pending = new Map(active.filter((r) => r.status === "pending").map((ride) => [ride.id, { ride, stamp }]));
    this.#active = new Map(active.map((ride) => [ride.id, { ride, stamp }]));
  }

  /** The rides a socket was told about and may still show: its own, and the room's newer than its joining. */
  toldTo(client: Client): Map<string, Ride> {
    const told = new Map(client.seen);
    if (client.kind === "riders") return told;
    const since = this.#joinedAt.get(client) ?? 0;
    for (const [id, t] of client.everything ? this.#active : this.#pending) {
      if (t.stamp > since && (client.everything || offeredTo(t.ride, client.wheelchairAccessible))) {
        told.set(id, t.ride);
      }
    }
    return told;
  }
}
