/**
 * Ride alerts on a device, in the real server and headless Chromium: once the rider's ride is accepted the screen
 * offers "Get ride alerts on this device" (never before: not on the screen's first load); Turn on alerts subscribes
 * and hands the subscription to the server, which then pushes the ride's next notice, encrypted, to a real push
 * service on loopback (tests/helpers/push_service.ts) that decrypts it; the tenant's service worker shows that
 * message as a notification and, on a tap, brings the app to the ride's screen.
 *
 * A headless browser reaches no real push service, so PushManager.subscribe is the one thing stood in for: it
 * answers the loopback service's subscription for the server's key. The worker's push event is a real one, sent
 * through the DevTools protocol (ServiceWorker.deliverPushMessage) with the message the push service received; its
 * notificationclick handler is called in the worker with the notification it showed.
 * `UPDATE_SCREENSHOTS=1` writes the offer on the rider's and the driver's screen, at phone and desk width in both
 * languages, as docs/screenshots/ride-alerts-offer.png and its -desktop, -es and -driver variants.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import { startPushService } from "../helpers/push_service.ts";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { shot, shotAt } from "./screenshots.ts";
import { browserWorld, type Session } from "./world.ts";

const world = browserWorld();
const PICKUP = { lat: 34.9410, lng: -82.2250 };
const AWAY = { lat: 34.9387, lng: -82.2271 };
const OFFER = "Get ride alerts on this device";

let service: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => await service?.stop());

async function riderPage(rider: Session, { lang = "en", viewport = PHONE } = {}) {
  const context = await world.newContext({ viewport });
  await context.addCookies([{ name: "lang", value: lang, url: world.server.url }]);
  const page = await context.newPage();
  await storeSession(page, rider);
  return { context, page };
}

async function hydrated(page: Page) {
  await page.locator('[data-island="RiderScreen"][data-hydrated="true"]').waitFor({ timeout: 15_000 });
}

/** The rider's ride, accepted by the demo driver who waits a few hundred meters away. */
async function acceptedRide(rider: Session, driver: Session): Promise<string> {
  await world.call("PUT", "/greer/api/drivers/availability", driver.token, { isAvailable: true, location: AWAY });
  const asked = await world.call("POST", "/greer/api/rides", rider.token, {
    pickup: PICKUP,
    dropoff: AWAY,
    passengerCt: 1,
  });
  expect(asked.status).toBe(201);
  const accepted = await world.call("PUT", `/greer/api/rides/${asked.data.ride.id}`, driver.token, {
    status: "accepted",
  });
  expect(accepted.status).toBe(200);
  return asked.data.ride.id;
}

/** The browser's subscription, stood in by the loopback push service's for the server's key. */
async function standInSubscription(context: BrowserContext, subscription: unknown) {
  await context.addInitScript((json) => {
    PushManager.prototype.subscribe = () => Promise.resolve({ toJSON: () => json } as unknown as PushSubscription);
    Notification.requestPermission = () => Promise.resolve("granted");
  }, subscription);
}

