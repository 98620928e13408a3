/**
 * The trips screen's and the dispatcher's console's live feed: an admin's or a dispatcher's drivers socket opened
 * with scope=all hears every ride change of the tenant, while the
 * drivers socket without it keeps its rules (pending rides and one's own).
 */
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { changeRole } from "../../kv/members.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { getTenant } from "../../kv/tenants.ts";
import { authServices } from "../../server/auth_services.ts";
import type { Env } from "../../server/env.ts";
import { liveStats } from "../../live/hub.ts";
import type { LiveSettings } from "../../live/settings.ts";
import { liveRoutes } from "../../live/ws.ts";
import { bearer, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { delay, LiveClient, serve, waitFor } from "../helpers/live.ts";
import { move, requestRide, rideWorld } from "../helpers/rides.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** The whole app on a real port, or only the live routes with shorter timings. */
async function setup(settings?: Partial<LiveSettings>) {
  const t = await makeApp();
  let app: { fetch(req: Request, info: Deno.ServeHandlerInfo): Response | Promise<Response> } = t.app;
  if (settings) {
    const deps = { kv: t.kv, sms: t.sms, clock: t.clock, config: t.config, log: t.log };
    const live = new Hono<Env>();
    live.use("/:tenant/*", async (c, next) => {
      c.set("tenant", (await getTenant(t.kv, c.req.param("tenant") ?? ""))!);
      await next();
    });
    live.route("/:tenant/ws", liveRoutes(deps, authServices(deps), settings));
    app = live;
  }
  const server = serve(app);
  const clients: LiveClient[] = [];
  const connect = (path: string) => {
    const client = new LiveClient(server.ws(path));
    clients.push(client);
    return client;
  };
  cleanups.push(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await waitFor(() => liveStats(t.kv).watchers === 0, "the watchers to stop").catch(() => {});
    await server.stop();
    t.kv.close();
  });
  return { t, connect };
}

const everything = (token: string) => `/greer/ws/drivers?scope=all&token=${encodeURIComponent(token)}`;
const statuses = (client: LiveClient) => client.rideMessages().map((m) => `${m.type}:${m.ride.status}`);

describe("the admins' every-ride socket (scope=all)", () => {
  it("tells an admin every change of every ride, which a driver's socket does not", async () => {
    const { t, connect } = await setup();
    const w = await rideWorld(t);
    const admin = connect(everything(w.admin.token));
    const driver2 = connect(`/greer/ws/drivers?token=${encodeURIComponent(w.driver2.token)}`);
    expect(await admin.opened).toBe(true);
    expect(await driver2.opened).toBe(true);

    const { ride } = await (await requestRide(t, w.rider.token)).json();
    for (const to of ["accepted", "on-the-way", "arrived", "completed"]) {
      expect((await move(t, w.driver.token, ride.id, to)).status).toBe(200);
    }
    await waitFor(() => admin.rideMessages().length === 5, "five messages for the admin");
    expect(statuses(admin)).toEqual([
      "new:pending",
      "update:accepted",
      "update:on-the-way",
      "update:arrived",
      "update:completed",
    ]);
    // The other driver heard the request and that it left their list, nothing after.
    await delay(100);
    expect(statuses(driver2)).toEqual(["new:pending", "update:accepted"]);

    // A trip deleted while active leaves the admin's list as canceled (socket messages know no delete).
    const next = await (await requestRide(t, w.rider.token)).json();
    await t.request(`/greer/api/rides/${next.ride.id}`, bearer(w.admin.token, { method: "DELETE" }));
    await waitFor(() => admin.rideMessages().length === 7, "the new ride and its deletion");
    expect(statuses(admin).slice(5)).toEqual(["new:pending", "update:canceled"]);
  });

  it("tells the admin when a removed user's ride is canceled", async () => {
    const { t, connect } = await setup();
    const w = await rideWorld(t);
    const root = await superAdmin(t);
    const admin = connect(everything(root.token));
    expect(await admin.opened).toBe(true);
    const { ride } = await (await requestRide(t, w.rider.token)).json();
    await t.request(`/greer/api/user/${w.rider.user.id}`, bearer(root.token, { method: "DELETE" }));
    await waitFor(() => admin.rideMessages().length === 2, "the request and its cancellation");
    expect(admin.rideMessages()[1]).toMatchObject({ type: "update", ride: { id: ride.id, status: "canceled" } });
  });

  it("lets a dispatcher who is no driver hear every ride, and closes their plain drivers socket", async () => {
    const { t, connect } = await setup();
    const w = await rideWorld(t);
    const dispatcher = await signIn(t, "8645550170", "greer");
    await changeRole(t.kv, { tenant: "greer", userId: dispatcher.user.id, role: "dispatcher", add: true, now: 0 });
    const all = connect(everything(dispatcher.token));
    expect(await all.opened).toBe(true);
    const plain = connect(`/greer/ws/drivers?token=${encodeURIComponent(dispatcher.token)}`);
    expect((await plain.closed).code).toBe(1008);

    const { ride } = await (await requestRide(t, w.rider.token)).json();
    expect((await move(t, w.driver.token, ride.id, "accepted")).status).toBe(200);
    await waitFor(() => all.rideMessages().length === 2, "the request and its acceptance");
    expect(statuses(all)).toEqual(["new:pending", "update:accepted"]);
  });

  it("closes 1008 for a driver or a rider asking for every ride", async () => {
    const { t, connect } = await setup();
    const w = await rideWorld(t);
    for (const path of [everything(w.driver.token), `/greer/ws/riders?scope=all&token=${w.rider.token}`]) {
      const client = connect(path);
      expect((await client.closed).code, path).toBe(1008);
    }
  });

  it("closes the socket 1008 once the admin loses the role", async () => {
    const { t, connect } = await setup({ recheckMs: 100 });
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    // Still a driver afterwards: the drivers socket alone would stay open, scope=all may not.
    await changeRole(t.kv, { tenant: "greer", userId: admin.user.id, role: "driver", add: true, now: 0 });
    const client = connect(everything(admin.token));
    expect(await client.opened).toBe(true);
    await changeRole(t.kv, { tenant: "greer", userId: admin.user.id, role: "admin", add: false, now: 0 });
    expect((await client.closed).code).toBe(1008);
  });
});
