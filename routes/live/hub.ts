/**
 * The socket registry: one Room (and so one KV watch) per tenant with
 * connected sockets, created by the first socket and stopped with the last.
 * One AccessWatch per hub while it has sockets closes, at once, those of a
 * session that ended or of a user whose role was taken away.
 * Logs live.connect / live.disconnect and counts open sockets for metrics.
 */
import type { AccessChange } from "../../kv/access_changes.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/log.ts";
import type { EtaSource } from "../../lib/routing.ts";
import { AccessWatch } from "./access_watch.ts";
import { CLOSE, stillAllowed } from "./admission.ts";
import { Client, type LiveSocket } from "./client.ts";
import { OpenCounts } from "./open_counts.ts";
import { Room } from "./room.ts";
import { DEFAULT_LIVE_SETTINGS, DEFAULT_SOCKETS_PER_ADDRESS, type LiveSettings } from "./settings.ts";
import type { SocketKind } from "./visibility.ts";

export interface LiveStats {
  /** Open sockets by kind. */
  riders: number;
  drivers: number;
  /** KV watch loops running (one per tenant with sockets; a stopping one counts until it has ended). */
  watchers: number;
}

export interface HubDeps {
  kv: Deno.Kv;
  clock: Clock;
  log: Logger;
  /** Arrival times for the riders' driver-location messages; the estimate when omitted. */
  eta?: EtaSource;
}

const hubsByStore = new WeakMap<Deno.Kv, Set<LiveHub>>();

/** Open sockets and watchers of every hub serving this store (the app's deps.kv), for metrics. */
export function liveStats(kv: Deno.Kv): LiveStats {
  const total: LiveStats = { riders: 0, drivers: 0, watchers: 0 };
  for (const hub of hubsByStore.get(kv) ?? []) {
    const s = hub.stats();
    total.riders += s.riders;
    total.drivers += s.drivers;
    total.watchers += s.watchers;
  }
  return total;
}

/**
 * After closeAllLive: every hub serving this store stops counting its
 * sockets, so the places they held are free for the next process at once.
 */
export async function settleLive(kv: Deno.Kv): Promise<void> {
  await Promise.all([...hubsByStore.get(kv) ?? []].map((hub) => hub.openCounts.leases.retire()));
}

/**
 * Closes every socket of every hub serving this store with `code` (1001 on a
 * graceful shutdown) and stops their watches. Answers how many it closed.
 */
export function closeAllLive(kv: Deno.Kv, code: number = CLOSE.goingAway, reason = "Server shutting down"): number {
  let closed = 0;
  for (const hub of hubsByStore.get(kv) ?? []) closed += hub.closeAll(code, reason);
  return closed;
}

export class LiveHub {
  readonly settings: LiveSettings;
  /** Open sockets per session, user and address, counted in KV (the bounds hold across isolates). */
  readonly openCounts: OpenCounts;
  #rooms = new Map<string, Room>();
  #roomOf = new Map<Client, Room>();
  #open = { riders: 0, drivers: 0 };
  #opened = new Set<Client>();
  #watchers = 0;
  /** Clients by user id, for access changes. */
  #byUser = new Map<string, Set<Client>>();
  #access: AccessWatch | null = null;
  /** Connections between enter() and exit(): the access watch stays while any is under way. */
  #entering = 0;
  /** Access changes handed on while connections were being admitted, numbered, for join's check. */
  #recent: { seq: number; change: AccessChange }[] = [];
  #accessSeq = 0;

