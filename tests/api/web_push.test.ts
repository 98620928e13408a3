/**
 * Ride alerts on a device, against a real push service on loopback (tests/helpers/push_service.ts): a rider's
 * device subscribes with the app's key, a driver accepts, and the device receives the notice in the rider's
 * language, decrypted; texts follow only without a device that took it, or when the rider asks for both; a device
 * the push service says is gone (410) is removed; a sixth device replaces the oldest.
 */
import { afterEach, describe, expect, it } from "vitest";
import { listPushDevices } from "../../kv/push_devices.ts";
import { newVapidKeys } from "../../kv/vapid_keys.ts";
import { createApp } from "../../server/app.tsx";
import type { Point } from "../../lib/geo.ts";
import { bearer, html, makeApp, postJson, TEST_VAPID } from "../helpers/app.ts";
import { delay } from "../helpers/live.ts";
import { startPushService, type TestDevice } from "../helpers/push_service.ts";
import { put, requestRide, rideWorld } from "../helpers/rides.ts";
import { automaticWorld, drive } from "../helpers/plans.ts";

const RIDER_PHONE = "8645550142";
const PICKUP = { lat: 34.9410, lng: -82.2250 };
const north = (m: number): Point => ({ lat: PICKUP.lat + m / 111_195, lng: PICKUP.lng });
const METRICS_TOKEN = "metrics-token-0123456789";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function world(env: Record<string, string> = {}) {
  const t = await makeApp({ METRICS_TOKEN, ...env });
  const w = await rideWorld(t);
  const service = await startPushService();
  cleanups.push(async () => {
    await delay(50); // pushes and texts sent after an answer finish before the store closes
    await service.stop();
    t.kv.close();
  });
  const subscribe = async (token: string, device?: TestDevice) => {
    const mine = device ?? await service.subscribe(TEST_VAPID.VAPID_PUBLIC_KEY);
    const res = await t.request("/api/users/me/push", bearer(token, postJson(mine.subscription)));
    return { device: mine, res };
  };
  const accept = async (token: string) => {
    await t.request("/greer/api/users/location", put(w.driver.token, { location: north(20) }));
    const { ride } = await (await requestRide(t, token, { pickup: PICKUP })).json();
    const res = await t.request(`/greer/api/rides/${ride.id}`, put(w.driver.token, { status: "accepted" }));
    expect(res.status).toBe(200);
    return ride as { id: string };
  };
  const texts = () => t.sms.sent.filter((m) => m.to === RIDER_PHONE && !/\b\d{4}\b/.test(m.body)).map((m) => m.body);
  const metric = async (outcome: string) => {
    const res = await t.request("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    return Number((await res.text()).match(new RegExp(`hopper_push_total\\{outcome="${outcome}"\\} (\\d+)`))?.[1] ?? 0);
  };
  return { t, ...w, service, subscribe, accept, texts, metric };
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  const end = performance.now() + 5000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await delay(20);
  }
}

