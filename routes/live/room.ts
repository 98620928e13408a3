/**
 * The sockets of one tenant and the one feed watch serving them. Each feed
 * entry is serialised once and sent to every socket allowed to see it; sends
 * never wait on a client, so one slow socket does not hold up the rest.
 * Work per change is per recipient, not per socket: a change only its driver
 * and the admins may see goes straight to their sockets, and what drivers
 * and admins were told is kept once for the room (with a stamp that says
 * which sockets were there), not in every socket.
 */
import { setImmediate } from "node:timers";
import { accessibleAmong, listAvailableDrivers } from "../../kv/drivers.ts";
import type { FeedEntry } from "../../kv/feed.ts";
import { type FeedWatch, watchFeed } from "../../kv/feed_watch.ts";
import type { DriverState } from "../../kv/drivers.ts";
import { keys } from "../../kv/keys.ts";
import { getRide, listActiveRides } from "../../kv/ride_reads.ts";
import { getActiveRideOf } from "../../kv/rides.ts";
import { isTracked } from "../../lib/eta.ts";
import type { Point } from "../../lib/geo.ts";
import { estimateSource, type EtaSource } from "../../lib/routing.ts";
import { trackRide } from "../../server/rider_updates.ts";
import type { Ride } from "../../lib/rides.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { tenantMessage } from "../../lib/tenant_view.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/log.ts";
import { isActive } from "../../lib/rides.ts";
import { offeredTo } from "../../lib/ride_offers.ts";
import { CLOSE, stillAllowed } from "./admission.ts";
import type { Client } from "./client.ts";
import type { LiveSettings } from "./settings.ts";
import { coalesce, type Coalescer } from "./throttle.ts";
import { inList, shouldTell, toldEveryDriver } from "./visibility.ts";

/** A ride as sockets were last told, and the room's stamp when they were. */
interface Told {
  ride: Ride;
  stamp: number;
}

export interface RoomDeps {
  kv: Deno.Kv;
  clock: Clock;
  log: Logger;
  eta?: EtaSource;
  settings: LiveSettings;
  /** Removes a client from the hub and closes its socket with `code`. */
  drop(client: Client, code: number, reason: string): void;
}

export class Room {
  /** Every drivers socket, plain and scope=all. */
  readonly drivers = new Set<Client>();
  /** Rider sockets by user id: a ride goes only to its creator's sockets. */
  readonly riders = new Map<string, Set<Client>>();
  /** Plain drivers sockets by user id: a ride assigned to someone goes to theirs. */
  #driversByUser = new Map<string, Set<Client>>();
  /** scope=all sockets (admins): told about every change. */
  #admins = new Set<Client>();
  /** Counts deliveries and resynchronisations; a socket was told what carries a stamp above its own. */
  #stamp = 0;
  #joinedAt = new Map<Client, number>();
  /** Rides in every plain driver's list (pending) and in every admin's list (active), as last told. */
  #pendingTold = new Map<string, Told>();
  #activeTold = new Map<string, Told>();
  readonly watch: FeedWatch;
  #driverUpdates: Coalescer;
  #driverLocations: Coalescer;
  #vehicles: Coalescer;
  #driversTicket = 0;
  #tick: ReturnType<typeof setInterval>;
  /** The last tenant message: what the room's screens show of the tenant. */
  #tenantText: string | null = null;
  #stopped = false;
  #checking = false;

