/**
 * The dispatcher's alerts (GET /{t}/api/dispatch/state `alerts`): a pickup predicted late, a driver silent with
 * riders, a vehicle idle outside the service area; each raised from what the fleet reports and cleared when its cause
 * goes. Then the rule itself (domain/dispatch/alerts.ts) on plain objects, and the `{type:"fleet"}` doorbell of the
 * scope=all sockets.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type DispatchAlert, fleetAlerts, SILENT_MS } from "../../domain/dispatch/alerts.ts";
import { changeRole } from "../../kv/members.ts";
import { getUser } from "../../kv/users.ts";
import { liveStats } from "../../live/hub.ts";
import type { Ride } from "../../lib/rides.ts";
import { bearer, makeApp, signIn } from "../helpers/app.ts";
import { delay, LiveClient, serve, waitFor } from "../helpers/live.ts";
import { automaticWorld, drive, plannedRide } from "../helpers/plans.ts";
import { CENTRE, move, post, put, requestRide, type TestApp } from "../helpers/rides.ts";

const MINUTE = 60_000;
/** About 22 km north of the demo's centre: an hour's drive, far outside its 805 m area. */
const FAR = { lat: CENTRE.lat + 0.2, lng: CENTRE.lng };
/** Just outside the area (1.1 km north). */
const NEARBY_OUTSIDE = { lat: CENTRE.lat + 0.01, lng: CENTRE.lng };

type AlertView = DispatchAlert & { vehicleName: string | null; driverName: string | null };

/** Automatic dispatch with the van and the car online at the centre, and a dispatcher. */
async function fleet(t: TestApp) {
  const w = await automaticWorld(t);
  await drive(t, w.driver.token, w.van);
  await drive(t, w.driver2.token, w.car, { lat: CENTRE.lat + 0.003, lng: CENTRE.lng });
  const dispatcher = await signIn(t, "8645550170", "greer");
  await changeRole(t.kv, { tenant: "greer", userId: dispatcher.user.id, role: "dispatcher", add: true, now: 0 });
  return { ...w, dispatcher };
}

async function alerts(t: TestApp, token: string): Promise<AlertView[]> {
  const res = await t.request("/greer/api/dispatch/state", bearer(token));
  expect(res.status).toBe(200);
  return (await res.json()).alerts;
}

async function nameOf(t: TestApp, userId: string): Promise<string | null> {
  return (await getUser(t.kv, userId))?.name ?? null;
}

function report(t: TestApp, token: string, location: { lat: number; lng: number }) {
  return t.request("/greer/api/users/location", put(token, { location }));
}

/** The token of the driver the ride was planned for. */
function holderOf(w: Awaited<ReturnType<typeof fleet>>, ride: Ride): string {
  return ride.assignedDriverId === w.driver.user.id ? w.driver.token : w.driver2.token;
}