describe("ride alerts on a device", () => {
  it("are offered only once a ride is accepted, in both languages, at phone and desk width", {
    timeout: 90_000,
  }, async () => {
    const rider = await world.signIn("8645550781");
    const driver = await world.signIn(DEMO_DRIVER_PHONE);
    await world.call("PUT", "/greer/api/drivers/availability", driver.token, { isAvailable: true, location: AWAY });
    // First load, no ride yet: no offer.
    const first = await riderPage(rider);
    await first.page.goto("/greer/rider");
    await hydrated(first.page);
    await first.page.getByRole("button", { name: "Request Ride" }).waitFor();
    expect(await first.page.getByText(OFFER).count()).toBe(0);

    await acceptedRide(rider, driver);
    const shots = [
      ["en", PHONE, "ride-alerts-offer", OFFER],
      ["en", DESKTOP, "ride-alerts-offer-desktop", OFFER],
      ["es", PHONE, "ride-alerts-offer-es", "Recibir avisos de viajes en este dispositivo"],
      ["es", DESKTOP, "ride-alerts-offer-desktop-es", "Recibir avisos de viajes en este dispositivo"],
    ] as const;
    for (const [lang, viewport, name, title] of shots) {
      const { page } = await riderPage(rider, { lang, viewport });
      await page.goto("/greer/rider");
      await hydrated(page);
      await page.getByText(title).waitFor({ timeout: 15_000 });
      expect(await page.getByRole("button", { name: lang === "en" ? "Turn on alerts" : "Activar avisos" }).count())
        .toBe(1);
      await shot(page, name);
    }
    // Not now is remembered on this device.
    const { page } = await riderPage(rider);
    await page.goto("/greer/rider");
    await hydrated(page);
    await page.getByRole("button", { name: "Not now" }).click();
    expect(await page.getByText(OFFER).count()).toBe(0);
    await page.reload();
    await hydrated(page);
    await page.getByText("Your ride has been accepted by a driver!").waitFor();
    expect(await page.getByText(OFFER).count()).toBe(0);
  });

  it("subscribe, bring the ride's next notice to the device, show it, and open the ride on a tap", {
    timeout: 120_000,
  }, async () => {
    const rider = await world.signIn("8645550782");
    const driver = await world.signIn(DEMO_DRIVER_PHONE);
    const { data } = await world.call("GET", "/api/push/key");
    const device = await service.subscribe(data.publicKey);
    const rideId = await acceptedRide(rider, driver);

    const { context, page } = await riderPage(rider);
    await standInSubscription(context, device.subscription);
    const watch = watchPage(page);
    await page.goto("/greer/rider");
    await hydrated(page);
    await page.getByRole("button", { name: "Turn on alerts" }).click();
    await page.getByText("Ride alerts are on for this device.").waitFor({ timeout: 30_000 });
    const mine = await world.call("GET", "/api/users/me/export", rider.token);
    expect(mine.data.pushDevices.map((d: { endpoint: string }) => d.endpoint)).toEqual([device.subscription.endpoint]);

    // The driver reaches the pickup: "here" goes to the device, encrypted, and the push service decrypts it.
    await world.call("PUT", "/greer/api/users/location", driver.token, { location: PICKUP });
    await expect.poll(async () => (await service.messages(device)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const received = (await service.messages(device)).at(-1)!;
    expect(JSON.parse(received)).toMatchObject({
      title: "City of Greer",
      body: "City of Greer: Your shuttle is here",
      url: "/greer/rider",
    });
    const texts = world.twilio.messages.filter((m) =>
      m.to.endsWith("8645550782") && m.body === "City of Greer: Your shuttle is here"
    );
    expect(texts).toEqual([]);

    // The worker gets that message as a push and shows it.
    await context.grantPermissions(["notifications"]);
    const cdp = await context.newCDPSession(page);
    const registrations: string[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
      for (const r of event.registrations) {
        if (r.scopeURL === `${world.server.url}/greer/` && !r.isDeleted) registrations.push(r.registrationId);
      }
    });
    await cdp.send("ServiceWorker.enable");
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: world.server.url,
      registrationId: registrations[0],
      data: received,
    });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          renotify: (n as Notification & { renotify: boolean }).renotify,
        }))
      );
    await expect.poll(shown, { timeout: 10_000 }).toEqual([
      { title: "City of Greer", body: "City of Greer: Your shuttle is here", tag: `ride-${rideId}`, renotify: true },
    ]);

    // A tap on it, from another screen of the app: the window goes to the ride's screen.
    await page.goto("/greer/about");
    const [worker] = context.serviceWorkers();
    await worker.evaluate(async () => {
      const scope = globalThis as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications();
      const waits: Promise<unknown>[] = [];
      const click = Object.assign(new Event("notificationclick"), {
        notification,
        waitUntil: (p: Promise<unknown>) => waits.push(p),
      });
      scope.dispatchEvent(click);
      await Promise.all(waits);
    });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe("/greer/rider");
    expect(watch.errors).toEqual([]);
  });

  it("are offered to a driver once a rider waits for them, in both languages", { timeout: 90_000 }, async () => {
    const rider = await world.signIn("8645550783");
    const driver = await world.signIn(DEMO_DRIVER_PHONE);
    await acceptedRide(rider, driver);
    const shots = [
      ["en", PHONE, "ride-alerts-offer-driver", OFFER, "See new ride requests and riders added to your run"],
      ["en", DESKTOP, "ride-alerts-offer-driver-desktop", OFFER, "See new ride requests"],
      ["es", PHONE, "ride-alerts-offer-driver-es", "Recibir avisos de viajes en este dispositivo", "Vea las nuevas"],
      ["es", DESKTOP, "ride-alerts-offer-driver-desktop-es", "Recibir avisos de viajes en este dispositivo", "Vea las"],
    ] as const;
    for (const [lang, viewport, name, title, lead] of shots) {
      // No permission granted up front (granting geolocation denies every other, notifications included): the
      // driver's position comes from a stand-in for the browser's geolocation instead.
      const context = await world.newContext({ viewport });
      await context.addInitScript(({ latitude, longitude }) => {
        const position = {
          coords: { latitude, longitude, accuracy: 10 },
          timestamp: Date.now(),
        } as GeolocationPosition;
        navigator.geolocation.getCurrentPosition = (ok) => void setTimeout(() => ok(position), 0);
        navigator.geolocation.watchPosition = (ok) => (setTimeout(() => ok(position), 0), 1);
      }, { latitude: AWAY.lat, longitude: AWAY.lng });
      await context.addCookies([{ name: "lang", value: lang, url: world.server.url }]);
      const page = await context.newPage();
      await storeSession(page, driver);
      await page.goto("/greer/driver");
      await page.locator('[data-island="DriverScreen"][data-hydrated="true"]').waitFor({ timeout: 15_000 });
      await page.getByText(title).waitFor({ timeout: 15_000 });
      await page.getByText(lead, { exact: false }).waitFor();
      // The driver's offer comes last on the screen, below the rides, so that it moves none of them.
      await shotAt(page, ".push-offer", name);
    }
  });
});