describe("web push", () => {
  it("hands browsers the public key they subscribe with", async () => {
    using t = await makeApp();
    const res = await t.request("/api/push/key");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: TEST_VAPID.VAPID_PUBLIC_KEY });
  });

  it("brings the accept notice to the rider's device in their language, decrypted, and texts nothing", async () => {
    const { t, rider, service, subscribe, accept, texts, metric } = await world();
    await t.request("/api/users/profile", put(rider.token, { language: "es" }));
    const { device, res } = await subscribe(rider.token);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ devices: 1 });
    const ride = await accept(rider.token);
    const got = await until(() => service.messages(device), (m) => m.length === 2, "two pushes");
    expect(got.map((m) => JSON.parse(m))).toEqual([
      {
        title: "City of Greer",
        body: "City of Greer: Su conductor aceptó su viaje y llegará en unos 2 min. STOP: no recibir más.",
        url: "/greer/rider",
        tag: `ride-${ride.id}`,
      },
      {
        title: "City of Greer",
        body: "City of Greer: Su vehículo está aquí",
        url: "/greer/rider",
        tag: `ride-${ride.id}`,
      },
    ]);
    await delay(100);
    expect(texts()).toEqual([]);
    expect(await metric("sent")).toBe(2);
  });

  it("texts as well when the rider asks for both", async () => {
    const { t, rider, service, subscribe, accept, texts } = await world();
    const asked = await t.request("/api/users/profile", put(rider.token, { textsWithPush: true }));
    expect((await asked.json()).user.textsWithPush).toBe(true);
    const { device } = await subscribe(rider.token);
    await accept(rider.token);
    await until(() => service.messages(device), (m) => m.length === 2, "two pushes");
    await until(() => Promise.resolve(texts()), (m) => m.length === 2, "two texts");
    expect(texts()[1]).toBe("City of Greer: Your shuttle is here");
  });

  it("texts a rider with no device", async () => {
    const { rider, accept, texts, metric } = await world();
    await accept(rider.token);
    await until(() => Promise.resolve(texts()), (m) => m.length === 2, "two texts");
    expect(texts()[1]).toBe("City of Greer: Your shuttle is here");
    expect(await metric("sent")).toBe(0);
  });

  it("removes a device its push service says is gone (410) and texts instead", async () => {
    const { t, rider, service, subscribe, accept, texts, metric } = await world();
    const { device } = await subscribe(rider.token);
    await service.expire(device);
    await accept(rider.token);
    await until(() => Promise.resolve(texts()), (m) => m.length === 2, "two texts");
    expect(texts()[0]).toMatch(/^City of Greer: .* accepted your ride/);
    expect(await listPushDevices(t.kv, rider.user.id)).toEqual([]);
    expect(await metric("expired")).toBe(1);
  });

  it("texts when the push service refuses the push (a subscription made for another key), and counts it failed", async () => {
    const { rider, service, subscribe, accept, texts, metric } = await world();
    const other = await service.subscribe((await newVapidKeys()).publicKey);
    await subscribe(rider.token, other);
    await accept(rider.token);
    await until(() => Promise.resolve(texts()), (m) => m.length === 2, "two texts");
    expect(await service.messages(other)).toEqual([]);
    expect(await metric("failed")).toBe(2);
  });

  it("pushes to a rider who turned ride texts off: the alert is theirs to turn on, the texts theirs to turn off", async () => {
    const { t, rider, service, subscribe, accept, texts } = await world();
    await t.request("/api/users/profile", put(rider.token, { rideTexts: false }));
    const { device } = await subscribe(rider.token);
    await accept(rider.token);
    await until(() => service.messages(device), (m) => m.length === 2, "two pushes");
    expect(texts()).toEqual([]);
  });

  it("keeps five devices: a sixth replaces the one added first", async () => {
    const { t, rider, subscribe } = await world();
    const added: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { device, res } = await subscribe(rider.token);
      expect(await res.json()).toEqual({ devices: Math.min(i + 1, 5) });
      added.push(device.subscription.endpoint);
      t.clock.advance(1000);
    }
    const kept = (await listPushDevices(t.kv, rider.user.id)).map((d) => d.endpoint);
    expect(kept.sort()).toEqual(added.slice(1).sort());
  });
});

describe("a driver's alerts", () => {
  it("tell every driver online of a new ride request (drivers mode), in their language", async () => {
    const { t, rider, driver, driver2, service, subscribe } = await world();
    await t.request("/api/users/profile", put(driver.token, { language: "es" }));
    const mine = await subscribe(driver.token);
    const other = await subscribe(driver2.token);
    const res = await requestRide(t, rider.token, { pickup: PICKUP });
    const { ride } = await res.json();
    const tag = `ride-${ride.id}`;
    const got = await until(() => service.messages(mine.device), (m) => m.length === 1, "the driver's push");
    expect(JSON.parse(got[0])).toEqual({
      title: "City of Greer",
      body: "Nueva solicitud de viaje.",
      url: "/greer/driver",
      tag,
    });
    const theirs = await until(() => service.messages(other.device), (m) => m.length === 1, "the other driver's push");
    expect(JSON.parse(theirs[0]).body).toBe("New ride request.");
  });

  it("reach a person who subscribed before they drove once they go online, and no driver who went offline", async () => {
    const { t, rider, driver, driver2, admin, service, subscribe } = await world();
    // The second driver's device, added while they were only a rider here: their role is taken, then given back.
    await t.request(`/greer/api/user/${driver2.user.id}/roles?role=driver`, {
      ...bearer(admin.token),
      method: "DELETE",
    });
    const late = await subscribe(driver2.token);
    await t.request(`/greer/api/user/${driver2.user.id}/roles`, bearer(admin.token, postJson({ role: "driver" })));
    const online = await t.request("/greer/api/drivers/availability", put(driver2.token, { isAvailable: true }));
    expect(online.status).toBe(200);
    // The first driver has a device but goes offline.
    const away = await subscribe(driver.token);
    await t.request("/greer/api/drivers/availability", put(driver.token, { isAvailable: false }));
    const res = await requestRide(t, rider.token, { pickup: PICKUP });
    expect(res.status).toBe(201);
    const got = await until(() => service.messages(late.device), (m) => m.length === 1, "the new driver's push");
    expect(JSON.parse(got[0]).body).toBe("New ride request.");
    await delay(200);
    expect(await service.messages(away.device)).toEqual([]);
  });

  it("tell the driver of a rider added to their run (automatic dispatch), in the driver screen's words", async () => {
    const { t, rider, driver, service, subscribe } = await world();
    const w = await automaticWorld(t);
    await drive(t, driver.token, w.van);
    const { device } = await subscribe(driver.token);
    const res = await requestRide(t, rider.token, { pickup: PICKUP });
    expect(res.status).toBe(201);
    const { ride } = await res.json();
    expect(ride.vehicleId).toBe(w.van);
    const got = await until(() => service.messages(device), (m) => m.length === 1, "the driver's push");
    expect(JSON.parse(got[0])).toMatchObject({
      body: expect.stringMatching(/^New rider added: pick up at \d{1,2}:\d\d\s[AP]M$/),
      url: "/greer/driver",
    });
  });
});

