/**
 * The browser side of the live sockets (spec section 7, docs/live.md):
 * `/{tenant}/ws/riders|drivers?token=…`, reconnecting with backoff, with a
 * `connected` flag the rider screen uses to poll while the socket is down.
 *
 * - Every open (the first and each reconnect) calls `onOpen`: the screen
 *   refetches its lists then, and misses nothing (the server queues changes
 *   from the moment it accepts the socket).
 * - 1008 (refused: token, role) is an access restriction: logged, and no
 *   retry, since the same token would be refused again. 1011 (the server's
 *   check failed) is logged the same way, then retried with backoff.
 * - Any other close (1001 ping timeout, 1013 too slow, a network drop)
 *   reconnects with backoff: 1 s doubling to 30 s, with jitter, so a server
 *   restart is not met by every phone at once.
 * - A heartbeat ({type:"ping"} every 25 s, answered by {type:"pong"}) finds a
 *   dead connection a phone has not noticed (network switch, sleep).
 *
 * Browser-only: the hook opens the socket in an effect.
 */
import { useEffect, useRef, useState } from "react";
import type { AvailableDriver } from "../kv/drivers.ts";
import type { Ride } from "../kv/rides.ts";
import { getToken } from "./auth_client.ts";

export type LiveKind = "riders" | "drivers";

export type LiveMessage =
  | { type: "new" | "update"; ride: Ride }
  | { type: "driver-updates"; drivers: AvailableDriver[] };

export const ACCESS_RESTRICTED = [1008, 1011] as const;
export const HEARTBEAT_MS = 25_000;
/** How long after a ping a silent socket is given up. */
export const HEARTBEAT_GRACE_MS = 10_000;

export function liveUrl(tenant: string, kind: LiveKind, token: string, where: { protocol: string; host: string }) {
  const scheme = where.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${where.host}/${encodeURIComponent(tenant)}/ws/${kind}?token=${encodeURIComponent(token)}`;
}

/** Wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … 30 s, each ±20%. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Parses a server message; null for anything this client does not know. */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== "string") return null;
  let msg: { type?: unknown; ride?: unknown; drivers?: unknown };
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
  return null;
}

export interface LiveOptions {
  tenant: string;
  kind: LiveKind;
  onMessage(message: LiveMessage): void;
  /** After each open, first and reconnects: refetch what the socket reports changes to. */
  onOpen?(): void;
  onConnectedChange?(connected: boolean): void;
  log?(text: string): void;
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

  constructor(private readonly opts: LiveOptions) {}

  start(): void {
    this.#connect();
  }

  get connected(): boolean {
    return this.#connected;
  }

  /** Reconnects now if the socket is down and waiting (the phone came back online, the tab was shown). */
  nudge(): void {
    if (this.#stopped || this.#ws || this.#retry === undefined) return;
    clearTimeout(this.#retry);
    this.#retry = undefined;
    this.#attempt = 0;
    this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#retry);
    this.#drop(1000, "Page closed");
  }

  #connect(): void {
    if (this.#stopped) return;
    const token = getToken();
    if (!token) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(liveUrl(this.opts.tenant, this.opts.kind, token, location));
    } catch (error) {
      this.#log(`could not open: ${error instanceof Error ? error.message : String(error)}`);
      this.#schedule();
      return;
    }
    this.#ws = ws;
    ws.onopen = () => {
      this.#attempt = 0;
      this.#setConnected(true);
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
      if (code === 1008) return;
    }
    this.#schedule();
  }

  #schedule(): void {
    if (this.#stopped) return;
    const delay = backoffDelay(this.#attempt++);
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#connect();
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

  #log(text: string): void {
    (this.opts.log ?? ((t: string) => console.warn(t)))(`live ${this.opts.kind} socket: ${text}`);
  }
}

/**
 * Keeps a live socket open while the component is mounted. Handlers may
 * change between renders (they are read through a ref); the socket is
 * reopened only when the tenant or kind changes.
 */
export function useLiveSocket(
  { tenant, kind, onMessage, onOpen, enabled = true }: {
    tenant: string;
    kind: LiveKind;
    onMessage(message: LiveMessage): void;
    onOpen?(): void;
    enabled?: boolean;
  },
): { connected: boolean } {
  const [connected, setConnected] = useState(false);
  const handlers = useRef({ onMessage, onOpen });
  handlers.current = { onMessage, onOpen };
  useEffect(() => {
    if (!enabled) return;
    const conn = new LiveConnection({
      tenant,
      kind,
      onMessage: (m) => handlers.current.onMessage(m),
      onOpen: () => handlers.current.onOpen?.(),
      onConnectedChange: setConnected,
    });
    conn.start();
    const nudge = () => {
      if (document.visibilityState !== "hidden") conn.nudge();
    };
    addEventListener("online", nudge);
    document.addEventListener("visibilitychange", nudge);
    return () => {
      removeEventListener("online", nudge);
      document.removeEventListener("visibilitychange", nudge);
      conn.stop();
      setConnected(false);
    };
  }, [tenant, kind, enabled]);
  return { connected };
}

/** Calls `fn` every `ms` while `active` (the rider polls while the socket is down, spec section 9). */
export function usePolling(fn: () => void, ms: number, active: boolean): void {
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => latest.current(), ms);
    return () => clearInterval(timer);
  }, [ms, active]);
}

/** The time now, renewed every `ms`, so relative times ("2 minutes ago") move on by themselves. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
