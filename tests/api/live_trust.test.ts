/**
 * The sockets' trust controls, against a real server on
 * loopback with real WebSockets. A logout or a removed role closes sockets
 * within 1 s (the periodic re-check is 60 s, so only the access watch can do
 * it), including a change made by the admin CLI in another process; what a
 * client sends is rate-limited; Origin is checked; islands use single-use
 * tickets while ?token= keeps working.
 */
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { changeRole } from "../../kv/members.ts";
import { createSession } from "../../kv/sessions.ts";
import { getOrCreateUserByPhone } from "../../kv/users.ts";
import { seedDemoTenant } from "../../kv/seed.ts";
import { createTenant, getTenant } from "../../kv/tenants.ts";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import { WS_TICKET_TTL_MS } from "../../kv/tickets.ts";
import { liveUrl } from "../../browser/live_client.ts";
import { authServices } from "../../server/auth_services.ts";
import type { Env } from "../../server/env.ts";
import { liveStats } from "../../routes/live/hub.ts";
import type { LiveSettings } from "../../routes/live/settings.ts";
import { liveRoutes } from "../../routes/live/ws.ts";
import { bearer, makeApp, postJson, signIn, superAdmin } from "../helpers/app.ts";
import {
  askTicket,
  closedWithin,
  delay,
  LiveClient,
  type LiveServer,
  serve,
  upgradeAnswer,
  waitFor,
} from "../helpers/live.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;

/** Every access change must close its sockets this fast; the periodic re-check would take 60 s. */
const WITHIN_MS = 1000;

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup(env: Record<string, string> = {}) {
  const t = await makeApp(env);
  const server = serve(t.app);
  const clients: LiveClient[] = [];
  const connect = (path: string, init?: { headers: Record<string, string> }) => {
    // Deno's WebSocket takes headers (a browser would send its page's Origin by itself).
    const client = new LiveClient(server.ws(path), init);
    clients.push(client);
    return client;
  };
  const open = async (path: string) => {
    const client = connect(path);
    if (!await client.opened) throw new Error(`${path} did not open`);
    return client;
  };
  cleanups.push(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await waitFor(() => liveStats(t.kv).watchers === 0, "the watchers to stop").catch(() => {});
    await server.stop();
    t.kv.close();
  });
  return { t, server, connect, open };
}

const withToken = (tenant: string, kind: string, token: string) =>
  `/${tenant}/ws/${kind}?token=${encodeURIComponent(token)}`;

