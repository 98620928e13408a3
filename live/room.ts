/**
 * The sockets of one tenant and the one feed watch serving them. The room
 * wires the watch's doorbells to its jobs, each in a file of its own:
 * joining and leaving (room_members.ts), sending each change to who may see
 * it (fan_out.ts, with told_lists.ts keeping what drivers and admins were
 * told once for the room), resending the lists when entries expired unread
 * (resync.ts), what riders and drivers are shown of the drivers
 * (driver_news.ts, paced by throttle.ts), the fleet doorbell of the scope=all
 * sockets (fleet_news.ts) and the periodic access check
 * (access_recheck.ts).
 */
import type { Store } from "../kv/store.ts";
import type { FeedWatch } from "../kv/feed_watch.ts";
import { watchFeed } from "../kv/feed_watch.ts";
import { getActiveRideOf } from "../kv/rides.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/log.ts";
import type { EtaSource } from "../lib/routing.ts";
import type { Tenant } from "../lib/schemas.ts";
import { tenantMessage } from "../lib/tenant_view.ts";
import { recheckAccess } from "./access_recheck.ts";
import type { Client } from "./client.ts";
import { AvailableDrivers, readVehicles, sendLocations } from "./driver_news.ts";
import { fanOut } from "./fan_out.ts";
import { FleetNews } from "./fleet_news.ts";
import { resync } from "./resync.ts";
import { RoomMembers } from "./room_members.ts";
import type { LiveSettings } from "./settings.ts";
import { coalesce, type Coalescer } from "./throttle.ts";
import { ToldLists } from "./told_lists.ts";

export interface RoomDeps {
  kv: Store;
  clock: Clock;
  log: Logger;
  eta?: EtaSource;
  settings: LiveSettings;
  /** Removes a client from the hub and closes its socket with `code`. */
  drop(client: Client, code: number, reason: string): void;
}

export class Room {
  readonly #members = new RoomMembers();
  readonly #told = new ToldLists();
  readonly watch: FeedWatch;
  readonly #availableDrivers: AvailableDrivers;
  #driverUpdates: Coalescer;
  #driverLocations: Coalescer;
  #vehicles: Coalescer;
  #fleet: FleetNews;
  #tick: ReturnType<typeof setInterval>;
  /** The last tenant message: what the room's screens show of the tenant. */
  #tenantText: string | null = null;
  #stopped = false;
  #checking = false;

  constructor(readonly tenant: string, private readonly deps: RoomDeps) {
    const { settings } = deps;
    this.#availableDrivers = new AvailableDrivers(deps, tenant);
    this.#driverUpdates = coalesce(() => this.#broadcastDrivers(), settings.driverUpdatesMs, {
      onError: (error) => this.#error("drivers", error),
    });
    this.#driverLocations = coalesce(
      () => sendLocations(deps, tenant, this.#members.riderClients()),
      settings.driverLocationMs,
      { onError: (error) => this.#error("locations", error) },
    );
    this.#vehicles = coalesce(() => this.readVehicles(this.#members.plainDrivers()), settings.driverUpdatesMs, {
      onError: (error) => this.#error("vehicles", error),
    });
    this.#fleet = new FleetNews(this.#members, settings.fleetMs, (error) => this.#error("fleet", error));
    this.watch = watchFeed(deps.kv, tenant, {
      entries: async (entries) => {
        // The request that made the change answers first: sending to a thousand sockets takes
        // milliseconds, and without this turn the answer sometimes waited behind all of them.
        await nextTurn();
        for (const entry of entries) {
          await fanOut(this.#members, this.#told, entry, () => this.#driverLocations.trigger());
        }
      },
      resync: () => resync(deps, tenant, this.#members, this.#told),
      drivers: () => {
        this.#driverUpdates.trigger();
        if (this.#members.riders.size > 0) this.#driverLocations.trigger();
        this.#fleet.changed();
      },
      // What a driver's vehicle takes may have changed: their word, their vehicle, or the vehicle's spaces.
      vehicles: () => {
        if (this.#members.driversByUser.size > 0) this.#vehicles.trigger();
        this.#fleet.changed();
      },
      tenant: (tenant, first) => this.#tenantChanged(tenant, first),
      error: (error, attempt) => this.#error("watch", error, attempt),
    }, { initialBackoffMs: settings.initialBackoffMs, maxBackoffMs: settings.maxBackoffMs });
    this.#tick = setInterval(() => this.#recheck(), settings.recheckMs);
  }

  get size(): number {
    return this.#members.size;
  }

  add(client: Client): void {
    this.#told.joined(client);
    this.#members.add(client);
  }

  remove(client: Client): void {
    this.#told.left(client);
    this.#members.remove(client);
  }

  stop(): void {
    this.#stopped = true;
    this.watch.stop();
    this.#driverUpdates.cancel();
    this.#driverLocations.cancel();
    this.#vehicles.cancel();
    this.#fleet.cancel();
    clearInterval(this.#tick);
  }

  /** Sends a newly opened rider socket the available drivers, and where their own driver is. */
  async greet(client: Client): Promise<void> {
    if (client.kind !== "riders") return;
    try {
      await this.#availableDrivers.send([client]);
    } catch (error) {
      this.#error("drivers", error);
    }
    try {
      // The ride the rider's screen fetched over HTTP: known to the socket from now on.
      const ride = await getActiveRideOf(this.deps.kv, this.tenant, client.userId);
      if (ride && !client.closed && !client.seen.has(ride.id)) client.seen.set(ride.id, ride);
      await sendLocations(this.deps, this.tenant, [client]);
    } catch (error) {
      this.#error("locations", error);
    }
  }

  /** Which of these drivers' vehicles take a wheelchair (driver_news.ts). */
  readVehicles(clients: Client[]): Promise<void> {
    return readVehicles(this.deps.kv, this.tenant, clients);
  }

  /**
   * The tenant's record was written: when what screens show of it (its name,
   * status and service area) changed, every socket of the room hears it once;
   * a change of anything else (its text budget, its contacts) sends nothing.
   */
  #tenantChanged(tenant: Tenant | null, first: boolean): void {
    if (!tenant) return;
    const text = tenantMessage(tenant);
    if (text === this.#tenantText) return;
    this.#tenantText = text;
    // The record as the watch started: the screens were drawn from it.
    if (first) return;
    for (const client of this.#members.all()) client.send(text);
  }

  #broadcastDrivers(): Promise<void> {
    const riders = this.#members.riderClients();
    return riders.length > 0 ? this.#availableDrivers.send(riders) : Promise.resolve();
  }

  /**
   * Every recheckMs: drops sockets that lost their access (access_recheck.ts),
   * and re-reads the drivers, who drop out of the list when their location is
   * stale without any write ringing the doorbell.
   */
  async #recheck(): Promise<void> {
    if (this.#checking) return; // the previous round is still going
    this.#checking = true;
    if (this.#members.riders.size > 0) this.#driverUpdates.trigger();
    try {
      const deps = { ...this.deps, error: (stage: string, error: unknown) => this.#error(stage, error) };
      await recheckAccess(deps, this.tenant, [...this.#members.all()], () => this.#stopped);
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