describe("GET /{t}/api/dispatch/state alerts", () => {
  it("answers none for a healthy fleet: drivers reporting, inside the area, pickups on time", async () => {
    using t = await makeApp();
    const w = await fleet(t);
    await plannedRide(t, w.rider.token);
    t.clock.advance(MINUTE);
    expect(await alerts(t, w.dispatcher.token)).toEqual([]);
  });

  it("raises silent at 2 minutes without a report while riders are planned, and clears it when the driver reports", async () => {
    using t = await makeApp();
    const w = await fleet(t);
    const ride = await plannedRide(t, w.rider.token);
    const holder = holderOf(w, ride);
    t.clock.advance(SILENT_MS - 1000);
    expect(await alerts(t, w.dispatcher.token)).toEqual([]);

    t.clock.advance(1000);
    const silentAt = t.clock.now() - SILENT_MS;
    expect(await alerts(t, w.dispatcher.token)).toEqual([{
      kind: "silent",
      vehicleId: ride.vehicleId,
      vehicleName: ride.vehicleId === w.van ? "Van" : "Car",
      driverId: ride.assignedDriverId,
      driverName: await nameOf(t, ride.assignedDriverId!),
      minutes: 2,
      since: silentAt,
    }]);

    expect((await report(t, holder, CENTRE)).status).toBe(200);
    expect(await alerts(t, w.dispatcher.token)).toEqual([]);
  });

  it("keeps a driver silent with a rider aboard past the fleet's 10 minutes, until they report", async () => {
    using t = await makeApp();
    const w = await fleet(t);
    const ride = await plannedRide(t, w.rider.token);
    const holder = holderOf(w, ride);
    for (const to of ["on-the-way", "arrived"]) expect((await move(t, holder, ride.id, to)).status).toBe(200);
    const last = t.clock.now();
    t.clock.advance(11 * MINUTE);

    const res = await t.request("/greer/api/dispatch/state", bearer(w.dispatcher.token));
    const state = await res.json();
    // No longer counted online: out of the vehicles, still in the alerts, named.
    expect(state.vehicles.map((v: { vehicle: { id: string } }) => v.vehicle.id)).not.toContain(ride.vehicleId);
    expect(state.alerts).toEqual([expect.objectContaining({
      kind: "silent",
      vehicleId: ride.vehicleId,
      driverId: ride.assignedDriverId,
      minutes: 11,
      since: last,
    })]);
    expect(state.alerts[0].vehicleName).toBeTruthy();

    expect((await report(t, holder, CENTRE)).status).toBe(200);
    expect(await alerts(t, w.dispatcher.token)).toEqual([]);
  });

  it("raises late when the plan predicts the pickup past the promise plus the wait, and clears it once picked up", async () => {
    using t = await makeApp();
    const w = await fleet(t);
    const ride = await plannedRide(t, w.rider.token);
    const holder = holderOf(w, ride);
    const promised = ride.requestedAt;
    // A position an hour away re-times the plan (after its 30 s pause) an hour later.
    t.clock.advance(31_000);
    expect((await report(t, holder, FAR)).status).toBe(200);

    const raised = await alerts(t, w.dispatcher.token);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ kind: "late", vehicleId: ride.vehicleId, rideId: ride.id, since: promised });
    // The hour's drive, less the 15 minutes' wait the tenant promises.
    expect(raised[0].minutes).toBeGreaterThan(40);
    expect(raised[0].minutes).toBeLessThan(90);

    for (const to of ["on-the-way", "arrived"]) expect((await move(t, holder, ride.id, to)).status).toBe(200);
    expect(await alerts(t, w.dispatcher.token)).toEqual([]);
  });

  it("clears late when the dispatcher moves the ride; the vehicle left idle outside the area raises idle-outside until it is back", async () => {
    using t = await makeApp();
    const w = await fleet(t);
    const ride = await plannedRide(t, w.rider.token);
    const holder = holderOf(w, ride);
    const other = ride.vehicleId === w.van ? w.car : w.van;
    t.clock.advance(31_000);
    expect((await report(t, holder, FAR)).status).toBe(200);
    const outsideAt = t.clock.now();
    // The other driver keeps reporting, at the centre.
    const otherToken = holder === w.driver.token ? w.driver2.token : w.driver.token;
    expect((await report(t, otherToken, CENTRE)).status).toBe(200);
    expect((await alerts(t, w.dispatcher.token)).map((a) => a.kind)).toEqual(["late"]);

    const moved = await t.request(
      `/greer/api/dispatch/rides/${ride.id}/assign`,
      post(w.dispatcher.token, { vehicleId: other }),
    );
    expect(moved.status, await moved.clone().text()).toBe(200);
    t.clock.advance(3 * MINUTE);
    expect((await report(t, holder, FAR)).status).toBe(200);
    expect((await report(t, otherToken, CENTRE)).status).toBe(200);
    expect(await alerts(t, w.dispatcher.token)).toEqual([{
      kind: "idle-outside",
      vehicleId: ride.vehicleId,
      vehicleName: ride.vehicleId === w.van ? "Van" : "Car",
      driverId: ride.assignedDriverId,
      driverName: await nameOf(t, ride.assignedDriverId!),
      // Outside since the first report out there, not the last.
      minutes: 3,
      since: outsideAt,
    }]);

    expect((await report(t, holder, CENTRE)).status).toBe(200);
    expect(await alerts(t, w.dispatcher.token)).toEqual([]);
  });

  it("in dispatch by drivers, raises silent for a driver who holds an accepted ride and stopped reporting", async () => {
    using t = await makeApp();
    const w = await fleet(t);
    const admin = w.admin.token;
    expect((await t.request("/greer/api/admin/settings", put(admin, { dispatchMode: "drivers" }))).status).toBe(200);
    const asked = await requestRide(t, w.rider.token);
    expect(asked.status).toBe(201);
    const { ride } = await asked.json();
    expect((await move(t, w.driver.token, ride.id, "accepted")).status).toBe(200);
    t.clock.advance(2 * MINUTE);
    // The second driver, with no ride, is not silent however long they say nothing.
    expect(await alerts(t, w.dispatcher.token)).toEqual([
      expect.objectContaining({ kind: "silent", driverId: w.driver.user.id, vehicleId: w.van, minutes: 2 }),
    ]);
    expect((await report(t, w.driver.token, CENTRE)).status).toBe(200);
    expect(await alerts(t, w.dispatcher.token)).toEqual([]);
  });
});