describe("sockets close within 1 s when access ends", () => {
  it("closes every socket of a session that logs out, and no other", async () => {
    const { t, open } = await setup();
    const rider = await signIn(t, "8645550142", "greer");
    const otherSession = await signIn(t, "8645550142", "greer"); // the same rider on another phone
    const riders = await open(withToken("greer", "riders", rider.token));
    const second = await open(withToken("greer", "riders", rider.token));
    const stays = await open(withToken("greer", "riders", otherSession.token));
    expect((await t.request("/api/auth/logout", bearer(rider.token, { method: "POST" }))).status).toBe(200);
    const started = performance.now();
    expect(await closedWithin(riders, WITHIN_MS)).toEqual({ code: 1008, reason: "Signed out" });
    expect(await closedWithin(second, WITHIN_MS - (performance.now() - started))).toMatchObject({ code: 1008 });
    await delay(100);
    expect(stays.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("closes a member's sockets in the tenant at once when an admin blocks them", async () => {
    const { t, open } = await setup();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const drivers = await open(withToken("greer", "drivers", driver.token));
    const res = await t.request(
      `/greer/api/users/${driver.user.id}/blocked`,
      bearer(admin.token, { ...postJson({ blocked: true }), method: "PUT" }),
    );
    expect(res.status).toBe(200);
    expect(await closedWithin(drivers, WITHIN_MS)).toEqual({ code: 1008, reason: "Access revoked" });
  });

  it("closes a driver's drivers socket when an admin removes the driver role, keeping their riders socket", async () => {
    const { t, open } = await setup();
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const grant = await t.request(
      `/greer/api/user/${driver.user.id}/roles`,
      bearer(admin.token, postJson({ role: "rider" })),
    );
    expect(grant.status).toBe(200);
    const drivers = await open(withToken("greer", "drivers", driver.token));
    const riders = await open(withToken("greer", "riders", driver.token));
    const res = await t.request(
      `/greer/api/user/${driver.user.id}/roles?role=driver`,
      bearer(admin.token, { method: "DELETE" }),
    );
    expect(res.status).toBe(200);
    expect(await closedWithin(drivers, WITHIN_MS)).toEqual({ code: 1008, reason: "Access revoked" });
    await delay(100);
    expect(riders.socket.readyState).toBe(WebSocket.OPEN); // still a rider there
  });

  it("closes the sockets of a user removed from the tenant, not their sockets in another tenant", async () => {
    const { t, open } = await setup();
    await createTenant(t.kv, {
      code: "spartan",
      name: "Spartanburg",
      timezone: "America/New_York",
      serviceArea: { lat: 34.95, lng: -81.93, radiusMeters: 805, label: "downtown Spartanburg" },
      createdAt: 0,
    }, {});
    const root = await superAdmin(t);
    const rider = await signIn(t, "8645550142", "greer");
    await changeRole(t.kv, { tenant: "spartan", userId: rider.user.id, role: "rider", add: true, now: t.clock.now() });
    const here = await open(withToken("greer", "riders", rider.token));
    const elsewhere = await open(withToken("spartan", "riders", rider.token));
    const res = await t.request(`/greer/api/user/${rider.user.id}`, bearer(root.token, { method: "DELETE" }));
    expect(res.status).toBe(200);
    expect(await closedWithin(here, WITHIN_MS)).toEqual({ code: 1008, reason: "Access revoked" });
    await delay(100);
    expect(elsewhere.socket.readyState).toBe(WebSocket.OPEN);
  });
});

/** A live server on a KV file, and the admin CLI run as another process on the same file. */
async function cliWorld() {
  const dir = await Deno.makeTempDir({ prefix: "hopper-live-" });
  const kvPath = `${dir}/hopper.kv`;
  const t = await makeApp();
  const kv = await Deno.openKv(kvPath);
  await seedDemoTenant(kv, t.clock.now());
  const deps = { kv, sms: t.sms, clock: t.clock, config: t.config, log: t.log };
  const app = new Hono<Env>();
  app.use("/:tenant/*", async (c, next) => {
    const tenant = await getTenant(kv, c.req.param("tenant") ?? "");
    if (!tenant) return c.json({ error: "Organization not found" }, 404);
    c.set("tenant", tenant);
    await next();
  });
  const settings: Partial<LiveSettings> = { accessPollMs: 200 };
  app.route("/:tenant/ws", liveRoutes(deps, authServices(deps), settings));
  const server: LiveServer = serve(app);
  /** A socket of the user with this phone, on a new session. */
  async function connect(phone: string, room: string) {
    const user = await getOrCreateUserByPhone(kv, phone, t.clock.now());
    const session = await createSession(kv, user.id, t.clock.now());
    const token = await authServices(deps).signer.sign({ userId: user.id, sessionId: session.id }, t.clock.now());
    return new LiveClient(server.ws(withToken("greer", room, token)));
  }
  async function admin(...args: string[]) {
    const cli = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "scripts/admin.ts", ...args],
      cwd: new URL("../..", import.meta.url).pathname,
      env: { KV_PATH: kvPath },
      stdout: "piped",
      stderr: "piped",
    }).output();
    return new TextDecoder().decode(cli.stdout);
  }
  cleanups.push(async () => {
    await server.stop();
    kv.close();
    t.kv.close();
    await Deno.remove(dir, { recursive: true });
  });
  return { kv, t, connect, admin };
}

