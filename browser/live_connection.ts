/**
 * One live socket and its reconnect loop (spec section 7, docs/live.md):
 * `/{tenant}/ws/riders|drivers?ticket=…` (the admin trips screen adds
 * `scope=all`), reconnecting with backoff, with a `connected` flag the rider
 * screen uses to poll while the socket is down and a `LiveState` the admin
 * trips screen shows. The React hook around it is in browser/live_client.ts.
 *
 * - Before every open (the first and each reconnect) it asks for a fresh
 *   single-use ticket (`POST /{tenant}/api/ws-ticket`), so the long-lived
 *   token never appears in a URL. A 401 or 403 there ends the loop (signed
 *   out, or no longer a member); any other failure is retried with backoff.
 * - Every open (the first and each reconnect) calls `onOpen`: the screen
 *   refetches its lists then, and misses nothing (the server queues changes
 *   from the moment it accepts the socket).
 * - 1008 (refused: a role, too many sockets, signed out) is an access
 *   restriction: logged, and no retry, since the same person would be
 *   refused again. 1011 (the server's check failed) is logged the same way,
 *   then retried with backoff.
 * - Any other close (1001 ping timeout or server restart, 1006 a network drop
 *   or a ticket refused before the upgrade, 1012 the person's rights changed,
 *   1013 too slow) reconnects with full-jitter backoff (lib/backoff.ts: a
 *   random wait up to 1 s, 2 s, 4 s … 30 s), so a server restart is not met
 *   by every phone at once.
 * - A heartbeat ({type:"ping"} every 25 s, answered by {type:"pong"}) finds a
 *   dead connection a phone has not noticed (network switch, sleep).
 *
 * LiveConnection also runs under Deno given `where` and `ticket`
 * (tests/api/live_reconnect.test.ts).
 */
import type { AvailableDriver } from "../lib/drivers.ts";
import type { Point } from "../lib/geo.ts";
import type { Ride } from "../lib/rides.ts";
import type { TenantView } from "../lib/tenant_view.ts";
import { api, ApiError, getToken } from "./auth_client.ts";
import { fullJitter, RECONNECT_BACKOFF } from "../lib/backoff.ts";

export type LiveKind = "riders" | "drivers";
/** `all`: every ride of the tenant on the drivers socket (admins only, the trips screen). */
export type LiveScope = "all";
/**
 * What the socket is doing: dialling the first time, open, down and waiting
 * to redial, or refused for good (1008, or the ticket refused with 401/403).
 */
export type LiveState = "connecting" | "live" | "offline" | "refused";

export type LiveMessage =
  | { type: "new" | "update"; ride: Ride }
  | { type: "driver-updates"; drivers: AvailableDriver[] }
  | { type: "tenant"; tenant: TenantView }
  /** The scope=all sockets: a vehicle's position, availability or record changed (the dispatcher's console reads again). */
  | { type: "fleet" }
  | DriverLocation;

/** Where the rider's own driver is: only the ride's rider is sent it. */
export interface DriverLocation {
  type: "driver-location";
  rideId: string;
  location: Point;
  etaMinutes: number | null;
  lateMinutes: number | null;
}

export const ACCESS_RESTRICTED = [1008, 1011] as const;
export const HEARTBEAT_MS = 25_000;
/** How long after a ping a silent socket is given up. */
export const HEARTBEAT_GRACE_MS = 10_000;

export interface Where {
  protocol: string;
  host: string;
}

/** The socket's address with a token (a string: clients of the spec) or a single-use ticket (the islands). */
export function liveUrl(
  tenant: string,
  kind: LiveKind,
  credential: string | { ticket: string },
  where: Where,
  scope?: LiveScope,
) {
  const scheme = where.protocol === "https:" ? "wss:" : "ws:";
  const query = typeof credential === "string"
    ? `token=${encodeURIComponent(credential)}`
    : `ticket=${encodeURIComponent(credential.ticket)}`;
  return `${scheme}//${where.host}/${encodeURIComponent(tenant)}/ws/${kind}?${scope ? `scope=${scope}&` : ""}${query}`;
}

/** Wait before reconnect attempt `attempt` (0-based): random(0, min(30 s, 1 s · 2^attempt)). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  return fullJitter(attempt, { ...RECONNECT_BACKOFF, random });
}

/** A fresh socket ticket for the signed-in user; null when nobody is signed in. */
export async function requestTicket(tenant: string): Promise<string | null> {
  if (!getToken()) return null;
  const { ticket } = await api<{ ticket: string }>(`/${encodeURIComponent(tenant)}/api/ws-ticket`, {
    method: "POST",
    tenant,
  });
  return ticket;
}

/** Parses a server message; null for anything this client does not know. */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== "string") return null;
  let msg: {
    type?: unknown;
    ride?: unknown;
    drivers?: unknown;
    tenant?: unknown;
    rideId?: unknown;
    location?: unknown;
  };
  try {
    msg = JSON.parse(data);
  } catch {
    return null;
  }
  if ((msg?.type === "new" || msg?.type === "update") && typeof msg.ride === "object" && msg.ride) {
    return { type: msg.type, ride: msg.ride as Ride };
  }
  if (msg?.type === "driver-updates" && Array.isArray(msg.drivers)) {
    return { type: "driver-updates", drivers: msg.drivers as AvailableDriver[] };
  }
  if (msg?.type === "driver-location" && typeof msg.rideId === "string" && typeof msg.location === "object") {
    return msg as DriverLocation;
  }
  if (msg?.type === "fleet") return { type: "fleet" };
  if (msg?.type === "tenant" && typeof msg.tenant === "object" && msg.tenant) {
    return { type: "tenant", tenant: msg.tenant as TenantView };
  }
  return null;
}

