/**
 * The live sockets under a tenant: /{tenant}/ws/riders and /{tenant}/ws/drivers
 * (spec section 7). A single-use ticket (the islands) or the token (clients of
 * the spec) comes in the query string (browsers cannot set headers on a
 * WebSocket). Whatever can be refused is refused before the upgrade, as an
 * HTTP answer, so a connection that gets no socket costs no more than a
 * request (an upgraded socket would first read whatever the client sends, up
 * to 64 MiB a message): a page from another origin (403), no valid
 * credentials (401), KV failing (503 or 500), an address past its sockets and
 * refusals (429). A signed-in person refused for a bound or a role gets a
 * socket closed 1008 with the reason (browsers see a close code, not an HTTP
 * status), counted against the address while it closes. What a client sends
 * is bounded in size and rate.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { upgradeWebSocket } from "hono/deno";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { type Admission, admit, CLOSE } from "./admission.ts";
import type { Client } from "./client.ts";
import { LiveHub } from "./hub.ts";
import type { LiveSettings } from "./settings.ts";
import type { SocketKind } from "./visibility.ts";
import { TOO_MANY_SOCKETS } from "./open_counts.ts";
import { originAllowed } from "./origin.ts";
import { clientAddress } from "../../server/middleware/client_address.ts";
import { jsonLogger } from "../../lib/log.ts";
import { TokenBucket } from "../../lib/token_bucket.ts";

export { liveStats } from "./hub.ts";

type Refusal = Extract<Admission, { ok: false }>;

export function liveRoutes(deps: AppDeps, auth: AuthServices, settings: Partial<LiveSettings> = {}): Hono<Env> {
  const log = deps.log ?? jsonLogger();
  const hub = new LiveHub({ kv: deps.kv, clock: deps.clock, log, eta: deps.eta }, {
    ...settings,
    maxSocketsPerAddress: settings.maxSocketsPerAddress ?? deps.config.socketsPerAddress,
  });
  const { maxIncomingBytes, idleTimeoutSeconds, messageBurst, messagesPerSecond, openTimeoutMs } = hub.settings;
  const app = new Hono<Env>();

  async function connect(c: Context<Env>, kind: SocketKind) {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
      return c.json({ error: "Expected a WebSocket upgrade" }, 426, { upgrade: "websocket" });
    }
    if (!originAllowed(c.req.header("origin"), deps.config.publicUrl)) {
      return c.json({ error: "This page may not open a live connection" }, 403);
    }
    const tenant = c.get("tenant").code;
    // ?scope=all: an admin's socket told about every ride (the trips screen).
    const everything = c.req.query("scope") === "all";
    const address = clientAddress(c, deps.config);
    let refusal: Refusal | null = null;
    let client: Client | null = null;
    let release: (() => void) | null = null;
    let entered = false;
    try {
      const mark = await hub.enter();
      entered = true;
      const verdict = await admit(
        { kv: deps.kv, now: deps.clock.now(), signer: auth.signer },
        tenant,
        kind,
        { ticket: c.req.query("ticket"), token: c.req.query("token") },
        { everything },
      );
      // Nobody signed in: nothing to tell a socket that a status cannot.
      if (!verdict.ok && !verdict.userId) return c.json({ error: verdict.reason }, 401);
      const counted = verdict.ok
        ? await hub.openCounts.take({ userId: verdict.userId, sessionId: verdict.sessionId, address })
        : await hub.openCounts.refusal(address);
      if (!counted.release) return c.json({ error: TOO_MANY_SOCKETS }, 429);
      release = counted.release;
      if (!verdict.ok) refusal = verdict;
      else if (counted.verdict === "refuse") {
        refusal = { ok: false, code: CLOSE.policy, reason: TOO_MANY_SOCKETS, userId: verdict.userId };
      } else client = await hub.join(tenant, kind, verdict.userId, verdict.sessionId, { everything, mark });
    } catch (error) {
      release?.();
      log({
        event: "live.error",
        level: "error",
        stage: "connect",
        tenant,
        kind,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
      throw error; // answered as any call's failure: 503 when KV is too busy, else 500 (server/app.tsx)
    } finally {
      if (entered) hub.exit();
    }
    const bucket = new TokenBucket(messageBurst, messagesPerSecond);
    // A socket counted but never opened (the client went away mid-handshake) stops counting.
    let opened = false;
    setTimeout(() => opened || release?.(), openTimeoutMs);
    try {
      return await upgradeWebSocket(c, {
        onOpen(_event, ws) {
          opened = true;
          if (client && ws.raw) return hub.open(client, ws.raw);
          const why = refusal ?? { code: CLOSE.serverError, reason: "Server error", userId: client?.userId };
          if (client) hub.leave(client, why.code, why.reason, { log: false });
          ws.close(why.code, why.reason);
          log({ event: "live.disconnect", tenant, userId: why.userId ?? null, kind, code: why.code });
        },
        onMessage(event) {
          if (!client || client.closed) return;
          const size = byteSize(event.data, maxIncomingBytes);
          if (size > maxIncomingBytes) {
            hub.leave(client, CLOSE.tooBig, "Message too big", { close: true });
            return;
          }
          if (!bucket.take()) {
            hub.leave(client, CLOSE.policy, "Too many messages", { close: true });
            return;
          }
          // Only a ping is answered (clients that cannot send protocol pings may keep the line warm so).
          if (typeof event.data === "string" && size <= 64 && isPing(event.data)) client.send('{"type":"pong"}');
        },
        onClose(event) {
          release?.();
          if (client) hub.leave(client, event.code);
        },
      }, { idleTimeout: idleTimeoutSeconds });
    } catch {
      // A handshake Deno cannot complete (no Sec-WebSocket-Key, no "Connection: Upgrade",
      // "Upgrade: WebSocket" capitalised): the client's fault, answered as one.
      release?.();
      if (client) hub.leave(client, CLOSE.serverError, "Upgrade failed", { log: false });
      return c.json({ error: "Invalid WebSocket handshake" }, 400);
    }
  }

  app.get("/riders", (c) => connect(c, "riders"));
  app.get("/drivers", (c) => connect(c, "drivers"));
  return app;
}

/** The message's size in bytes (exact once a string could pass `limit`). */
function byteSize(data: unknown, limit: number): number {
  if (typeof data === "string") return data.length * 3 <= limit ? data.length : new TextEncoder().encode(data).length;
  if (data instanceof Blob) return data.size;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
}

function isPing(text: string): boolean {
  try {
    return (JSON.parse(text) as { type?: unknown })?.type === "ping";
  } catch {
    return false;
  }
}