  constructor(private readonly deps: HubDeps, settings: Partial<LiveSettings> = {}) {
    this.settings = { ...DEFAULT_LIVE_SETTINGS, ...settings };
    this.openCounts = new OpenCounts(deps.kv, {
      perSession: this.settings.maxSocketsPerSession,
      perUser: this.settings.maxSocketsPerUser,
      perAddress: this.settings.maxSocketsPerAddress ?? DEFAULT_SOCKETS_PER_ADDRESS,
    }, { now: () => deps.clock.now(), onError: (error) => this.#logError("sockets", error) });
    const hubs = hubsByStore.get(deps.kv) ?? new Set();
    hubs.add(this);
    hubsByStore.set(deps.kv, hubs);
  }

  stats(): LiveStats {
    return { ...this.#open, watchers: this.#watchers };
  }

  /** Closes every socket with `code`; the last one of each tenant stops its watch. */
  closeAll(code: number, reason: string): number {
    const clients = [...this.#roomOf.keys()];
    for (const client of clients) this.leave(client, code, reason, { close: true });
    return clients.length;
  }

  /**
   * Call before checking a connection's credentials (and exit() after join or
   * refusal): starts the access watch if needed and answers a mark, so join
   * can tell whether an access change was handed on while it was admitted.
   * Throws when KV fails.
   */
  async enter(): Promise<number> {
    this.#entering++;
    const mark = this.#accessSeq;
    try {
      await this.#accessWatch().ready;
    } catch (error) {
      this.exit();
      throw error;
    }
    return mark;
  }

  exit(): void {
    this.#entering--;
    if (this.#entering === 0) this.#recent = [];
    this.#stopAccessIfIdle();
  }

  /**
   * Registers a socket about to be upgraded and waits until its tenant's watch
   * has read where it starts: every change committed after this resolves
   * reaches the socket. Throws when KV fails (the caller closes 1011).
   */
  async join(
    tenant: string,
    kind: SocketKind,
    userId: string,
    sessionId: string,
    { everything = false, mark }: { everything?: boolean; mark?: number } = {},
  ): Promise<Client> {
    const room = this.#rooms.get(tenant) ?? this.#createRoom(tenant);
    const client = new Client(
      tenant,
      kind,
      userId,
      sessionId,
      this.settings.maxBufferedBytes,
      (c, code, reason) => this.leave(c, code, reason, { close: true }),
    );
    client.everything = everything;
    room.add(client);
    this.#roomOf.set(client, room);
    const mine = this.#byUser.get(userId) ?? new Set();
    mine.add(client);
    this.#byUser.set(userId, mine);
    try {
      await room.watch.ready;
      // Whether this driver is offered wheelchair rides, known before the socket opens.
      if (kind === "drivers" && !everything) await room.readVehicles([client]);
    } catch (error) {
      if (this.#rooms.get(tenant) === room) this.#rooms.delete(tenant);
      this.leave(client, CLOSE.serverError, "Server error", { log: false });
      throw error;
    }
    // An access change heard while this connection was admitted may postdate what admission read.
    const heard = mark === undefined ? [] : this.#recent.filter((r) => r.seq > mark).map((r) => r.change);
    if (heard.some((change) => affects(change, client))) await this.#recheck(client, heard);
    const timer = setTimeout(() => {
      if (!client.socket) this.leave(client, CLOSE.goingAway, "Never opened");
    }, this.settings.openTimeoutMs);
    Deno.unrefTimer(timer);
    return client;
  }

  /** The socket opened: sends what queued, greets riders with the available drivers. */
  open(client: Client, socket: LiveSocket): void {
    if (client.closed) {
      socket.close(client.closeCode, client.closeReason);
      return;
    }
    client.attach(socket);
    if (client.closed) return; // the queue was too long
    this.#opened.add(client);
    this.#open[client.kind]++;
    this.deps.log({ event: "live.connect", tenant: client.tenant, userId: client.userId, kind: client.kind });
    this.#roomOf.get(client)?.greet(client);
  }

  /** Forgets the client (once); with `close`, closes its socket with `code`. Stops the watch with the last socket. */
  leave(
    client: Client,
    code: number,
    reason = "",
    { close = false, log = true }: { close?: boolean; log?: boolean } = {},
  ): void {
    if (client.closed) return;
    client.closed = true;
    client.closeCode = code;
    client.closeReason = reason;
    client.seen.clear();
    if (this.#opened.delete(client)) this.#open[client.kind]--;
    const room = this.#roomOf.get(client);
    this.#roomOf.delete(client);
    const mine = this.#byUser.get(client.userId);
    mine?.delete(client);
    if (mine?.size === 0) this.#byUser.delete(client.userId);
    this.#stopAccessIfIdle();
    if (room) {
      room.remove(client);
      if (room.size === 0) {
        room.stop();
        if (this.#rooms.get(room.tenant) === room) this.#rooms.delete(room.tenant);
      }
    }
    if (close && client.socket) {
      try {
        client.socket.close(code, reason);
      } catch { /* already closing */ }
    }
    if (log) {
      this.deps.log({
        event: "live.disconnect",
        level: code === CLOSE.serverError ? "error" : "info",
        tenant: client.tenant,
        userId: client.userId,
        kind: client.kind,
        code,
      });
    }
  }

  #accessWatch(): AccessWatch {
    this.#access ??= new AccessWatch(this.deps.kv, {
      pollMs: this.settings.accessPollMs,
      onChanges: (changes) => this.#heard(changes),
      onError: (error) => this.#logError("access", error),
    });
    return this.#access;
  }

  #stopAccessIfIdle(): void {
    if (this.#roomOf.size > 0 || this.#entering > 0 || !this.#access) return;
    this.#access.stop();
    this.#access = null;
  }

  /** Access changes from the watch: the sockets they name are closed (a logout) or checked again. */
  #heard(changes: AccessChange[]): void {
    for (const change of changes) {
      if (this.#entering > 0) this.#recent.push({ seq: ++this.#accessSeq, change });
      for (const client of [...this.#byUser.get(change.userId) ?? []]) {
        if (affects(change, client)) void this.#recheck(client, [change]);
      }
    }
  }

  /**
   * Closes `client` with 1008 when one of `changes` ended its own session
   * (no read needed: sessions never come back), else when a fresh read of
   * its session and roles no longer lets it in; with 1012 (reconnect) when
   * the person gained rights, so the socket they open again carries them.
   */
  async #recheck(client: Client, changes: AccessChange[]): Promise<void> {
    if (client.closed) return;
    if (changes.some((c) => c.sessionId === client.sessionId)) {
      this.leave(client, CLOSE.policy, "Signed out", { close: true });
      return;
    }
    try {
      const deps = { kv: this.deps.kv, now: this.deps.clock.now() };
      if (!await stillAllowed(deps, client.tenant, client.kind, client)) {
        this.leave(client, CLOSE.policy, "Access revoked", { close: true });
      } else if (changes.some((c) => c.widened)) {
        this.leave(client, CLOSE.serviceRestart, "Access changed", { close: true });
      }
    } catch (error) {
      this.#logError("access", error); // the 60 s re-check tries again
    }
  }

  #logError(stage: string, error: unknown): void {
    this.deps.log({
      event: "live.error",
      level: "error",
      stage,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }

  #createRoom(tenant: string): Room {
    const room = new Room(tenant, {
      ...this.deps,
      settings: this.settings,
      drop: (client, code, reason) => this.leave(client, code, reason, { close: true }),
    });
    this.#rooms.set(tenant, room);
    this.#watchers++;
    room.watch.done.finally(() => this.#watchers--);
    return room;
  }
}

/** Whether the change may concern this client: its user, and its session or tenant when the change names one. */
function affects(change: AccessChange, client: Client): boolean {
  if (change.userId !== client.userId) return false;
  if (change.sessionId) return change.sessionId === client.sessionId;
  return !change.tenant || change.tenant === client.tenant;
}