describe("a change made by the admin CLI, another process on the same KV file", () => {
  it("closes the socket on the next read of the access head (5 s by default; 200 ms here)", async () => {
    const w = await cliWorld();
    const socket = await w.connect(DEMO_DRIVER_PHONE, "drivers");
    cleanups.unshift(() => socket.close());
    expect(await socket.opened).toBe(true);
    const out = await w.admin("user:revoke", "--tenant", "greer", "--phone", DEMO_DRIVER_PHONE, "--role", "driver");
    expect(out).toContain("no roles");
    expect(await closedWithin(socket, 200 + WITHIN_MS)).toEqual({ code: 1008, reason: "Access revoked" });
  });

  it("unmaking a super admin closes their sockets the same way, not at the 60 s re-check", async () => {
    const w = await cliWorld();
    const boss = "8645550150";
    expect(await w.admin("user:super", "--phone", boss)).toContain("now a super admin");
    const socket = await w.connect(boss, "drivers");
    cleanups.unshift(() => socket.close());
    expect(await socket.opened).toBe(true);
    expect(await w.admin("user:super", "--phone", boss, "--revoke")).toContain("no longer a super admin");
    expect(await closedWithin(socket, 200 + WITHIN_MS)).toEqual({ code: 1008, reason: "Access revoked" });
  });

  it("making a super admin closes their sockets too, with 1012, so they open again with the new rights", async () => {
    const w = await cliWorld();
    const socket = await w.connect(DEMO_DRIVER_PHONE, "drivers");
    cleanups.unshift(() => socket.close());
    expect(await socket.opened).toBe(true);
    expect(await w.admin("user:super", "--phone", DEMO_DRIVER_PHONE)).toContain("now a super admin");
    expect(await closedWithin(socket, 200 + WITHIN_MS)).toEqual({ code: 1012, reason: "Access changed" });
    // A client that reconnects, as the browser does after 1012, gets in.
    const again = await w.connect(DEMO_DRIVER_PHONE, "drivers");
    cleanups.unshift(() => again.close());
    expect(await again.opened).toBe(true);
  });
});

describe("what a client may send", () => {
  it("answers a burst of 20 messages and closes 1008 on the 21st", async () => {
    const { t, open } = await setup();
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const socket = await open(withToken("greer", "drivers", driver.token));
    for (let i = 0; i < 20; i++) socket.socket.send('{"type":"ping"}');
    await waitFor(() => socket.messages.filter((m) => m.type === "pong").length === 20, "20 pongs");
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
    // Far faster than 5 a second: a few tokens came back while the pongs travelled, then it runs dry.
    for (let i = 0; i < 30 && socket.socket.readyState === WebSocket.OPEN; i++) socket.socket.send("{}");
    expect(await socket.closed).toEqual({ code: 1008, reason: "Too many messages" });
    await waitFor(() => liveStats(t.kv).drivers === 0, "the socket to be forgotten");
  });
});

describe("Origin", () => {
  it("refuses a page from another origin with 403 before the upgrade; lets in PUBLIC_URL's pages and no-Origin clients", async () => {
    const { t, server, connect } = await setup({ PUBLIC_URL: "https://rides.example.org" });
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const path = withToken("greer", "drivers", driver.token);
    for (const origin of ["https://evil.example", "http://localhost:8000", "null"]) {
      const res = await fetch(server.http(path), {
        headers: {
          upgrade: "websocket",
          connection: "Upgrade",
          origin,
          "sec-websocket-key": btoa("0123456789abcdef"),
          "sec-websocket-version": "13",
        },
      });
      expect(res.status, origin).toBe(403);
      expect(await res.json()).toEqual({ error: "This page may not open a live connection" });
      const refused = connect(path, { headers: { origin } });
      expect(await refused.opened, origin).toBe(false);
    }
    const page = connect(path, { headers: { origin: "https://rides.example.org" } });
    expect(await page.opened).toBe(true);
    const native = connect(path);
    expect(await native.opened).toBe(true);
    expect(liveStats(t.kv).drivers).toBe(2);
  });
});

