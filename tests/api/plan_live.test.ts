/**
 * Changes of plan reach the sockets through the ride feed within 2 s: a cancel that re-times another rider, a
 * driver's position that moves the times, a ride handed to another vehicle when its driver goes offline. Each is seen
 * by the rider's socket (their own ride) and the driver's (their rides).
 */
import { afterEach, describe, expect, it } from "vitest";
import { RETIME_EVERY_MS } from "../../domain/dispatch/retime.ts";
import { liveStats } from "../../live/hub.ts";
import type { Ride } from "../../lib/rides.ts";
import { makeApp } from "../helpers/app.ts";
import { delay, LiveClient, serve, waitFor } from "../helpers/live.ts";
import { automaticWorld, availability, drive, plannedRide, planOf } from "../helpers/plans.ts";
import { CENTRE, INSIDE, move, put, type TestApp } from "../helpers/rides.ts";

const SOUTH = { lat: 34.9207, lng: -82.2271 };
const B_PICKUP = { lat: 34.9395, lng: -82.2265 };
const B_DROPOFF = { lat: 34.9340, lng: -82.2310 };
const LIVE_MS = 2000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function liveWorld() {
  const t = await makeApp();
  const w = await automaticWorld(t);
  await drive(t, w.driver.token, w.van, CENTRE);
  const a = await plannedRide(t, w.rider.token, { pickup: INSIDE });
  const b = await plannedRide(t, w.rider2.token, { pickup: B_PICKUP, dropoff: B_DROPOFF });
  const server = serve(t.app);
  const sockets: LiveClient[] = [];
  cleanups.push(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await waitFor(() => liveStats(t.kv).watchers === 0, "the watchers to stop").catch(() => {});
    await server.stop();
    await delay(50);
    t.kv.close();
  });
  const open = async (path: string, token: string) => {
    const client = new LiveClient(server.ws(`/greer/ws/${path}?token=${encodeURIComponent(token)}`));
    sockets.push(client);
    if (!await client.opened) throw new Error(`the ${path} socket did not open`);
    return client;
  };
  return { t, ...w, a, b, open };
}

/** The newest version of ride `id` the socket was sent, once `check` holds for it, and how long after `since`. */
async function seen(client: LiveClient, id: string, check: (ride: Ride) => boolean, since: number) {
  const found = () => client.rideMessages().findIndex((m) => m.ride.id === id && check(m.ride));
  await waitFor(() => found() >= 0, `ride ${id} on the socket`, LIVE_MS + 1000);
  const i = client.messages.indexOf(client.rideMessages()[found()]);
  return { ride: client.rideMessages()[found()].ride, ms: client.times[i] - since };
}

const pickupOf = async (t: TestApp, vehicleId: string, rideId: string) =>
  (await planOf(t, vehicleId))!.stops.find((s) => s.rideId === rideId && s.kind === "pickup")!.plannedAt;

describe("changes of plan on the sockets", () => {
  it("a rider's cancel re-times the other rider, whose socket and the driver's get the new drop-off within 2 s", async () => {
    const { t, rider, rider2, driver, a, b, open } = await liveWorld();
    const riderSocket = await open("riders", rider.token);
    const driverSocket = await open("drivers", driver.token);
    const dropoffOf = async () =>
      (await planOf(t, a.vehicleId!))!.stops.find((s) => s.rideId === a.id && s.kind === "dropoff")!.plannedAt;
    const before = await dropoffOf();
    const start = performance.now();
    expect((await move(t, rider2.token, b.id, "canceled")).status).toBe(200);
    const dropoffAt = await dropoffOf();
    expect(dropoffAt).toBeLessThanOrEqual(before - 60_000);
    for (const socket of [riderSocket, driverSocket]) {
      const { ride, ms } = await seen(socket, a.id, (r) => r.dropoffAt === dropoffAt, start);
      expect(ride).toMatchObject({ status: "accepted", vehicleId: a.vehicleId, dropoffAt });
      expect(ms).toBeLessThan(LIVE_MS);
    }
    // The rider is sent their own ride only.
    expect(riderSocket.rideMessages().filter((m) => m.ride.id === b.id)).toEqual([]);
  });

  it("a driver's position that makes the van later reaches the rider's socket with the new pickup time", async () => {
    const { t, rider, driver, a, open } = await liveWorld();
    const riderSocket = await open("riders", rider.token);
    t.clock.advance(RETIME_EVERY_MS);
    const start = performance.now();
    expect((await t.request("/greer/api/users/location", put(driver.token, { location: SOUTH }))).status).toBe(200);
    const pickupAt = await pickupOf(t, a.vehicleId!, a.id);
    expect(pickupAt).toBeGreaterThan(a.pickupAt! + 60_000);
    const { ms } = await seen(riderSocket, a.id, (r) => r.pickupAt === pickupAt, start);
    expect(ms).toBeLessThan(LIVE_MS);
  });

  it("a ride handed to another vehicle reaches its rider's socket and the new driver's with them as its driver", async () => {
    const { t, rider, driver, driver2, car, a, open } = await liveWorld();
    await drive(t, driver2.token, car, SOUTH);
    const riderSocket = await open("riders", rider.token);
    const newDriver = await open("drivers", driver2.token);
    const start = performance.now();
    expect((await availability(t, driver.token, { isAvailable: false })).status).toBe(200);
    for (const socket of [riderSocket, newDriver]) {
      const { ride, ms } = await seen(socket, a.id, (r) => r.vehicleId === car, start);
      expect(ride).toMatchObject({ status: "accepted", assignedDriverId: driver2.user.id });
      expect(ms).toBeLessThan(LIVE_MS);
    }
  });
});