  constructor(readonly tenant: string, private readonly deps: RoomDeps) {
    const { settings } = deps;
    this.#driverUpdates = coalesce(() => this.#broadcastDrivers(), settings.driverUpdatesMs, {
      onError: (error) => this.#error("drivers", error),
    });
    this.#driverLocations = coalesce(() => this.#sendLocations(this.#riderClients()), settings.driverLocationMs, {
      onError: (error) => this.#error("locations", error),
    });
    this.#vehicles = coalesce(
      () => this.readVehicles([...this.#driversByUser.values()].flatMap((set) => [...set])),
      settings.driverUpdatesMs,
      {
        onError: (error) => this.#error("vehicles", error),
      },
    );
    this.watch = watchFeed(deps.kv, tenant, {
      entries: async (entries) => {
        // The request that made the change answers first: sending to a thousand sockets takes
        // milliseconds, and without this turn the answer sometimes waited behind all of them.
        await nextTurn();
        for (const entry of entries) await this.#fanOut(entry);
      },
      resync: () => this.#resync(),
      drivers: () => {
        this.#driverUpdates.trigger();
        if (this.riders.size > 0) this.#driverLocations.trigger();
      },
      // A driver said their vehicle now takes a wheelchair, or no longer does.
      vehicles: () => {
        if (this.#driversByUser.size > 0) this.#vehicles.trigger();
      },
      tenant: (tenant, first) => this.#tenantChanged(tenant, first),
      error: (error, attempt) => this.#error("watch", error, attempt),
    }, { initialBackoffMs: settings.initialBackoffMs, maxBackoffMs: settings.maxBackoffMs });
    this.#tick = setInterval(() => this.#recheck(), settings.recheckMs);
  }

  get size(): number {
    return this.drivers.size + this.#riderCount();
  }

  #riderCount(): number {
    let n = 0;
    for (const set of this.riders.values()) n += set.size;
    return n;
  }

  *clients(): Iterable<Client> {
    yield* this.drivers;
    for (const set of this.riders.values()) yield* set;
  }

  add(client: Client): void {
    this.#joinedAt.set(client, this.#stamp);
    if (client.kind === "riders") addTo(this.riders, client);
    else {
      this.drivers.add(client);
      if (client.everything) this.#admins.add(client);
      else addTo(this.#driversByUser, client);
    }
  }

  remove(client: Client): void {
    this.#joinedAt.delete(client);
    if (client.kind === "riders") removeFrom(this.riders, client);
    else {
      this.drivers.delete(client);
      this.#admins.delete(client);
      removeFrom(this.#driversByUser, client);
    }
  }

  stop(): void {
    this.#stopped = true;
    this.watch.stop();
    this.#driverUpdates.cancel();
    this.#driverLocations.cancel();
    this.#vehicles.cancel();
    clearInterval(this.#tick);
  }

  /** Sends a newly opened rider socket the available drivers, and where their own driver is. */
  async greet(client: Client): Promise<void> {
    if (client.kind !== "riders") return;
    try {
      await this.#sendDrivers([client]);
    } catch (error) {
      this.#error("drivers", error);
    }
    try {
      // The ride the rider's screen fetched over HTTP: known to the socket from now on.
      const ride = await getActiveRideOf(this.deps.kv, this.tenant, client.userId);
      if (ride && !client.closed && !client.seen.has(ride.id)) client.seen.set(ride.id, ride);
      await this.#sendLocations([client]);
    } catch (error) {
      this.#error("locations", error);
    }
  }

  /**
   * Which of these drivers' vehicles take a wheelchair, from one
   * read of their states: read as a driver's socket joins, and again whenever
   * the vehicles doorbell rings (kv/feed.ts bumpVehicles).
   */
  async readVehicles(clients: Client[]): Promise<void> {
    if (clients.length === 0) return;
    const accessible = await accessibleAmong(this.deps.kv, this.tenant, [...new Set(clients.map((c) => c.userId))]);
    for (const client of clients) client.wheelchairAccessible = accessible.has(client.userId);
  }

  #riderClients(): Client[] {
    return [...this.riders.values()].flatMap((set) => [...set]);
  }

  /**
   * Sends each of `clients` whose ride is tracked (accepted, on the way,
   * aboard: lib/eta.ts) where its driver is and the minutes to go, from one
   * read of those drivers; a socket is not sent the same message twice.
   * Only the ride's own rider's sockets are ever sent its driver's position.
   */
  async #sendLocations(clients: Client[]): Promise<void> {
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
      const states = await this.deps.kv.getMany<DriverState[]>(batch.map((id) => keys.driver(this.tenant, id)));
      batch.forEach((id, j) => where.set(id, states[j].value?.location ?? null));
    }
    const deps = { kv: this.deps.kv, clock: this.deps.clock, eta: this.deps.eta ?? estimateSource };
    for (const { client, ride } of tracked) {
      const at = where.get(ride.assignedDriverId!) ?? null;
      if (!at || client.closed) continue;
      const { etaMinutes, lateMinutes } = await trackRide(deps, ride, at);
      const text = JSON.stringify({ type: "driver-location", rideId: ride.id, location: at, etaMinutes, lateMinutes });
      if (client.locationText === text) continue;
      client.locationText = text;
      client.send(text);
    }
  }

  /**
   * The tenant's record was written: when what screens show of it
   * (its name, status and service area) changed, every socket of the room
   * hears it once; a change of anything else (its text budget, its contacts)
   * sends nothing.
   */
  #tenantChanged(tenant: Tenant | null, first: boolean): void {
    if (!tenant) return;
    const text = tenantMessage(tenant);
    if (text === this.#tenantText) return;
    this.#tenantText = text;
    // The record as the watch started: the screens were drawn from it.
    if (first) return;
    for (const client of this.clients()) client.send(text);
  }

  async #fanOut(entry: FeedEntry): Promise<void> {
    const { ride } = entry;
    const stamp = ++this.#stamp;
    const text = JSON.stringify({ type: entry.type, ride });
    const everyone = toldEveryDriver(entry);
    // Who is told is settled now: a socket joining while the sends below yield was not here at this stamp.
    const drivers = everyone ? [...this.drivers] : [...this.#admins];
    if (everyone) {
      if (ride.status === "pending") this.#pendingTold.set(ride.id, { ride, stamp });
      else this.#pendingTold.delete(ride.id);
    }
    if (isActive(ride.status)) this.#activeTold.set(ride.id, { ride, stamp });
    else this.#activeTold.delete(ride.id);
    // The driver it is assigned to keeps it in their own list while it is active.
    for (const client of this.#driversByUser.get(ride.assignedDriverId ?? "") ?? []) {
      if (!everyone || !offeredTo(ride, client.wheelchairAccessible)) client.send(text);
      track(client, ride);
    }
    for (const client of this.riders.get(ride.creatorId) ?? []) {
      if (!shouldTell(client, entry)) continue;
      client.send(text);
      track(client, ride);
      // Accepted, on the way or aboard: the rider's map shows the driver from now.
      if (isTracked(ride)) this.#driverLocations.trigger();
    }
    // Every driver (a wheelchair ride only to vehicles that take one) or only the admins. A big tenant's
    // thousands of sends yield between batches, so requests and the other isolates' notes are not held up behind them.
    for (let i = 0; i < drivers.length; i += SEND_BATCH) {
      if (i > 0) await nextImmediate();
      for (const client of drivers.slice(i, i + SEND_BATCH)) {
        if (!everyone || client.everything || offeredTo(ride, client.wheelchairAccessible)) client.send(text);
      }
    }
  }

  /** The rides a socket was told about and may still show: its own, and the room's newer than its joining. */
  #toldTo(client: Client): Map<string, Ride> {
    const told = new Map(client.seen);
    if (client.kind === "riders") return told;
    const since = this.#joinedAt.get(client) ?? 0;
    for (const [id, t] of client.everything ? this.#activeTold : this.#pendingTold) {
      if (t.stamp > since && (client.everything || offeredTo(t.ride, client.wheelchairAccessible))) {
        told.set(id, t.ride);
      }
    }
    return told;
  }

  /**
   * Entries expired unread: sends every socket its list as it stands now (as
   * updates), and the current record of each ride it was told about that has
   * since left its list, so the client drops it.
   */
  async #resync(): Promise<void> {
    // One read of the tenant's active rides serves every socket: a rider's is the one they created.
    const active = this.drivers.size + this.riders.size > 0 ? await listActiveRides(this.deps.kv, this.tenant) : [];
    const byId = new Map(active.map((r) => [r.id, r]));
    const told = new Map([...this.drivers].map((client) => [client, this.#toldTo(client)]));
    // From here every driver socket has been told the lists as they stand.
    const stamp = ++this.#stamp;
    this.#pendingTold = new Map(active.filter((r) => r.status === "pending").map((ride) => [ride.id, { ride, stamp }]));
    this.#activeTold = new Map(active.map((ride) => [ride.id, { ride, stamp }]));
    for (const [client, seen] of told) {
      if (client.closed) continue;
      const current = active.filter((r) => inList(client, r));
      // What is theirs alone stays with the socket; the rest the room keeps.
      client.seen = new Map(
        client.everything ? [] : current.filter((r) => r.status !== "pending").map((r) => [r.id, r]),
      );
      await this.#resyncClient(client, seen, current, byId);
    }
    const byRider = new Map(active.map((r) => [r.creatorId, r]));
    for (const [userId, set] of [...this.riders]) {
      const ride = byRider.get(userId) ?? null;
      for (const client of [...set]) {
        const seen = this.#toldTo(client);
        client.seen = new Map(ride ? [[ride.id, ride]] : []);
        await this.#resyncClient(client, seen, ride ? [ride] : [], byId);
      }
    }
  }

  async #resyncClient(
    client: Client,
    seen: Map<string, Ride>,
    current: Ride[],
    known: Map<string, Ride>,
  ): Promise<void> {
    const ids = new Set(current.map((r) => r.id));
    const left: Ride[] = [];
    for (const [id, told] of seen) {
      if (ids.has(id)) continue;
      const now = this.deps.clock.now();
      // Gone from KV (deleted): it leaves lists as canceled, as deleteRide's feed entry says.
      left.push(
        known.get(id) ?? await getRide(this.deps.kv, this.tenant, id) ??
          { ...told, status: "canceled", canceledAt: now, updatedAt: now },
      );
    }
    for (const ride of [...left, ...current]) client.send(JSON.stringify({ type: "update", ride }));
  }

  #broadcastDrivers(): Promise<void> {
    const riders = [...this.riders.values()].flatMap((set) => [...set]);
    return riders.length > 0 ? this.#sendDrivers(riders) : Promise.resolve();
  }

  /**
   * Reads the available drivers and sends them to `clients`. Reads are
   * numbered: a client never gets a read older than one it already has, nor
   * the same list twice in a row.
   */
  async #sendDrivers(clients: Client[]): Promise<void> {
    const ticket = ++this.#driversTicket;
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

  /**
   * Every recheckMs: drops sockets whose session was revoked or whose role
   * was removed (HTTP checks these on every call; a socket on this tick), and
   * re-reads the drivers, who drop out of the list when their location is
   * stale without any write ringing the doorbell.
   */
  async #recheck(): Promise<void> {
    if (this.#checking) return; // the previous round is still going
    this.#checking = true;
    if (this.riders.size > 0) this.#driverUpdates.trigger();
    try {
      for (const client of [...this.clients()]) {
        if (this.#stopped) return;
        if (client.closed) continue;
        try {
          const deps = { kv: this.deps.kv, now: this.deps.clock.now() };
          if (!await stillAllowed(deps, this.tenant, client.kind, client)) {
            this.deps.drop(client, CLOSE.policy, "Access revoked");
          }
        } catch (error) {
          this.#error("recheck", error);
        }
      }
    } finally {
      this.#checking = false;
    }
  }

  #error(stage: string, error: unknown, attempt?: number): void {
    this.deps.log({
      event: "live.error",
      level: "error",
      tenant: this.tenant,
      stage,
      attempt,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }
}

/** Resolves after the event loop's next turn: whatever became ready before (an answer to send) goes first. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Sends between two yields of a fan-out: about 4 ms of a core at 15 µs a send. */
const SEND_BATCH = 250;

/** Yields to waiting I/O without a timer's 4 ms clamp (setTimeout nested in a loop is clamped). */
function nextImmediate(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Keeps `client.seen` to the rides in its list after this change. */
function track(client: Client, ride: Ride): void {
  if (inList(client, ride)) client.seen.set(ride.id, ride);
  else client.seen.delete(ride.id);
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
