/**
 * What a room's sockets are shown of the drivers, each from one read of
 * their states: the available drivers (to riders), where a rider's own
 * driver is and the minutes to go, and whether a driver's vehicle takes a
 * wheelchair (which decides what their socket is offered).
 */
import type { Store } from "../kv/store.ts";
import { accessibleAmong, listAvailableDrivers } from "../kv/drivers.ts";
import type { DriverState } from "../kv/drivers.ts";
import { keys } from "../kv/keys.ts";
import type { Clock } from "../lib/clock.ts";
import { isTracked } from "../lib/eta.ts";
import type { Point } from "../lib/geo.ts";
import type { Ride } from "../lib/rides.ts";
import { estimateSource, type EtaSource } from "../lib/routing.ts";
import { trackRide } from "../domain/rides/tell_rider.ts";
import type { Client } from "./client.ts";

interface DriverNewsDeps {
  kv: Store;
  clock: Clock;
  eta?: EtaSource;
}

/**
 * The available drivers, read and sent to riders. Reads are numbered: a
 * client never gets a read older than one it already has, nor the same list
 * twice in a row.
 */
export class AvailableDrivers {
  #ticket = 0;

  constructor(private readonly deps: DriverNewsDeps, private readonly tenant: string) {}

  async send(clients: Client[]): Promise<void> {
    const ticket = ++this.#ticket;
    const drivers = await listAvailableDrivers(this.deps.kv, this.tenant, this.deps.clock.now());
    const text = JSON.stringify({ type: "driver-updates", drivers });
    for (const client of clients) {
      if (client.driversTicket >= ticket) continue;
      client.driversTicket = ticket;
      if (client.driversText === text) continue;
      client.driversText = text;
      client.send(text);
    }
  }
}

/**
 * Sends each of `clients` whose ride is tracked (accepted, on the way,
 * aboard: lib/eta.ts) where its driver is and the minutes to go, from one
 * read of those drivers; a socket is not sent the same message twice.
 * Only the ride's own rider's sockets are ever sent its driver's position.
 */
export async function sendLocations(deps: DriverNewsDeps, tenant: string, clients: Client[]): Promise<void> {
  const tracked: { client: Client; ride: Ride }[] = [];
  for (const client of clients) {
    const ride = [...client.seen.values()].find((r) => r.creatorId === client.userId && isTracked(r));
    if (ride) tracked.push({ client, ride });
  }
  if (tracked.length === 0) return;
  const drivers = [...new Set(tracked.map((t) => t.ride.assignedDriverId!))];
  const where = new Map<string, Point | null>();
  for (let i = 0; i < drivers.length; i += 10) {
    const batch = drivers.slice(i, i + 10);
    const states = await deps.kv.getMany<DriverState[]>(batch.map((id) => keys.driver(tenant, id)));
    batch.forEach((id, j) => where.set(id, states[j].value?.location ?? null));
  }
  const trackDeps = { kv: deps.kv, clock: deps.clock, eta: deps.eta ?? estimateSource };
  for (const { client, ride } of tracked) {
    const at = where.get(ride.assignedDriverId!) ?? null;
    if (!at || client.closed) continue;
    const { etaMinutes, lateMinutes } = await trackRide(trackDeps, ride, at);
    const text = JSON.stringify({ type: "driver-location", rideId: ride.id, location: at, etaMinutes, lateMinutes });
    if (client.locationText === text) continue;
    client.locationText = text;
    client.send(text);
  }
}

/**
 * Which of these drivers' vehicles take a wheelchair, from one read of their
 * states: read as a driver's socket joins, and again whenever the vehicles
 * doorbell rings (kv/feed.ts bumpVehicles).
 */
export async function readVehicles(kv: Store, tenant: string, clients: Client[]): Promise<void> {
  if (clients.length === 0) return;
  const accessible = await accessibleAmong(kv, tenant, [...new Set(clients.map((c) => c.userId))]);
  for (const client of clients) client.wheelchairAccessible = accessible.has(client.userId);
}