export interface LiveOptions {
  tenant: string;
  kind: LiveKind;
  scope?: LiveScope;
  onMessage(message: LiveMessage): void;
  /** After each open, first and reconnects: refetch what the socket reports changes to. */
  onOpen?(): void;
  onConnectedChange?(connected: boolean): void;
  onStateChange?(state: LiveState): void;
  log?(text: string): void;
  /** Where the server is: the page's own location by default. */
  where?: Where;
  /** Answers a fresh ticket before each open (null: nobody signed in, give up); `requestTicket` by default. */
  ticket?(tenant: string): Promise<string | null>;
}

/** One socket and its reconnect loop. `stop()` ends both for good. */
export class LiveConnection {
  #ws: WebSocket | null = null;
  #attempt = 0;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #beat: ReturnType<typeof setInterval> | undefined;
  #deadline: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;
  #connected = false;
  #state: LiveState = "connecting";
  /** A ticket is being fetched: the next open is under way. */
  #dialing = false;

  constructor(private readonly opts: LiveOptions) {}

  start(): void {
    void this.#connect();
  }

  get connected(): boolean {
    return this.#connected;
  }

  get state(): LiveState {
    return this.#state;
  }

  /** Reconnects now if the socket is down and waiting (the phone came back online, the tab was shown). */
  nudge(): void {
    if (this.#stopped || this.#ws || this.#dialing || this.#retry === undefined) return;
    clearTimeout(this.#retry);
    this.#retry = undefined;
    this.#attempt = 0;
    void this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#retry);
    this.#drop(1000, "Page closed");
  }

  async #connect(): Promise<void> {
    if (this.#stopped || this.#dialing) return;
    this.#dialing = true;
    let ticket: string | null;
    try {
      ticket = await (this.opts.ticket ?? requestTicket)(this.opts.tenant);
    } catch (error) {
      if (this.#stopped) return;
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        this.#log(`access restricted (ticket refused with ${error.status})`);
        this.#setState("refused");
        return;
      }
      this.#log(`no ticket: ${error instanceof Error ? error.message : String(error)}`);
      this.#schedule();
      return;
    } finally {
      this.#dialing = false;
    }
    if (this.#stopped || !ticket) return;
    let ws: WebSocket;
    try {
      const { tenant, kind, scope, where } = this.opts;
      ws = new WebSocket(liveUrl(tenant, kind, { ticket }, where ?? location, scope));
    } catch (error) {
      this.#log(`could not open: ${error instanceof Error ? error.message : String(error)}`);
      this.#schedule();
      return;
    }
    this.#ws = ws;
    ws.onopen = () => {
      this.#attempt = 0;
      this.#setConnected(true);
      this.#setState("live");
      this.#startHeartbeat();
      this.opts.onOpen?.();
    };
    ws.onmessage = (event) => {
      clearTimeout(this.#deadline);
      const message = parseLiveMessage(event.data);
      if (message) this.opts.onMessage(message);
    };
    ws.onclose = (event) => this.#closed(event.code);
    // An error is always followed by a close event, which decides what happens next.
    ws.onerror = () => {};
  }

  #closed(code: number): void {
    this.#detach();
    this.#setConnected(false);
    if (this.#stopped) return;
    if ((ACCESS_RESTRICTED as readonly number[]).includes(code)) {
      this.#log(`access restricted (close code ${code})`);
      if (code === 1008) return this.#setState("refused");
    }
    this.#schedule();
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#setState("offline");
    const delay = backoffDelay(this.#attempt++);
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.#connect();
    }, delay);
  }

  #startHeartbeat(): void {
    clearInterval(this.#beat);
    this.#beat = setInterval(() => {
      const ws = this.#ws;
      if (!ws || ws.readyState !== WebSocket.OPEN) return;
      ws.send('{"type":"ping"}');
      clearTimeout(this.#deadline);
      this.#deadline = setTimeout(() => {
        // No answer: the line is dead though the browser has not noticed. Give up on it and dial again.
        this.#log("no answer to ping; reconnecting");
        this.#drop(4000, "No pong");
        this.#setConnected(false);
        this.#schedule();
      }, HEARTBEAT_GRACE_MS);
    }, HEARTBEAT_MS);
  }

  #drop(code: number, reason: string): void {
    const ws = this.#ws;
    this.#detach();
    if (ws && ws.readyState !== WebSocket.CLOSED && ws.readyState !== WebSocket.CLOSING) {
      try {
        ws.close(code, reason);
      } catch {
        // Closing a socket that never opened may throw in some browsers; it is gone either way.
      }
    }
  }

  #detach(): void {
    clearInterval(this.#beat);
    clearTimeout(this.#deadline);
    const ws = this.#ws;
    if (ws) {
      ws.onopen =
        ws.onmessage =
        ws.onclose =
        ws.onerror =
          null;
    }
    this.#ws = null;
  }

  #setConnected(connected: boolean): void {
    if (this.#connected === connected) return;
    this.#connected = connected;
    this.opts.onConnectedChange?.(connected);
  }

  #setState(state: LiveState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.opts.onStateChange?.(state);
  }

  #log(text: string): void {
    (this.opts.log ?? ((t: string) => console.warn(t)))(`live ${this.opts.kind} socket: ${text}`);
  }
}
