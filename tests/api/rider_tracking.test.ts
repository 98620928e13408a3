/**
 * Where is my shuttle, through the real app: GET rides/my and the
 * riders socket carry the rider's own driver's position and arrival time,
 * never another rider's; the rider is texted as the driver comes, in order,
 * once each, in their language, and not at all with ride texts off.
 */
import { afterEach, describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { recordOptOut } from "../../kv/sms_opt_outs.ts";
import { estimateMinutes } from "../../lib/eta.ts";
import type { Point } from "../../lib/geo.ts";
import { liveStats } from "../../routes/live/hub.ts";
import { bearer, postJson } from "../helpers/app.ts";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { loadConfig } from "../../lib/config.ts";
import { twilioSender } from "../../lib/sms.ts";
import { delay, LiveClient, serve, waitFor } from "../helpers/live.ts";
import { put, requestRide, rideWorld, type TestApp } from "../helpers/rides.ts";
import { makeApp } from "../helpers/app.ts";
import { startFakeOsrm } from "../helpers/fake_osrm.ts";

/** rideWorld's rider. */
const RIDER_PHONE = "8645550142";
const PICKUP = { lat: 34.9410, lng: -82.2250 };
/** About `m` meters north of the pickup. */
const north = (m: number): Point => ({ lat: PICKUP.lat + m / 111_195, lng: PICKUP.lng });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function world(env: Record<string, string> = {}) {
  const t = await makeApp(env);
  const w = await rideWorld(t);
  const server = serve(t.app);
  const sockets: LiveClient[] = [];
  cleanups.push(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await waitFor(() => liveStats(t.kv).watchers === 0, "the watchers to stop").catch(() => {});
    await server.stop();
    await delay(50); // texts sent after an answer finish before the store closes
    t.kv.close();
  });
  const socket = async (token: string) => {
    const client = new LiveClient(server.ws(`/greer/ws/riders?token=${encodeURIComponent(token)}`));
    sockets.push(client);
    if (!await client.opened) throw new Error("the riders socket did not open");
    return client;
  };
  const report = (token: string, location: Point) => t.request("/greer/api/users/location", put(token, { location }));
  const move = (token: string, id: string, status: string) =>
    t.request(`/greer/api/rides/${id}`, put(token, { status }));
  return { t, ...w, socket, report, move };
}

const locations = (c: LiveClient) =>
  c.messages.filter((m) => (m as { type: string }).type === "driver-location") as unknown as {
    rideId: string;
    location: Point;
    etaMinutes: number;
  }[];

/** The ride texts sent to `phone`, in order (sign-in codes left out). */
const textsTo = (t: TestApp, phone: string) =>
  t.sms.sent.filter((m) => m.to === phone && m.body.startsWith("City of Greer: ")).map((m) => m.body);

describe("the driver on the rider's map", () => {
  it("answers rides/my with the driver's position and minutes once accepted, null before", async () => {
    const { t, rider, driver, report, move } = await world();
    const { ride } = await (await requestRide(t, rider.token, { pickup: PICKUP })).json();
    const before = await (await t.request("/greer/api/rides/my", bearer(rider.token))).json();
    expect(before).toMatchObject({ status: "pending", driverLocation: null, etaMinutes: null });
    await move(driver.token, ride.id, "accepted");
    await report(driver.token, north(600));
    const after = await (await t.request("/greer/api/rides/my", bearer(rider.token))).json();
    expect(after).toMatchObject({
      status: "accepted",
      driverLocation: north(600),
      etaMinutes: estimateMinutes(north(600), PICKUP),
      lateMinutes: null,
    });
  });

  it("sends the ride's own rider, and nobody else, where their driver is: at once, then at most every 2 s", async () => {
    const { t, rider, rider2, driver, driver2, socket, report, move } = await world();
    const { ride } = await (await requestRide(t, rider.token, { pickup: PICKUP })).json();
    const { ride: other } = await (await requestRide(t, rider2.token, { pickup: PICKUP })).json();
    await move(driver.token, ride.id, "accepted");
    await move(driver2.token, other.id, "accepted");
    await report(driver.token, north(900));
    await report(driver2.token, north(50));

    const mine = await socket(rider.token);
    await waitFor(() => locations(mine).length === 1, "the location at connect");
    expect(locations(mine)[0]).toEqual({
      type: "driver-location",
      rideId: ride.id,
      location: north(900),
      etaMinutes: estimateMinutes(north(900), PICKUP),
      lateMinutes: null,
    });
    const theirs = await socket(rider2.token);
    await waitFor(() => locations(theirs).length === 1, "the other rider's location");

    // Ten reports in about half a second: the leading one, then one with the last position when the window ends.
    const started = performance.now();
    for (let i = 1; i <= 10; i++) {
      await report(driver.token, north(900 - i * 50));
      await delay(50);
    }
    await waitFor(() => locations(mine).at(-1)?.location.lat === north(400).lat, "the last position", 5000);
    const windowed = mine.times.filter((at, i) =>
      (mine.messages[i] as { type: string }).type === "driver-location" && at >= started
    );
    expect(windowed.length).toBeLessThanOrEqual(2);
    expect(locations(mine).at(-1)?.etaMinutes).toBe(estimateMinutes(north(400), PICKUP));

    // The other rider only ever heard of their own ride and driver.
    expect(locations(theirs).every((m) => m.rideId === other.id)).toBe(true);
    expect(theirs.texts.join("\n")).not.toContain(ride.id);
    expect(mine.texts.join("\n")).not.toContain(other.id);
    expect(locations(theirs).map((m) => m.location)).toEqual([north(50)]);
  });

  it("shows the minutes to the dropoff once the rider is aboard, and stops after the ride", async () => {
    const { t, rider, driver, socket, report, move } = await world();
    const dropoff = north(-700);
    const { ride } = await (await requestRide(t, rider.token, { pickup: PICKUP, dropoff })).json();
    await move(driver.token, ride.id, "accepted");
    await move(driver.token, ride.id, "on-the-way");
    await report(driver.token, PICKUP);
    await move(driver.token, ride.id, "arrived"); // "Picked up"
    const mine = await socket(rider.token);
    await waitFor(() => locations(mine).length === 1, "the location at connect");
    expect(locations(mine)[0].etaMinutes).toBe(estimateMinutes(PICKUP, dropoff));
    await move(driver.token, ride.id, "completed");
    await delay(100);
    await report(driver.token, north(-100));
    await delay(300);
    expect(locations(mine)).toHaveLength(1);
    const done = await (await t.request("/greer/api/rides/my", bearer(rider.token))).json();
    expect(done).toBeNull();
  });
});

