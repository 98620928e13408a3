/**
 * Fakes at the wire for the map screens in happy-dom: a WebSocket class that
 * records every socket the page opens and lets the test play the server, and
 * a navigator.geolocation that hands out fixes on demand.
 */
import { act } from "@testing-library/react";
import { vi } from "vitest";

export class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];

  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  sent: string[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  /** Whether the "server" answers {type:"ping"} with {type:"pong"}, as the real one does. */
  answersPings = true;

  send(data: string) {
    if (this.readyState !== 1) throw new Error("not open");
    this.sent.push(data);
    if (this.answersPings && data === '{"type":"ping"}') {
      Promise.resolve().then(() => this.onmessage?.(new MessageEvent("message", { data: '{"type":"pong"}' })));
    }
  }

  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  // ---- The server's side ----

  /** The server accepts the socket. */
  accept() {
    act(() => {
      this.readyState = 1;
      this.onopen?.(new Event("open"));
    });
  }

  /** The server sends a JSON message. */
  push(message: unknown) {
    act(() => this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(message) })));
  }

  /** The server (or the network) closes the socket with `code`. */
  drop(code: number) {
    act(() => {
      this.readyState = 3;
      this.onclose?.(new CloseEvent("close", { code }));
    });
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error("no socket was opened");
    return socket;
  }

  static reset() {
    FakeSocket.all = [];
  }
}

export function stubSockets() {
  FakeSocket.reset();
  vi.stubGlobal("WebSocket", FakeSocket);
}

export interface FakeGeolocation {
  /** Options of every watchPosition call. */
  watches: { options?: PositionOptions; active: boolean }[];
  /** A fix for every active watch. */
  fix(lat: number, lng: number, accuracy?: number): void;
  /** An error for every active watch. */
  fail(code: number, message: string): void;
}

/** Replaces navigator.geolocation; `null` removes it (a browser without geolocation). */
export function stubGeolocation(present = true): FakeGeolocation {
  const watchers: { ok: PositionCallback; fail?: PositionErrorCallback | null }[] = [];
  const geo: FakeGeolocation = {
    watches: [],
    fix(lat, lng, accuracy = 5) {
      const pos = { coords: { latitude: lat, longitude: lng, accuracy }, timestamp: Date.now() } as GeolocationPosition;
      act(() => watchers.forEach((w, i) => geo.watches[i].active && w.ok(pos)));
    },
    fail(code, message) {
      const err = {
        code,
        message,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError;
      act(() => watchers.forEach((w, i) => geo.watches[i].active && w.fail?.(err)));
    },
  };
  const api = {
    watchPosition(ok: PositionCallback, fail?: PositionErrorCallback | null, options?: PositionOptions) {
      watchers.push({ ok, fail });
      geo.watches.push({ options, active: true });
      return watchers.length - 1;
    },
    clearWatch(id: number) {
      if (geo.watches[id]) geo.watches[id].active = false;
    },
    getCurrentPosition() {},
  };
  Object.defineProperty(navigator, "geolocation", {
    value: present ? api : undefined,
    configurable: true,
    writable: true,
  });
  return geo;
}

/** Removes the stub again, so happy-dom's own navigator shows. */
export function restoreGeolocation() {
  // deno-lint-ignore no-explicit-any
  delete (navigator as any).geolocation;
}