describe("tickets", () => {
  it("gives members a ticket, refuses strangers and non-members, and keeps the token out of the URL", async () => {
    const { t, open } = await setup();
    expect(await askTicket(t.app, "greer")).toEqual({ status: 401, body: { error: expect.any(String) } });
    const outsider = await signIn(t, "8645550144");
    expect((await askTicket(t.app, "greer", outsider.token)).status).toBe(403);
    expect((await askTicket(t.app, "nowhere", outsider.token)).status).toBe(404);
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const { status, body } = await askTicket(t.app, "greer", driver.token);
    expect(status).toBe(200);
    expect(body.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const url = liveUrl("greer", "drivers", { ticket: body.ticket! }, { protocol: "http:", host: "h" });
    expect(url).toBe(`ws://h/greer/ws/drivers?ticket=${body.ticket}`);
    expect(url).not.toContain(driver.token);
    const socket = await open(`/greer/ws/drivers?ticket=${body.ticket}`);
    await waitFor(() => liveStats(t.kv).drivers === 1, "the socket to count");
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
    // KV keeps only the ticket's hash.
    for await (const e of t.kv.list({ prefix: [] })) expect(JSON.stringify(e)).not.toContain(body.ticket);
  });

  it("is single use, even for two connections racing with it", async () => {
    const { t, server, connect } = await setup();
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    for (let round = 0; round < 5; round++) {
      const { body } = await askTicket(t.app, "greer", driver.token);
      const racers = [0, 1, 2].map(() => connect(`/greer/ws/drivers?ticket=${body.ticket}`));
      await Promise.all(racers.map((r) => r.opened));
      await delay(50);
      const open = racers.filter((r) => r.socket.readyState === WebSocket.OPEN);
      expect(open).toHaveLength(1);
      // The others were refused before the upgrade, as the ticket used again is.
      for (const r of racers.filter((r) => r !== open[0])) expect(await r.opened).toBe(false);
      expect(await upgradeAnswer(server.http(`/greer/ws/drivers?ticket=${body.ticket}`))).toEqual({
        status: 401,
        body: { error: "Ticket expired or already used" },
      });
      await open[0].close();
    }
  });

  it("expires after 30 s, works only in its own tenant, and is refused once the session ended, before the upgrade", async () => {
    const { t, server, connect } = await setup();
    const refusal = async (path: string) => {
      expect(await connect(path).opened, path).toBe(false);
      return await upgradeAnswer(server.http(path));
    };
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const late = await askTicket(t.app, "greer", driver.token);
    t.clock.advance(WS_TICKET_TTL_MS + 1);
    expect(await upgradeAnswer(server.http(`/greer/ws/drivers?ticket=${late.body.ticket}`))).toEqual({
      status: 401,
      body: { error: "Ticket expired or already used" },
    });
    await createTenant(t.kv, {
      code: "spartan",
      name: "Spartanburg",
      timezone: "America/New_York",
      serviceArea: { lat: 34.95, lng: -81.93, radiusMeters: 805, label: "downtown Spartanburg" },
      createdAt: 0,
    }, {});
    await changeRole(t.kv, { tenant: "spartan", userId: driver.user.id, role: "driver", add: true, now: 0 });
    const greer = await askTicket(t.app, "greer", driver.token);
    expect((await refusal(`/spartan/ws/drivers?ticket=${greer.body.ticket}`)).status).toBe(401);
    const fresh = await askTicket(t.app, "greer", driver.token);
    await t.request("/api/auth/logout", bearer(driver.token, { method: "POST" }));
    expect(await upgradeAnswer(server.http(`/greer/ws/drivers?ticket=${fresh.body.ticket}`))).toEqual({
      status: 401,
      body: { error: "Session expired" },
    });
    for (const garbage of ["", "x", "A".repeat(43), "%00"]) {
      expect(await refusal(`/greer/ws/drivers?ticket=${garbage}`)).toEqual({
        status: 401,
        body: { error: "Ticket expired or already used" },
      });
    }
  });

  it("is limited to 60 a minute per user", async () => {
    const { t } = await setup();
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    for (let i = 0; i < 60; i++) expect((await askTicket(t.app, "greer", driver.token)).status).toBe(200);
    expect(await askTicket(t.app, "greer", driver.token)).toEqual({ status: 429, body: { error: expect.any(String) } });
  });
});
