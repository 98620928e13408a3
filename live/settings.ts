/** The live sockets' limits and timings; tests shorten them. */
export interface LiveSettings {
  /**
   * Deno.upgradeWebSocket's idleTimeout, in seconds: after half of it with
   * nothing received Deno sends a protocol ping (browsers answer with a pong
   * by themselves), and closes the socket with 1001 when nothing arrives by
   * the end of it.
   */
  idleTimeoutSeconds: number;
  /** Unsent bytes a socket may hold before it is dropped with 1013. */
  maxBufferedBytes: number;
  /**
   * Open sockets at once per session, per user and per client address, counted in KV for every isolate; past them
   * a new socket closes 1008 (live/open_counts.ts).
   */
  maxSocketsPerSession: number;
  maxSocketsPerUser: number;
  /** Default: SOCKETS_PER_ADDRESS (100). */
  maxSocketsPerAddress?: number;
  /** Largest message a client may send; bigger closes 1009. */
  maxIncomingBytes: number;
  /** Messages a client may send at once (a token bucket's size); beyond the bucket closes 1008. */
  messageBurst: number;
  /** Messages a second the bucket refills: a client's sustained rate. */
  messagesPerSecond: number;
  /** How often the access head is read besides its watch, for changes made by another process (the admin CLI). */
  accessPollMs: number;
  /** At most one driver-updates per tenant per this window. */
  driverUpdatesMs: number;
  /** At most one fleet message to the tenant's scope=all sockets per this window (live/fleet_news.ts). */
  fleetMs: number;
  /** At most one driver-location per rider socket per this window (2 s). */
  driverLocationMs: number;
  /** How often sessions and roles of open sockets are re-read, and the driver list refreshed. */
  recheckMs: number;
  /** A socket admitted but not opened by then is forgotten. */
  openTimeoutMs: number;
  initialBackoffMs: number;
  maxBackoffMs: number;
}

/** SOCKETS_PER_ADDRESS's default (lib/config.ts). */
export const DEFAULT_SOCKETS_PER_ADDRESS = 100;

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  idleTimeoutSeconds: 50,
  maxBufferedBytes: 1024 * 1024,
  maxSocketsPerSession: 5,
  maxSocketsPerUser: 10,
  maxIncomingBytes: 64 * 1024,
  messageBurst: 20,
  messagesPerSecond: 5,
  accessPollMs: 5000,
  driverUpdatesMs: 1000,
  fleetMs: 1000,
  driverLocationMs: 2000,
  recheckMs: 60_000,
  openTimeoutMs: 30_000,
  initialBackoffMs: 250,
  maxBackoffMs: 10_000,
};
