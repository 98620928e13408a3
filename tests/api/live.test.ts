/**
 * The live sockets end to end: a real server, real WebSocket clients, the
 * real feed. Hub-level tests (gaps, failing reads, slow clients) drive a
 * LiveHub directly with fake sockets.
 */
import type { Store } from "../../kv/store.ts";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { setDriverState } from "../../kv/drivers.ts";
import { watchFeed } from "../../kv/feed_watch.ts";
import { keys } from "../../kv/keys.ts";
import { changeRole } from "../../kv/members.ts";
import { createRide, updateRideStatus } from "../../kv/rides.ts";
import type { Ride } from "../../lib/rides.ts";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import { createTenant, getTenant } from "../../kv/tenants.ts";
import { getOrCreateUserByPhone } from "../../kv/users.ts";
import type { Point } from "../../lib/geo.ts";
import type { RideStatus } from "../../lib/rides.ts";
import { authServices } from "../../server/auth_services.ts";
import type { Env } from "../../server/env.ts";
import { LiveHub, liveStats } from "../../live/hub.ts";
import type { LiveSettings } from "../../live/settings.ts";
import { liveRoutes } from "../../live/ws.ts";
import { addCampus, bearer, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import {
  delay,
  FakeSocket,
  handWatchedStore,
  LiveClient,
  type LiveServer,
  serve,
  upgradeAnswer,
  waitFor,
} from "../helpers/live.ts";
import { CENTRE, INSIDE, INSIDE_2, put, requestRide } from "../helpers/rides.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** The app's own routes with shorter live timings, for keep-alive and re-check tests. */
function liveOnlyApp(t: TestApp, settings: Partial<LiveSettings>, kv = t.kv) {
  const deps = { kv, sms: t.sms, clock: t.clock, config: t.config, log: t.log };
  const app = new Hono<Env>();
  app.use("/:tenant/*", async (c, next) => {
    const tenant = await getTenant(t.kv, c.req.param("tenant") ?? "");
    if (!tenant) return c.json({ error: "Organization not found" }, 404);
    c.set("tenant", tenant);
    await next();
  });
  app.route("/:tenant/ws", liveRoutes(deps, authServices(deps), settings));
  return app;
}

async function setup(
  { settings, store }: { settings?: Partial<LiveSettings>; store?: (kv: Store) => Store } = {},
) {
  const t = await makeApp();
  const server: LiveServer = serve(settings || store ? liveOnlyApp(t, settings ?? {}, store?.(t.kv)) : t.app);
  const clients: LiveClient[] = [];
  const connect = (tenant: string, kind: "riders" | "drivers", token?: string) => {
    const query = token === undefined ? "" : `?token=${encodeURIComponent(token)}`;
    const client = new LiveClient(server.ws(`/${tenant}/ws/${kind}${query}`));
    clients.push(client);
    return client;
  };
  /** A socket that has opened (so it is subscribed: the server registers it before answering the upgrade). */
  const open = async (tenant: string, kind: "riders" | "drivers", token: string) => {
    const client = connect(tenant, kind, token);
    if (!await client.opened) throw new Error(`the ${kind} socket did not open`);
    if (kind === "riders") await waitFor(() => client.driverUpdates().length > 0, "the greeting driver-updates");
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

function rideInput(creatorId: string, rider: { name?: string; phone?: string } = {}) {
  return {
    tenant: "greer",
    timeZone: "America/New_York",
    creatorId,
    pickup: INSIDE,
    dropoff: INSIDE_2,
    destination: "Library",
    passengerCt: 1,
    rider: { name: rider.name ?? null, phoneNumber: rider.phone ?? "8645559999", photoUrl: null },
  };
}

const approve = () => Promise.resolve({ ok: true as const });

async function newRide(t: TestApp, creatorId: string, rider?: { name?: string; phone?: string }, tenant = "greer") {
  const res = await createRide(t.kv, { ...rideInput(creatorId, rider), tenant }, t.clock.now());
  if (!res.ok) throw new Error(res.reason);
  return res.ride;
}

async function moveRide(t: TestApp, ride: Ride, to: RideStatus, actorId: string, tenant = "greer") {
  const res = await updateRideStatus(t.kv, {
    tenant,
    id: ride.id,
    to,
    actorId,
    driver: { name: "Dee Driver", phoneNumber: "8645550101" },
    now: t.clock.now(),
    decide: approve,
  });
  if (!res.ok || !res.changed) throw new Error(`move to ${to} failed`);
  return res.ride;
}

describe("who may open a socket", () => {
  it("refuses a missing, forged or garbage token with 401 before the upgrade", async () => {
    const { t, server, connect } = await setup();
    const rider = await signIn(t, "8645550142", "greer");
    const forged = rider.token.slice(0, -4) + (rider.token.endsWith("AAAA") ? "BBBB" : "AAAA");
    const cases: [string | undefined, string][] = [
      [undefined, "Authentication required"],
      ["", "Authentication required"],
      ["not-a-token", "Session expired"],
      [forged, "Session expired"],
    ];
    for (const [token, error] of cases) {
      const client = connect("greer", "riders", token);
      expect(await client.opened).toBe(false); // never upgraded: it cost an HTTP request
      expect(client.messages).toEqual([]);
      const query = token === undefined ? "" : `?token=${encodeURIComponent(token)}`;
      expect(await upgradeAnswer(server.http(`/greer/ws/riders${query}`))).toEqual({ status: 401, body: { error } });
    }
  });

  it("refuses a revoked session with 401 before the upgrade", async () => {
    const { t, server, connect } = await setup();
    const rider = await signIn(t, "8645550142", "greer");
    expect((await t.request("/api/auth/logout", bearer(rider.token, { method: "POST" }))).status).toBe(200);
    expect(await connect("greer", "riders", rider.token).opened).toBe(false);
    expect(await upgradeAnswer(server.http(`/greer/ws/riders?token=${rider.token}`))).toEqual({
      status: 401,
      body: { error: "Session expired" },
    });
  });

  it("keeps riders off the drivers socket and non-members off both", async () => {
    const { t, connect, open } = await setup();
    const rider = await signIn(t, "8645550142", "greer");
    const outsider = await signIn(t, "8645550144"); // signed in, member of no tenant
    expect((await connect("greer", "drivers", rider.token).closed).code).toBe(1008);
    expect((await connect("greer", "riders", outsider.token).closed).code).toBe(1008);
    expect((await connect("greer", "drivers", outsider.token).closed).code).toBe(1008);
    // A driver and the admin may open both.
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    for (const token of [driver.token, admin.token]) {
      await open("greer", "drivers", token);
      await open("greer", "riders", token);
    }
    expect(liveStats(t.kv)).toMatchObject({ riders: 2, drivers: 2, watchers: 1 });
  });

  it("lets a super admin in without membership", async () => {
    const { t, open } = await setup();
    const boss = await superAdmin(t);
    await open("greer", "drivers", boss.token);
  });

  it("does not upgrade under an unknown tenant, nor a plain GET", async () => {
    const { t, server, connect } = await setup();
    const rider = await signIn(t, "8645550142", "greer");
    const res = await fetch(server.http(`/nowhere/ws/riders?token=${rider.token}`), {
      headers: { upgrade: "websocket", connection: "Upgrade" },
      redirect: "manual",
    });
    await res.body?.cancel();
    expect(res.status).not.toBe(101);
    expect(res.status).toBe(404);
    const client = connect("nowhere", "riders", rider.token);
    expect(await client.opened).toBe(false);
    const plain = await fetch(server.http(`/greer/ws/riders?token=${rider.token}`));
    expect(plain.status).toBe(426);
    expect(await plain.json()).toEqual({ error: "Expected a WebSocket upgrade" });
  });

  it("answers 500 before the upgrade when the server cannot check the token", async () => {
    const broken = (kv: Store) =>
      new Proxy(kv, {
        get(target, prop) {
          if (prop === "get") return () => Promise.reject(new Error("KV is down"));
          const value = Reflect.get(target, prop, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    const { t, server, connect } = await setup({ store: broken });
    const rider = await signIn(t, "8645550142", "greer");
    expect(await connect("greer", "riders", rider.token).opened).toBe(false);
    expect((await upgradeAnswer(server.http(`/greer/ws/riders?token=${rider.token}`))).status).toBe(500);
    expect(t.log.events).toContainEqual(
      expect.objectContaining({ event: "live.error", stage: "connect", error: "Error: KV is down" }),
    );
  });

  it("logs connects and disconnects with their codes, never the token", async () => {
    const { t, connect, open } = await setup();
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const rider = await signIn(t, "8645550142", "greer");
    const socket = await open("greer", "drivers", driver.token);
    await connect("greer", "drivers", rider.token).closed;
    await socket.close(1000);
    await waitFor(() => t.log.events.some((e) => e.event === "live.disconnect" && e.code === 1000), "the log");
    const live = t.log.events.filter((e) => e.event.startsWith("live."));
    expect(live).toEqual([
      expect.objectContaining({ event: "live.connect", tenant: "greer", userId: driver.user.id, kind: "drivers" }),
      expect.objectContaining({
        event: "live.disconnect",
        tenant: "greer",
        userId: rider.user.id,
        kind: "drivers",
        code: 1008,
      }),
      expect.objectContaining({
        event: "live.disconnect",
        tenant: "greer",
        userId: driver.user.id,
        kind: "drivers",
        code: 1000,
      }),
    ]);
    const everything = JSON.stringify(t.log.events);
    expect(everything).not.toContain(driver.token);
    expect(everything).not.toContain(rider.token);
    expect(everything).not.toContain("token=");
  });
});

describe("ride messages", () => {
  it("sends a new ride to every driver and to its rider, never to another rider", async () => {
    const { t, open } = await setup();
    const alice = await signIn(t, "8645550142", "greer");
    const bob = await signIn(t, "8645550143", "greer");
    await t.request("/api/users/profile", put(alice.token, { name: "Alice Apple" }));
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const drivers = [await open("greer", "drivers", driver.token), await open("greer", "drivers", admin.token)];
    const aliceSocket = await open("greer", "riders", alice.token);
    const bobSocket = await open("greer", "riders", bob.token);

    // Through the HTTP API (a driver must be online for a request to pass).
    await t.request("/greer/api/drivers/availability", put(driver.token, { isAvailable: true, location: CENTRE }));
    const res = await requestRide(t, alice.token);
    expect(res.status).toBe(201);
    const { ride } = await res.json() as { ride: Ride };
    expect(ride.riderName).toBe("Alice Apple");

    for (const socket of [...drivers, aliceSocket]) {
      await waitFor(() => socket.rideMessages().length === 1, "the new ride");
      expect(socket.rideMessages()[0]).toEqual({ type: "new", ride });
    }
    // Bob's own ride reaches Bob, not Alice.
    const bobRide = await newRide(t, bob.user.id, { phone: "8645550143" });
    await waitFor(() => bobSocket.rideMessages().length === 1, "Bob's ride");
    expect(bobSocket.rideMessages()[0]).toMatchObject({ type: "new", ride: { id: bobRide.id } });
    await moveRide(t, ride, "accepted", driver.user.id);
    await waitFor(() => aliceSocket.rideMessages().length === 2, "Alice's update");
    await delay(100);
    expect(aliceSocket.rideMessages().map((m) => m.ride.id)).toEqual([ride.id, ride.id]);
    const everythingBobGot = bobSocket.texts.join("\n");
    for (const secret of ["Alice Apple", "8645550142", alice.user.id, ride.id]) {
      expect(everythingBobGot).not.toContain(secret);
    }
    expect(bobSocket.rideMessages().map((m) => m.ride.id)).toEqual([bobRide.id]);
  });

  it("delivers the last state of every ride each socket may see, in commit order, through 50 rapid changes", async () => {
    const { t, open } = await setup();
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    const r0 = await signIn(t, "8645550142", "greer");
    const r1 = await signIn(t, "8645550143", "greer");
    const sockets = {
      driver: {
        viewer: { kind: "drivers", userId: driver.user.id },
        client: await open("greer", "drivers", driver.token),
      },
      admin: {
        viewer: { kind: "drivers", userId: admin.user.id },
        client: await open("greer", "drivers", admin.token),
      },
      r0: { viewer: { kind: "riders", userId: r0.user.id }, client: await open("greer", "riders", r0.token) },
      r1: { viewer: { kind: "riders", userId: r1.user.id }, client: await open("greer", "riders", r1.token) },
    } as const;

    const D = driver.user.id, A = admin.user.id;
    type Step = [RideStatus, string];
    const full = (by: string): Step[] => [["accepted", by], ["on-the-way", by], ["arrived", by], ["completed", by]];
    const plans: Step[][] = [
      full(D), // 5 changes with the create
      full(A), // 5
      [["canceled", "rider"]], // 2
      [["accepted", D], ["canceled", "rider"]], // 3
      [], // 1: stays pending
      [["accepted", A], ["on-the-way", A], ["no-show", A]], // 4
    ];
    const rides = [0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1].map((p, i) => ({
      creator: i === 0 ? r0.user.id : i === 1 ? r1.user.id : `rider-${i}`,
      steps: plans[p],
    }));
    expect(rides.reduce((n, r) => n + 1 + r.steps.length, 0)).toBe(50);

    // What was committed, per ride, in order: the entry each change appended.
    const committed = new Map<string, { type: "new" | "update"; ride: Ride; previous: RideStatus | null }[]>();
    async function run(plan: (typeof rides)[number], i: number) {
      let ride = await newRide(t, plan.creator, { name: `Rider ${i}`, phone: `86455502${String(i).padStart(2, "0")}` });
      const log = [{ type: "new" as const, ride, previous: null }];
      committed.set(ride.id, log);
      for (const [to, by] of plan.steps) {
        const previous = ride.status;
        ride = await moveRide(t, ride, to, by === "rider" ? plan.creator : by);
        log.push({ type: "update" as const, ride, previous } as never);
      }
    }
    // Four lanes of changes at once, as fast as KV takes them: they collide on the tenant's feed head.
    const LANES = 4;
    const lanes = Array.from({ length: LANES }, async (_, lane) => {
      for (let i = lane; i < rides.length; i += LANES) await run(rides[i], i);
    });
    await Promise.all(lanes);

    const tells = (viewer: { kind: string; userId: string }, e: { ride: Ride; previous: RideStatus | null }) =>
      viewer.kind === "riders"
        ? e.ride.creatorId === viewer.userId
        : e.ride.status === "pending" || e.ride.assignedDriverId === viewer.userId || e.previous === "pending";

    for (const [name, { viewer, client }] of Object.entries(sockets)) {
      const expected = new Map<string, { type: string; ride: Ride }[]>();
      let total = 0;
      for (const [id, log] of committed) {
        const seen = log.filter((e) => tells(viewer, e)).map((e) => ({ type: e.type, ride: e.ride }));
        if (seen.length > 0) expected.set(id, seen);
        total += seen.length;
      }
      await waitFor(() => client.rideMessages().length >= total, `${name}'s ${total} messages`);
      await delay(150); // nothing more may follow
      const got = new Map<string, { type: string; ride: Ride }[]>();
      for (const m of client.rideMessages()) got.set(m.ride.id, [...(got.get(m.ride.id) ?? []), m]);
      expect(got, name).toEqual(expected);
      // The last message per ride is the ride as it now stands in KV whenever its last change was the socket's to see.
      for (const [id, log] of committed) {
        if (!tells(viewer, log.at(-1)!)) continue;
        const stored = (await t.kv.get<Ride>(keys.ride("greer", id))).value;
        expect(got.get(id)!.at(-1)!.ride, `${name} ride ${id}`).toEqual(stored);
      }
    }
    // Drivers saw every ride at least as new; riders only their own.
    expect(new Set(sockets.driver.client.rideMessages().map((m) => m.ride.id)).size).toBe(14);
    expect(new Set(sockets.r0.client.rideMessages().map((m) => m.ride.creatorId))).toEqual(new Set([r0.user.id]));
  });

  it("keeps tenants apart", async () => {
    const { t, connect, open } = await setup();
    await createTenant(t.kv, {
      code: "spartan",
      name: "Spartanburg",
      timezone: "America/New_York",
      serviceArea: { lat: 34.95, lng: -81.93, radiusMeters: 805, label: "downtown Spartanburg" },
      createdAt: 0,
    }, {});
    const other = await getOrCreateUserByPhone(t.kv, "8645550177", t.clock.now());
    await changeRole(t.kv, { tenant: "spartan", userId: other.id, role: "driver", add: true, now: t.clock.now() });
    const otherDriver = await signIn(t, "8645550177");
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const rider = await signIn(t, "8645550142", "greer");

    expect((await connect("greer", "drivers", otherDriver.token).closed).code).toBe(1008);
    const greerDriver = await open("greer", "drivers", driver.token);
    const spartanDriver = await open("spartan", "drivers", otherDriver.token);
    const greerRider = await open("greer", "riders", rider.token);
    expect(liveStats(t.kv).watchers).toBe(2);

    const there = await newRide(t, "someone", {}, "spartan");
    const here = await newRide(t, "someone-else");
    await setDriverState(t.kv, {
      timeZone: "America/New_York",
      tenant: "spartan",
      userId: other.id,
      isAvailable: true,
      location: { lat: 34.95, lng: -81.93 },
      now: t.clock.now(),
    });
    await waitFor(() => spartanDriver.rideMessages().length === 1, "the spartan ride");
    await waitFor(() => greerDriver.rideMessages().length === 1, "the greer ride");
    await delay(1200); // past a driver-updates window
    expect(spartanDriver.rideMessages().map((m) => m.ride.id)).toEqual([there.id]);
    expect(greerDriver.rideMessages().map((m) => m.ride.id)).toEqual([here.id]);
    expect(greerRider.texts.join("\n")).not.toContain(other.id);
    expect(greerRider.driverUpdates()).toEqual([{ type: "driver-updates", drivers: [] }]);
  });
});

describe("driver-updates", () => {
  it("greets a rider with the available drivers and follows their changes, at most about once a second", async () => {
    const { t, open } = await setup();
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const rider = await signIn(t, "8645550142", "greer");
    const socket = await open("greer", "riders", rider.token);
    expect(socket.messages).toEqual([{ type: "driver-updates", drivers: [] }]);

    await setDriverState(t.kv, {
      timeZone: "America/New_York",
      tenant: "greer",
      userId: driver.user.id,
      isAvailable: true,
      location: CENTRE,
      now: t.clock.now(),
    });
    await waitFor(() => socket.driverUpdates().length === 2, "the driver to appear");
    expect(socket.driverUpdates()[1].drivers).toEqual([{ id: driver.user.id, name: null, location: CENTRE }]);

    await delay(1100); // a fresh window
    const before = socket.messages.length;
    const started = performance.now();
    let last: Point = CENTRE;
    for (let i = 1; i <= 20; i++) {
      last = { lat: CENTRE.lat + i / 10_000, lng: CENTRE.lng };
      await setDriverState(t.kv, {
        tenant: "greer",
        timeZone: "America/New_York",
        userId: driver.user.id,
        location: last,
        now: t.clock.now(),
      });
      await delay(20);
    }
    const finalLocation = last;
    await waitFor(
      () => socket.driverUpdates().at(-1)?.drivers[0]?.location.lat === finalLocation.lat,
      "the last location",
      3000,
    );
    const burst = socket.times.slice(before).filter((time) => time - started < 1000);
    expect(burst.length).toBeLessThanOrEqual(2);
    expect(socket.messages.length - before).toBeLessThanOrEqual(3);
    expect(socket.rideMessages()).toEqual([]);
  });

  it("leaves a driver out once they go offline", async () => {
    const { t, open } = await setup();
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const rider = await signIn(t, "8645550142", "greer");
    await setDriverState(t.kv, {
      timeZone: "America/New_York",
      tenant: "greer",
      userId: driver.user.id,
      isAvailable: true,
      location: CENTRE,
      now: t.clock.now(),
    });
    const socket = await open("greer", "riders", rider.token);
    expect(socket.driverUpdates()[0].drivers.map((d) => d.id)).toEqual([driver.user.id]);
    await setDriverState(t.kv, {
      tenant: "greer",
      timeZone: "America/New_York",
      userId: driver.user.id,
      isAvailable: false,
      now: t.clock.now(),
    });
    await waitFor(() => socket.driverUpdates().at(-1)?.drivers.length === 0, "the driver to leave");
  });
});

describe("the tenant's settings", () => {
  it("tells every open screen of the tenant its new name and area, once, and nothing for other fields", async () => {
    const { t, open } = await setup();
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const rider = await signIn(t, "8645550142", "greer");
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    await addCampus(t);
    const elsewhere = await signIn(t, "8645550143", "campus");
    const riderSocket = await open("greer", "riders", rider.token);
    const driverSocket = await open("greer", "drivers", driver.token);
    const otherTenant = await open("campus", "riders", elsewhere.token);
    const tenantMessages = (c: LiveClient) => c.messages.filter((m) => (m as { type: string }).type === "tenant");

    // Only the text budget: nothing a screen shows.
    expect((await t.request("/greer/api/admin/settings", put(admin.token, { smsPerHour: 80 }))).status).toBe(200);
    const area = { lat: 34.95, lng: -82.23, radiusMeters: 1200, label: "Trade Street" };
    const saved = await t.request(
      "/greer/api/admin/settings",
      put(admin.token, { name: "Greer Link", serviceArea: area }),
    );
    expect(saved.status).toBe(200);
    const expected = {
      type: "tenant",
      tenant: { code: "greer", name: "Greer Link", status: "active", serviceArea: area },
    };
    await waitFor(() => tenantMessages(riderSocket).length > 0, "the rider to hear the new area");
    await waitFor(() => tenantMessages(driverSocket).length > 0, "the driver to hear the new area");
    // A contact change afterwards shows on no screen, so it is not sent.
    await t.request("/greer/api/admin/settings", put(admin.token, { contactEmail: "rides@greer.example" }));
    await delay(300);
    expect(tenantMessages(riderSocket)).toEqual([expected]);
    expect(tenantMessages(driverSocket)).toEqual([expected]);
    expect(tenantMessages(otherTenant)).toEqual([]);
  });
});

describe("the watch", () => {
  it("hands on every entry after the last seq, in order, when wake-ups are coalesced", async () => {
    using t = await makeApp();
    const batches: number[][] = [];
    const watch = watchFeed(t.kv, "greer", {
      async entries(entries) {
        batches.push(entries.map((e) => e.seq));
        await delay(30); // a slow fan-out: changes pile up meanwhile
      },
      resync: () => Promise.reject(new Error("no gap expected")),
      drivers() {},
      error(error) {
        throw error;
      },
    });
    await watch.ready;
    for (let i = 0; i < 20; i++) await newRide(t, `rider-${i}`);
    await waitFor(() => watch.lastSeq === 20, "seq 20");
    watch.stop();
    await watch.done;
    expect(batches.flat()).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(batches.some((b) => b.length > 1)).toBe(true);
  });

  it("runs one watch per tenant while sockets are open and stops it with the last one", async () => {
    const { t, open } = await setup();
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const rider = await signIn(t, "8645550142", "greer");
    expect(liveStats(t.kv)).toEqual({ riders: 0, drivers: 0, watchers: 0 });
    const a = await open("greer", "drivers", driver.token);
    const b = await open("greer", "riders", rider.token);
    const c = await open("greer", "riders", rider.token);
    expect(liveStats(t.kv)).toEqual({ riders: 2, drivers: 1, watchers: 1 });
    await b.close();
    await waitFor(() => liveStats(t.kv).riders === 1, "a rider to leave");
    await c.close();
    await waitFor(() => liveStats(t.kv).riders === 0, "the riders to leave");
    expect(liveStats(t.kv).watchers).toBe(1);
    await a.close();
    await waitFor(() => liveStats(t.kv).watchers === 0, "the watch to stop");
    expect(liveStats(t.kv)).toEqual({ riders: 0, drivers: 0, watchers: 0 });

    // Back again: a new watch starts from the head as it is now.
    await newRide(t, "early-rider");
    const again = await open("greer", "drivers", driver.token);
    expect(liveStats(t.kv)).toEqual({ riders: 0, drivers: 1, watchers: 1 });
    const ride = await newRide(t, "later-rider");
    await waitFor(() => again.rideMessages().length === 1, "the ride after reconnecting");
    await delay(50);
    expect(again.rideMessages().map((m) => m.ride.id)).toEqual([ride.id]);
  });
});

describe("what clients send", () => {
  it("answers a ping, ignores other messages and closes 1009 on a message over 64 KiB", async () => {
    const { t, open } = await setup();
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const socket = await open("greer", "drivers", driver.token);
    socket.socket.send(JSON.stringify({ type: "ping" }));
    await waitFor(() => socket.messages.some((m) => m.type === "pong"), "the pong");
    socket.socket.send("hello");
    socket.socket.send(JSON.stringify({ type: "update", ride: { id: "x" } }));
    socket.socket.send(new Uint8Array(10));
    await newRide(t, "someone");
    await waitFor(() => socket.rideMessages().length === 1, "a ride after the noise");
    socket.socket.send("x".repeat(64 * 1024 + 1));
    expect((await socket.closed).code).toBe(1009);
    await waitFor(() => liveStats(t.kv).drivers === 0, "the socket to be forgotten");
  });
});

describe("keep-alive and re-checks", () => {
  it("keeps an answering client and drops one that never answers the ping", async () => {
    const { t, server, open } = await setup({ settings: { idleTimeoutSeconds: 1 } });
    const rider = await signIn(t, "8645550142", "greer");
    const live = await open("greer", "riders", rider.token);

    // A bare TCP client that upgrades and then never reads or answers.
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(server.http("/")).port) });
    const request = `GET /greer/ws/riders?token=${rider.token} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n` +
      `Connection: Upgrade\r\nSec-WebSocket-Key: ${btoa("0123456789abcdef")}\r\nSec-WebSocket-Version: 13\r\n\r\n`;
    await conn.write(new TextEncoder().encode(request));
    const started = performance.now();
    const buf = new Uint8Array(65536);
    let text = "";
    while (true) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
    conn.close();
    const waited = performance.now() - started;
    expect(text).toMatch(/^HTTP\/1\.1 101/);
    expect(text).toContain("No response from ping frame.");
    expect(waited).toBeGreaterThan(700);
    expect(waited).toBeLessThan(3000);
    await waitFor(() => t.log.events.some((e) => e.event === "live.disconnect" && e.code === 1001), "the drop");

    // The browser-like client answered every ping by itself and is still here.
    await delay(1000);
    expect(live.socket.readyState).toBe(WebSocket.OPEN);
    expect(liveStats(t.kv).riders).toBe(1);
  });

  it("closes 1008 when the session is revoked or the role removed while connected", async () => {
    const { t, open } = await setup({ settings: { recheckMs: 100 } });
    const rider = await signIn(t, "8645550142", "greer");
    const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
    const riderSocket = await open("greer", "riders", rider.token);
    const driverSocket = await open("greer", "drivers", driver.token);
    await t.request("/api/auth/logout", bearer(rider.token, { method: "POST" }));
    expect((await riderSocket.closed).code).toBe(1008);
    expect(driverSocket.socket.readyState).toBe(WebSocket.OPEN);
    await changeRole(t.kv, { tenant: "greer", userId: driver.user.id, role: "driver", add: false, now: 0 });
    expect((await driverSocket.closed).code).toBe(1008);
  });
});

describe("the hub", () => {
  it("resynchronises sockets when entries expired between two wake-ups, and survives a failing read", async () => {
    using t = await makeApp();
    const { store, ring, failNextList } = handWatchedStore(t.kv);
    const hub = new LiveHub({ kv: store, clock: t.clock, log: t.log }, { initialBackoffMs: 5, maxBackoffMs: 20 });
    const driverSocket = new FakeSocket();
    const riderSocket = new FakeSocket();
    const driver = await hub.join("greer", "drivers", "drv", "s1");
    hub.open(driver, driverSocket);
    const rider = await hub.join("greer", "riders", "alice", "s2");
    hub.open(rider, riderSocket);

    const x = await newRide(t, "alice");
    await ring();
    await waitFor(() => driverSocket.rides().length === 1 && riderSocket.rides().length === 1, "the first ride");

    // X is accepted by another driver (seq 2) and Y requested (seq 3); seq 2 expires unread.
    const accepted = await moveRide(t, x, "accepted", "drv2");
    const y = await newRide(t, "bob");
    await t.kv.delete(keys.feed("greer", 2));
    await ring();
    await waitFor(() => driverSocket.rides().length === 4, "the resynchronisation");
    expect(driverSocket.rides().slice(1)).toEqual([
      { type: "new", ride: y }, // the entry still there
      { type: "update", ride: accepted }, // X left the list: told so
      { type: "update", ride: y }, // the list as it stands
    ]);
    await waitFor(() => riderSocket.rides().length === 2, "the rider's resynchronisation");
    expect(riderSocket.rides()[1]).toEqual({ type: "update", ride: accepted });
    expect(JSON.stringify(riderSocket.sent)).not.toContain(y.id);

    // One failing read: logged, retried with backoff, nothing lost.
    failNextList();
    const z = await newRide(t, "carol");
    await ring();
    await waitFor(() => driverSocket.rides().length === 5, "the ride after the failure");
    expect(driverSocket.rides()[4]).toEqual({ type: "new", ride: z });
    expect(t.log.events).toContainEqual(expect.objectContaining({ event: "live.error", tenant: "greer", attempt: 1 }));

    hub.leave(driver, 1000);
    hub.leave(rider, 1000);
    await waitFor(() => hub.stats().watchers === 0, "the watch to stop");
  });

  it("drops a client that cannot keep up, without holding up the others", async () => {
    using t = await makeApp();
    const hub = new LiveHub({ kv: t.kv, clock: t.clock, log: t.log });
    const slow = new FakeSocket();
    const fast = new FakeSocket();
    const a = await hub.join("greer", "drivers", "slow", "s1");
    hub.open(a, slow);
    const b = await hub.join("greer", "drivers", "fast", "s2");
    hub.open(b, fast);
    expect(hub.stats()).toEqual({ riders: 0, drivers: 2, watchers: 1 });
    slow.bufferedAmount = 1024 * 1024; // a full megabyte not yet sent
    await newRide(t, "someone");
    await waitFor(() => fast.rides().length === 1, "the fast client's ride");
    expect(slow.closedWith).toBe(1013);
    expect(slow.rides()).toEqual([]);
    expect(hub.stats().drivers).toBe(1);
    expect(t.log.events).toContainEqual(
      expect.objectContaining({ event: "live.disconnect", userId: "slow", code: 1013 }),
    );
    hub.leave(b, 1000);
    await waitFor(() => hub.stats().watchers === 0, "the watch to stop");
  });

  it("tells every one of 600 driver sockets each ride once, in order, across the fan-out's batches", async () => {
    using t = await makeApp();
    const hub = new LiveHub({ kv: t.kv, clock: t.clock, log: t.log });
    const sockets: FakeSocket[] = [];
    const clients = [];
    for (let i = 0; i < 600; i++) {
      const client = await hub.join("greer", "drivers", `drv-${i}`, `s-${i}`);
      const socket = new FakeSocket();
      hub.open(client, socket);
      clients.push(client);
      sockets.push(socket);
    }
    const first = await newRide(t, "someone");
    const second = await newRide(t, "someone else");
    await waitFor(() => sockets.every((s) => s.rides().length === 2), "both rides on every socket");
    for (const socket of sockets) {
      expect(socket.rides()).toEqual([{ type: "new", ride: first }, { type: "new", ride: second }]);
    }
    for (const client of clients) hub.leave(client, 1000);
    await waitFor(() => hub.stats().watchers === 0, "the watch to stop");
  });

  it("queues what arrives before the socket opens", async () => {
    using t = await makeApp();
    const hub = new LiveHub({ kv: t.kv, clock: t.clock, log: t.log });
    const client = await hub.join("greer", "drivers", "drv", "s1");
    const ride = await newRide(t, "someone");
    await delay(100);
    const socket = new FakeSocket();
    hub.open(client, socket);
    expect(socket.rides()).toEqual([{ type: "new", ride }]);
    hub.leave(client, 1000);
    await waitFor(() => hub.stats().watchers === 0, "the watch to stop");
  });
});
