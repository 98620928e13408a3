/**
 * The islands' hooks over the live sockets (spec section 7, docs/live.md):
 * `useLiveSocket` keeps a `LiveConnection` (browser/live_connection.ts: the
 * ticket, the reconnect loop, the heartbeat) open while a screen is mounted,
 * and redials at once when the phone comes back online or the tab is shown;
 * `usePolling` and `useNow` are the screens' timers. Browser-only: the
 * sockets and timers start in effects, never during render.
 *
 * The connection's own exports are re-exported here, so the screens and
 * tests import the live client from this one file.
 */
import { useEffect, useRef, useState } from "react";
import { LiveConnection, type LiveKind, type LiveMessage, type LiveScope, type LiveState } from "./live_connection.ts";

export {
  ACCESS_RESTRICTED,
  backoffDelay,
  HEARTBEAT_GRACE_MS,
  HEARTBEAT_MS,
  LiveConnection,
  type LiveKind,
  type LiveMessage,
  type LiveOptions,
  type LiveScope,
  type LiveState,
  liveUrl,
  parseLiveMessage,
  requestTicket,
  type Where,
} from "./live_connection.ts";

/**
 * Keeps a live socket open while the component is mounted. Handlers may
 * change between renders (they are read through a ref); the socket is
 * reopened only when the tenant or kind changes.
 */
export function useLiveSocket(
  { tenant, kind, scope, onMessage, onOpen, enabled = true }: {
    tenant: string;
    kind: LiveKind;
    scope?: LiveScope;
    onMessage(message: LiveMessage): void;
    onOpen?(): void;
    enabled?: boolean;
  },
): { connected: boolean; state: LiveState } {
  const [connected, setConnected] = useState(false);
  const [state, setState] = useState<LiveState>("connecting");
  const handlers = useRef({ onMessage, onOpen });
  handlers.current = { onMessage, onOpen };
  useEffect(() => {
    if (!enabled) return;
    const conn = new LiveConnection({
      tenant,
      kind,
      scope,
      onMessage: (m) => handlers.current.onMessage(m),
      onOpen: () => handlers.current.onOpen?.(),
      onConnectedChange: setConnected,
      onStateChange: setState,
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
      setState("connecting");
    };
  }, [tenant, kind, scope, enabled]);
  return { connected, state };
}

/** How often the rider and driver screens fetch again while their socket is down (spec section 9). */
export const POLL_WHILE_DOWN_MS = 15_000;

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
