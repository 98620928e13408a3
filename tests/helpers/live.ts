/** A real server for socket tests, socket clients that record what they get, and polling waits. */
import type { Store } from "../../kv/store.ts";
import type { Ride } from "../../lib/rides.ts";
import type { LiveSocket } from "../../live/client.ts";

export interface LiveServer {
  /** ws://127.0.0.1:port + path */
  ws(path: string): string;
  http(path: string): string;
  stop(): Promise<void>;
}

/** Serves `app` on a free local port (docs/conventions.md, "Tests": a real Deno.serve). */
export function serve(
  app: { fetch(req: Request, info: Deno.ServeHandlerInfo): Response | Promise<Response> },
): LiveServer {
  const stopper = new AbortController();
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: stopper.signal, onListen() {} },
    (req, info) => app.fetch(req, info),
  );
  const base = `127.0.0.1:${server.addr.port}`;
  return {
    ws: (path) => `ws://${base}${path}`,
    http: (path) => `http://${base}${path}`,
    async stop() {
      stopper.abort();
      await server.finished;
    },
  };
}

export type LiveMessage =
  | { type: "new" | "update"; ride: Ride }
  | { type: "driver-updates"; drivers: { id: string; name: string | null; location: { lat: number; lng: number } }[] }
  | { type: "fleet" }
  | { type: "pong" };

/** A socket client keeping every message (raw text and parsed), with its arrival time. */
export class LiveClient {
  readonly socket: WebSocket;
  readonly texts: string[] = [];
  readonly messages: LiveMessage[] = [];
  readonly times: number[] = [];
  readonly opened: Promise<boolean>;
  readonly closed: Promise<{ code: number; reason: string }>;
  closeCode: number | null = null;

  /** `init.headers` (a Deno extension) sets request headers such as a page's Origin. */
  constructor(url: string, init?: { headers: Record<string, string> }) {
    this.socket = init ? new WebSocket(url, init as unknown as string[]) : new WebSocket(url);
    this.opened = new Promise((resolve) => {
      this.socket.addEventListener("open", () => resolve(true));
      this.socket.addEventListener("close", () => resolve(false));
    });
    this.closed = new Promise((resolve) => {
      this.socket.addEventListener("close", (e) => {
        this.closeCode = e.code;
        resolve({ code: e.code, reason: e.reason });
      });
    });
    this.socket.addEventListener("message", (e) => {
      this.texts.push(String(e.data));
      this.messages.push(JSON.parse(String(e.data)));
      this.times.push(performance.now());
    });
  }

  rideMessages(): Extract<LiveMessage, { ride: Ride }>[] {
    return this.messages.filter((m): m is Extract<LiveMessage, { ride: Ride }> => "ride" in m);
  }

  driverUpdates(): Extract<LiveMessage, { type: "driver-updates" }>[] {
    return this.messages.filter((m): m is Extract<LiveMessage, { type: "driver-updates" }> =>
      m.type === "driver-updates"
    );
  }

  async close(code = 1000): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    if (this.socket.readyState !== WebSocket.CLOSING) this.socket.close(code);
    await this.closed;
  }
}

/**
 * What a WebSocket upgrade request to `url` (http://…) is answered when the
 * server refuses it before upgrading: the status and the JSON body.
 */
export async function upgradeAnswer(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { error?: string } }> {
  const res = await fetch(url, {
    headers: {
      upgrade: "websocket",
      connection: "Upgrade",
      "sec-websocket-key": btoa("0123456789abcdef"),
      "sec-websocket-version": "13",
      ...headers,
    },
  });
  if (res.status === 101) {
    await res.body?.cancel();
    return { status: 101, body: {} };
  }
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: { error: text } };
  }
}

/** Polls `check` until it holds (or throws with `what` after `timeoutMs`). */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > until) throw new Error(`timed out waiting for ${what}`);
    await delay(10);
  }
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A socket stand-in: records sends and closes; `bufferedAmount` is settable. */
export class FakeSocket implements LiveSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code ?? 1005;
    this.readyState = 3;
  }
  rides(): { type: string; ride: Ride }[] {
    return this.sent.map((s) => JSON.parse(s)).filter((m) => "ride" in m);
  }
}

/**
 * The store with a watch the test rings by hand (so entries can be made to
 * expire between two wake-ups) and list calls that can be made to fail.
 */
export function handWatchedStore(kv: Store) {
  const streams = new Set<ReadableStreamDefaultController<Deno.KvEntryMaybe<unknown>[]>>();
  let watched: Deno.KvKey[] = [];
  let failingLists = 0;
  const ring = async () => {
    const values = await kv.getMany(watched);
    for (const s of streams) s.enqueue(values);
  };
  const store = new Proxy(kv, {
    get(target, prop) {
      if (prop === "watch") {
        return (keys: Deno.KvKey[]) => {
          watched = keys;
          let me: ReadableStreamDefaultController<Deno.KvEntryMaybe<unknown>[]>;
          return new ReadableStream({
            start(controller) {
              me = controller;
              streams.add(controller);
              void ring(); // like kv.watch: the current values first
            },
            cancel() {
              streams.delete(me);
            },
          });
        };
      }
      if (prop === "list" && failingLists > 0) {
        failingLists--;
        return () => {
          throw new Error("the store is having a bad day");
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { store, ring, failNextList: () => failingLists++, streams };
}

/** Asks the real app for a socket ticket with `token`; answers the status and body. */
export async function askTicket(
  app: { request(path: string, init?: RequestInit): Response | Promise<Response> },
  tenant: string,
  token?: string,
) {
  const res = await app.request(`/${tenant}/api/ws-ticket`, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: await res.json() as { ticket?: string; error?: string } };
}

/** Resolves with the close event's code once the client closes, or null if it is still open after `ms`. */
export async function closedWithin(client: LiveClient, ms: number): Promise<{ code: number; reason: string } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => timer = setTimeout(() => resolve(null), ms));
  try {
    return await Promise.race([client.closed, late]);
  } finally {
    clearTimeout(timer);
  }
}