describe("a driver's alerts when a driver leaves", () => {
  it("tell the driver whose vehicle takes the rides of one who went offline (automatic dispatch)", async () => {
    const { t, rider, driver, driver2, service, subscribe } = await world();
    const w = await automaticWorld(t);
    await drive(t, driver.token, w.van);
    const res = await requestRide(t, rider.token, { pickup: PICKUP });
    expect((await res.json()).ride.vehicleId).toBe(w.van);
    await drive(t, driver2.token, w.car);
    const { device } = await subscribe(driver2.token);
    const off = await t.request("/greer/api/drivers/availability", put(driver.token, { isAvailable: false }));
    expect(off.status).toBe(200);
    const got = await until(() => service.messages(device), (m) => m.length === 1, "the new driver's push");
    expect(JSON.parse(got[0]).body).toMatch(/^New rider added: pick up at \d{1,2}:\d\d\s[AP]M$/);
  });
});

describe("a person's devices", () => {
  const device = (endpoint: string) => ({
    endpoint,
    expirationTime: null,
    keys: { p256dh: "B" + "A".repeat(86), auth: "A".repeat(22) },
  });

  it("take browsers' push services over https, and loopback http only on a local start", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    const add = (endpoint: string) => t.request("/api/users/me/push", bearer(rider.token, postJson(device(endpoint))));
    expect((await add("https://fcm.googleapis.com/fcm/send/abc")).status).toBe(201);
    expect((await add("http://localhost:8090/notify/abc")).status).toBe(201);
    expect((await add("https://push.example.com/send/abc")).status).toBe(400);
    const plain = await add("http://fcm.googleapis.com/fcm/send/abc");
    expect(plain.status).toBe(400);
    expect(await plain.json()).toEqual({ error: "endpoint must be the https URL of a push service" });
    using https = await makeApp({ PUBLIC_URL: "https://rides.example.org" });
    const someone = await rideWorld(https);
    const loop = await https.request(
      "/api/users/me/push",
      bearer(someone.rider.token, postJson(device("http://localhost:8090/notify/abc"))),
    );
    expect(loop.status).toBe(400);
  });

  it("are removed one by one, listed in the person's export, and deleted with the account", async () => {
    using t = await makeApp();
    const { rider } = await rideWorld(t);
    for (const n of [1, 2]) {
      await t.request(
        "/api/users/me/push",
        bearer(rider.token, postJson(device(`https://fcm.googleapis.com/fcm/send/${n}`))),
      );
    }
    const remove = (endpoint: string) =>
      t.request("/api/users/me/push", bearer(rider.token, { ...postJson({ endpoint }), method: "DELETE" }));
    expect((await remove("https://fcm.googleapis.com/fcm/send/1")).status).toBe(204);
    const again = await remove("https://fcm.googleapis.com/fcm/send/1");
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: "Device not found" });
    const exported = await (await t.request("/api/users/me/export", bearer(rider.token))).json();
    expect(exported.pushDevices).toEqual([
      { endpoint: "https://fcm.googleapis.com/fcm/send/2", expirationTime: null, addedAt: t.clock.now() },
    ]);
    expect(JSON.stringify(exported)).not.toContain("A".repeat(22));
    const gone = await t.request(
      "/api/users/me",
      bearer(rider.token, { ...postJson({ phoneLastFour: RIDER_PHONE.slice(-4) }), method: "DELETE" }),
    );
    expect(gone.status).toBe(204);
    expect(await listPushDevices(t.kv, rider.user.id)).toEqual([]);
  });

  it("answer 404 on a server without push", async () => {
    using t = await makeApp();
    const off = createApp({ kv: t.kv, sms: t.sms, clock: t.clock, config: { ...t.config, vapid: null }, log: t.log });
    const res = await off.request("/api/push/key");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Ride alerts on devices are not available on this service." });
  });

  it("are named on the privacy page with what a push carries, in both languages", async () => {
    using t = await makeApp();
    const en = await html(await t.request("/greer/privacy"));
    expect(en).toContain("<h3>Ride alerts on your device</h3>");
    expect(en).toContain("Each alert carries the organization&#x27;s name, the words of the ride text");
    const es = await html(await t.request("/greer/privacy", { headers: { cookie: "lang=es" } }));
    expect(es).toContain("<h3>Avisos de viajes en su dispositivo</h3>");
    expect(es).toContain("Cada aviso lleva el nombre de la organización");
  });
});
