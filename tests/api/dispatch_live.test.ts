/**
 * A ride a dispatcher moves reaches both drivers' sockets: the driver it went to hears it as theirs, the driver it
 * was taken from hears that it left them (their run reads its plan again), and the console's scope=all socket hears
 * the move. The demo tenant in automatic dispatch with a van and a car, each with a driver online.
 */
import { afterEach, describe, expect, it } from "vitest";
import { changeRole } from "../../kv/members.ts";
import { liveStats } from "../../live/hub.ts";
import { makeApp, signIn } from "../helpers/app.ts";
import { LiveClient, serve, waitFor } from "../helpers/live.ts";
import { automaticWorld, drive, plannedRide } from "../helpers/plans.ts";
import { CENTRE, post } from "../helpers/rides.ts";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup() {
  const t = await makeApp();
  const server = serve(t.app);
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

describe("a ride a dispatcher moves to another vehicle", () => {
  it("is told to the driver it left, the driver it reached and the console's socket", async () => {
    const { t, connect } = await setup();
    const w = await automaticWorld(t);
    await drive(t, w.driver.token, w.van, CENTRE);
    await drive(t, w.driver2.token, w.car, { lat: CENTRE.lat + 0.003, lng: CENTRE.lng });
    const dispatcher = await signIn(t, "8645550170", "greer");
    await changeRole(t.kv, { tenant: "greer", userId: dispatcher.user.id, role: "dispatcher", add: true, now: 0 });
    const ride = await plannedRide(t, w.rider.token);
    const [from, to] = ride.vehicleId === w.van ? [w.driver, w.driver2] : [w.driver2, w.driver];
    const target = ride.vehicleId === w.van ? w.car : w.van;

    const sockets = [from, to, dispatcher].map((who) =>
      connect(`/greer/ws/drivers${who === dispatcher ? "?scope=all&" : "?"}token=${encodeURIComponent(who.token)}`)
    );
    for (const s of sockets) expect(await s.opened).toBe(true);
    const [fromSocket, toSocket, consoleSocket] = sockets;
    const heard = (s: LiveClient) =>
      s.rideMessages().filter((m) => m.ride.id === ride.id && m.ride.vehicleId === target);

    const res = await t.request(
      `/greer/api/dispatch/rides/${ride.id}/assign`,
      post(dispatcher.token, { vehicleId: target }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    for (
      const [s, who] of [[fromSocket, "the driver it left"], [toSocket, "its new driver"], [
        consoleSocket,
        "the console",
      ]] as const
    ) {
      await waitFor(() => heard(s).length > 0, `${who} to hear the move`);
      expect(heard(s)[0].ride.assignedDriverId, who).toBe(to.user.id);
    }
  });
});