describe("fleetAlerts (domain/dispatch/alerts.ts)", () => {
  const NOW = Date.UTC(2026, 0, 5, 15, 0, 0);
  const area = { lat: CENTRE.lat, lng: CENTRE.lng, radiusMeters: 805, label: "downtown" };
  const driver = (over: Record<string, unknown> = {}) => ({
    userId: "d1",
    isAvailable: true,
    location: CENTRE,
    updatedAt: NOW,
    vehicleId: "v1",
    ...over,
  });
  const pickup = (over: Record<string, unknown> = {}) => ({
    rideId: "r1",
    kind: "pickup" as const,
    earliest: NOW - 10 * MINUTE,
    plannedAt: NOW + 5 * MINUTE,
    ...over,
  });
  const base = { now: NOW, maxWaitMinutes: 15, area, rides: [] };

  it("counts a driver silent at exactly 2 minutes, not a millisecond before", () => {
    const plans = [{ vehicleId: "v1", driverId: "d1", stops: [pickup()] }];
    const at = (updatedAt: number) => fleetAlerts({ ...base, drivers: [driver({ updatedAt })], plans });
    expect(at(NOW - SILENT_MS + 1)).toEqual([]);
    expect(at(NOW - SILENT_MS)).toEqual([
      { kind: "silent", vehicleId: "v1", driverId: "d1", minutes: 2, since: NOW - SILENT_MS },
    ]);
  });

  it("is late only past the promise plus the wait, a past prediction counting as now", () => {
    const late = (stop: Record<string, unknown>) =>
      fleetAlerts({
        ...base,
        drivers: [driver()],
        plans: [{ vehicleId: "v1", driverId: "d1", stops: [pickup(stop)] }],
      });
    // Exactly at the latest promised: on time.
    expect(late({ plannedAt: NOW + 5 * MINUTE })).toEqual([]);
    expect(late({ plannedAt: NOW + 5 * MINUTE + 1 })).toEqual([
      { kind: "late", vehicleId: "v1", driverId: "d1", rideId: "r1", minutes: 1, since: NOW - 10 * MINUTE },
    ]);
    // The plan still says 10 minutes ago, but the rider is not picked up: now is 5 minutes past the latest.
    expect(late({ earliest: NOW - 20 * MINUTE, plannedAt: NOW - 10 * MINUTE })[0]).toMatchObject({ minutes: 5 });
    // A done pickup is never late.
    expect(late({ plannedAt: NOW + 30 * MINUTE, doneAt: NOW - MINUTE })).toEqual([]);
  });

  it("raises nothing for a ride with no planned pickup yet (waiting in the queue, or accepted by hand)", () => {
    const rides = [{ assignedDriverId: null, status: "pending" as const }];
    // Outside the area, but the queue's ride holds no one: only the idle vehicle is said.
    const out = fleetAlerts({ ...base, rides, drivers: [driver({ location: NEARBY_OUTSIDE })], plans: [] });
    expect(out.map((a) => a.kind)).toEqual(["idle-outside"]);
    // In dispatch by drivers an accepted ride has no plan: no late alert, however long it waits.
    const accepted = [{ assignedDriverId: "d1", status: "accepted" as const }];
    expect(fleetAlerts({ ...base, rides: accepted, drivers: [driver()], plans: [] })).toEqual([]);
  });

  it("says idle-outside from the first report outside, not for an offline, busy or long silent driver", () => {
    const outside = driver({ location: NEARBY_OUTSIDE, outsideSince: NOW - 7 * MINUTE, updatedAt: NOW - MINUTE });
    expect(fleetAlerts({ ...base, drivers: [outside], plans: [] })).toEqual([
      { kind: "idle-outside", vehicleId: "v1", driverId: "d1", minutes: 7, since: NOW - 7 * MINUTE },
    ]);
    expect(fleetAlerts({ ...base, drivers: [{ ...outside, isAvailable: false }], plans: [] })).toEqual([]);
    expect(fleetAlerts({ ...base, drivers: [{ ...outside, updatedAt: NOW - 11 * MINUTE }], plans: [] })).toEqual([]);
    const busy = [{ vehicleId: "v1", driverId: "d1", stops: [pickup()] }];
    expect(fleetAlerts({ ...base, drivers: [outside], plans: busy })).toEqual([]);
    // A driver with no vehicle (dispatch by drivers) is said by name alone.
    const { vehicleId: _, ...noVehicle } = outside;
    expect(fleetAlerts({ ...base, drivers: [noVehicle], plans: [] })[0]).toMatchObject({ vehicleId: null });
  });

  it("lists the alerts oldest first", () => {
    const out = fleetAlerts({
      ...base,
      drivers: [
        driver({ userId: "d1", updatedAt: NOW - 3 * MINUTE }),
        driver({ userId: "d2", vehicleId: "v2", location: NEARBY_OUTSIDE, outsideSince: NOW - 9 * MINUTE }),
      ],
      plans: [{ vehicleId: "v1", driverId: "d1", stops: [pickup({ earliest: NOW - 30 * MINUTE })] }],
    });
    expect(out.map((a) => a.kind)).toEqual(["late", "idle-outside", "silent"]);
  });
});