describe("with a routing service (ROUTING_URL)", () => {
  it("times the way by the route's duration, and by the estimate when the service fails", async () => {
    const osrm = startFakeOsrm();
    cleanups.push(() => osrm.stop());
    osrm.state.seconds = 9 * 60; // 9 minutes of road, plus a minute to pull up
    const { t, rider, driver, report, move } = await world({ ROUTING_URL: osrm.url });
    const { ride } = await (await requestRide(t, rider.token, { pickup: PICKUP })).json();
    await move(driver.token, ride.id, "accepted");
    await report(driver.token, north(600));
    const mine = async () => await (await t.request("/greer/api/rides/my", bearer(rider.token))).json();
    expect((await mine()).etaMinutes).toBe(10);
    expect(osrm.state.requests.some((r) => r.startsWith("/route/v1/driving/"))).toBe(true);
    osrm.state.status = 500;
    await report(driver.token, north(900)); // a new pair of points: asked again, and refused
    expect((await mine()).etaMinutes).toBe(estimateMinutes(north(900), PICKUP));
  });
});

describe("texts to the rider", () => {
  it("are sent in order, once each, as the driver comes: accepted, on the way, almost there, here", async () => {
    const { t, rider, driver, report, move } = await world();
    await t.request("/api/users/profile", put(driver.token, { name: "Maria Lopez" }));
    await report(driver.token, north(3000));
    const { ride } = await (await requestRide(t, rider.token, { pickup: PICKUP })).json();
    await move(driver.token, ride.id, "accepted");
    await waitFor(() => textsTo(t, RIDER_PHONE).length === 1, "the accepted text");
    // Ten minutes pass at the depot; on my way, the arrival is now 10 minutes later than first said.
    t.clock.advance(10 * 60_000);
    await move(driver.token, ride.id, "on-the-way");
    await waitFor(() => textsTo(t, RIDER_PHONE).length === 2, "the on-the-way text");
    for (const m of [2000, 1000, 280, 200, 60, 30]) {
      await report(driver.token, north(m));
      await delay(20);
    }
    await waitFor(() => textsTo(t, RIDER_PHONE).length === 4, "almost there and here");
    await move(driver.token, ride.id, "arrived");
    await report(driver.token, north(10));
    await delay(100);
    const minutes = estimateMinutes(north(3000), PICKUP);
    expect(textsTo(t, RIDER_PHONE)).toEqual([
      `City of Greer: Maria Lopez accepted your ride and will be there in about ${minutes} min. Reply STOP to stop texts.`,
      `City of Greer: Maria Lopez is on the way, now about ${minutes} min.`,
      "City of Greer: your shuttle is about 2 min away. Please head to the pickup.",
      "City of Greer: Your shuttle is here",
    ]);
    const record = (await t.kv.get<{ sent: string[] }>(keys.rideNotices("greer", ride.id))).value;
    expect(record?.sent).toEqual(["accepted", "on-the-way", "near", "here"]);
  });

  it("are in Spanish for a rider whose profile says so", async () => {
    const { t, rider, driver, report, move } = await world();
    await t.request("/api/users/profile", put(rider.token, { language: "es" }));
    await report(driver.token, north(20));
    const { ride } = await (await requestRide(t, rider.token, { pickup: PICKUP })).json();
    await move(driver.token, ride.id, "accepted");
    await waitFor(() => textsTo(t, RIDER_PHONE).length === 2, "two texts");
    expect(textsTo(t, RIDER_PHONE)).toEqual([
      "City of Greer: Su conductor aceptó su viaje y llegará en unos 2 min. STOP: no recibir más.",
      "City of Greer: Su vehículo está aquí",
    ]);
  });

  it("are never sent with ride texts turned off, and the profile says so", async () => {
    const { t, rider, driver, report, move } = await world();
    const off = await t.request("/api/users/profile", put(rider.token, { rideTexts: false }));
    expect((await off.json()).user.rideTexts).toBe(false);
    const { ride } = await (await requestRide(t, rider.token, { pickup: PICKUP })).json();
    await move(driver.token, ride.id, "accepted");
    await report(driver.token, north(20));
    await waitFor(() => t.log.events.some((e) => e.event === "rider.texts_off"), "the skipped texts");
    await delay(100);
    expect(textsTo(t, RIDER_PHONE)).toEqual([]);
    const bad = await t.request("/api/users/profile", put(rider.token, { rideTexts: "no" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "rideTexts must be true or false" });
  });

  it("are never sent to a number that texted STOP", async () => {
    const { t, rider, driver, report, move } = await world();
    await recordOptOut(t.kv, RIDER_PHONE, t.clock.now());
    const { ride } = await (await requestRide(t, rider.token, { pickup: PICKUP })).json();
    await move(driver.token, ride.id, "accepted");
    await report(driver.token, north(20));
    await waitFor(() => t.log.events.filter((e) => e.event === "rider.texts_off").length >= 1, "the skipped texts");
    await delay(100);
    expect(textsTo(t, RIDER_PHONE)).toEqual([]);
  });

  it("stop for good when Twilio answers 21610 (the carrier blocks the number): recorded as an opt-out", async () => {
    const twilio = startFakeTwilio();
    cleanups.push(() => twilio.stop());
    const { t, rider, driver, report, move } = await world();
    await t.request("/api/users/profile", put(driver.token, { name: "Maria Lopez" }));
    // Ride texts go out through Twilio's API on the wire, whose carrier now blocks the rider's number.
    const wire = twilioSender(loadConfig(twilio.env).sms);
    const tried: string[] = [];
    t.sms.send = (to, body) => {
      tried.push(body);
      return wire.send(to, body);
    };
    twilio.block(RIDER_PHONE);
    await report(driver.token, north(3000));
    const { ride } = await (await requestRide(t, rider.token, { pickup: PICKUP })).json();
    await move(driver.token, ride.id, "accepted");
    await waitFor(() => t.log.events.some((e) => e.event === "sms.opted_out"), "the opt-out recorded");
    expect((await t.kv.get(keys.smsOptOut(RIDER_PHONE))).value).toEqual({ at: t.clock.now() });
    expect(t.log.events.find((e) => e.event === "sms.opted_out")).toMatchObject({
      phone: "********42",
      source: "twilio",
      rideId: ride.id,
    });
    // The next texts are not tried: the driver comes, arrives, and nothing more reaches Twilio.
    await move(driver.token, ride.id, "on-the-way");
    for (const m of [280, 60, 10]) {
      await report(driver.token, north(m));
      await delay(20);
    }
    await move(driver.token, ride.id, "arrived");
    await waitFor(() => t.log.events.filter((e) => e.event === "rider.texts_off").length >= 1, "the skipped texts");
    await delay(100);
    expect(tried).toHaveLength(1);
    expect(twilio.messages).toEqual([]);
    // Sign-in answers as for a number that texted STOP, and sends no code.
    const login = await t.request("/api/auth/login", postJson({ phoneNumber: RIDER_PHONE }));
    expect(login.status).toBe(409);
    expect(await login.json()).toEqual({
      error: "This number has opted out of texts. Text START to Hopper to sign in again.",
    });
    expect(tried).toHaveLength(1);
  });

  it("never fail the ride's move when the text cannot be sent", async () => {
    const { t, rider, driver, move } = await world();
    const send = t.sms.send;
    t.sms.send = () => Promise.reject(new Error("provider down"));
    const { ride } = await (await requestRide(t, rider.token, { pickup: PICKUP })).json();
    const moved = await move(driver.token, ride.id, "accepted");
    expect(moved.status).toBe(200);
    await waitFor(() => t.log.events.some((e) => e.event === "rider.text_failed"), "the failure logged");
    t.sms.send = send;
  });
});