describe("the fleet doorbell of the scope=all sockets", () => {
  let stop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stop?.();
    stop = null;
  });

  it(
    "rings an admin's socket within 2 s of a location report, at most about once a second, and no driver's",
    async () => {
      const t = await makeApp();
      const server = serve(t.app);
      const w = await fleet(t);
      const admin = new LiveClient(server.ws(`/greer/ws/drivers?scope=all&token=${encodeURIComponent(w.admin.token)}`));
      const plain = new LiveClient(server.ws(`/greer/ws/drivers?token=${encodeURIComponent(w.driver2.token)}`));
      stop = async () => {
        await Promise.all([admin.close(), plain.close()]);
        await waitFor(() => liveStats(t.kv).watchers === 0, "the watchers to stop").catch(() => {});
        await server.stop();
        t.kv.close();
      };
      expect(await admin.opened).toBe(true);
      expect(await plain.opened).toBe(true);
      await delay(1200); // past any window the opening left
      const fleetTimes = () => admin.messages.flatMap((m, i) => m.type === "fleet" ? [admin.times[i]] : []);
      const before = fleetTimes().length;

      const sent = performance.now();
      expect((await report(t, w.driver.token, CENTRE)).status).toBe(200);
      await waitFor(() => fleetTimes().length > before, "a fleet message", 2000);
      expect(fleetTimes()[before] - sent).toBeLessThan(2000);

      // A burst of reports for 2.5 s, every 50 ms.
      await delay(1100);
      const start = performance.now();
      const from = fleetTimes().length;
      while (performance.now() - start < 2500) {
        expect((await report(t, w.driver.token, CENTRE)).status).toBe(200);
        await delay(50);
      }
      await delay(1200); // the last window's one coalesced message
      const burst = fleetTimes().slice(from);
      // The first at once, then one per second: 3 or 4 for 2.5 s (plus the trailing one), never one per report.
      expect(burst.length).toBeGreaterThanOrEqual(2);
      expect(burst.length).toBeLessThanOrEqual(5);
      for (let i = 1; i < burst.length; i++) expect(burst[i] - burst[i - 1]).toBeGreaterThan(900);
      expect(admin.texts.filter((x) => x === '{"type":"fleet"}').length).toBe(fleetTimes().length);
      expect(plain.messages.some((m) => m.type === "fleet")).toBe(false);
    },
    20_000,
  );
});
