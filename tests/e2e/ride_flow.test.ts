/**
 * A ride end to end: the real server (main.ts, fake Twilio), a rider and a
 * driver in two Chromium contexts on phone screens, both with their GPS set
 * in downtown Greer. The map is the real WebGL map (MapLibre, the built-in
 * offline style). `UPDATE_SCREENSHOTS=1 deno task test:e2e` also writes
 * docs/screenshots/{rider,driver}-*.png at 390×844 (and a few at desk width).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { startServer, type TestServer } from "./server.ts";
import { browserWorld, type Session } from "./world.ts";
import { shot, SHOTS } from "./screenshots.ts";
import { formatPhone } from "../../lib/phone.ts";

const DEMO_DRIVER = "8645550101";
const GREER = { latitude: 34.9387, longitude: -82.2271 };
const OUTSIDE_TEXT =
  "Sorry, that location is outside our service area. Please select a location within 1 mile of downtown Greer.";

const world = browserWorld();

async function call(path: string, method: string, body: unknown, token?: string, base = world.server.url) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const data = await res.json();
  expect(res.ok, `${method} ${path}: ${JSON.stringify(data)}\n${world.server.output()}`).toBe(true);
  return data;
}

/** Signs a number in through the API as a member of greer (a new number becomes a rider). */
const signIn = (phone: string, base?: string) => world.signIn(phone, { base });

/** The demo driver signs in once per file: a number gets only 3 codes in 15 minutes. */
let demoDriverSession: Session | undefined;
async function demoDriver(): Promise<Session> {
  return demoDriverSession ??= await signIn(DEMO_DRIVER);
}

/** A fresh rider number each time, so send limits never bite. */
let nextRider = 8645550600;
const riderPhone = () => String(nextRider++);

/** The driver's GPS: two blocks from the rider, inside the area. */
const DRIVER_AT = { latitude: 34.9399, longitude: -82.2288 };

/** A phone-sized context with its GPS in downtown Greer and the session stored. */
async function openAs(session: Session, geolocation = GREER, base = world.server.url): Promise<Page> {
  const context = await world.newContext({
    viewport: PHONE,
    baseURL: base,
    hasTouch: true,
    isMobile: true,
    geolocation,
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  await storeSession(page, session);
  return page;
}

async function goto(page: Page, path: string, island: string) {
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ timeout: 10_000 });
}

/** Waits for the WebGL map to be drawn with its pins. */
/** Reaches for the map (a hover: with the built-in style the WebGL map loads only then) and waits for it. */
async function mapReady(page: Page) {
  await page.locator(".map-box").hover();
  await page.locator(".map-box .maplibregl-canvas").waitFor({ timeout: 15_000 });
  await page.locator(".map-box .maplibregl-marker").first().waitFor({ timeout: 15_000 });
  // The first frame is drawn once the map has loaded its (offline) style.
  await page.waitForFunction(() => document.querySelector(".maplibregl-map")?.classList.contains("maplibregl-map"));
}

/** Taps the map at a fraction of its box (0,0 top left). */
async function tapMap(page: Page, fx: number, fy: number) {
  const box = (await page.locator(".map-box").boundingBox())!;
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

/** Puts a driver online at the centre of the area through the API. */
async function driverOnline(session: Session) {
  await call("/greer/api/drivers/availability", "PUT", {
    isAvailable: true,
    location: { lat: GREER.latitude, lng: GREER.longitude },
  }, session.token);
}

const card = (page: Page) => page.getByRole("region", { name: "Current Ride" });

describe("a ride end to end", () => {
  it("goes from request to completed, the driver's list and the rider's card following live", async () => {
    const driverSession = await demoDriver();
    const driver = await openAs(driverSession, DRIVER_AT);
    const driverSeen = watchPage(driver);
    await goto(driver, "/greer/driver", "DriverScreen");
    await driver.getByText("No active ride requests").waitFor();
    const available = driver.getByRole("switch", { name: /Available for rides/ });
    await expect.poll(() => available.isEnabled()).toBe(true);
    if (SHOTS) {
      await mapReady(driver);
      await shot(driver, "driver-offline");
    }
    await available.click();
    await expect.poll(() => available.getAttribute("aria-checked")).toBe("true");

    const riderSession = await signIn(riderPhone());
    const rider = await openAs(riderSession);
    const riderSeen = watchPage(rider);
    const scripts: string[] = [];
    rider.on("request", (req) => scripts.push(new URL(req.url()).pathname));
    await goto(rider, "/greer/rider", "RiderScreen");
    await expect.poll(() => rider.locator(".online-count").textContent()).toBe("1 online");
    // With the built-in style the static map serves until the rider reaches for it: no WebGL engine downloaded.
    expect(await rider.locator(".map-box .static-map").isVisible()).toBe(true);
    expect(scripts.filter((p) => p.includes("maplibre"))).toEqual([]);
    await mapReady(rider);
    // The map's code, worker and stylesheet came after the page, from beside the bundles.
    expect(scripts).toContain("/build/maplibre-gl-worker.mjs");
    expect(scripts).toContain("/build/maplibre-gl.css");
    await expect.poll(() => rider.getByText("Your current location (GPS)").isVisible()).toBe(true);

    // A tap inside the area sets the destination.
    await tapMap(rider, 0.3, 0.3);
    await expect.poll(() => rider.getByLabel("Destination").inputValue()).toBe("MAP LOCATION");
    await rider.getByLabel("Passengers").selectOption("2");
    await shot(rider, "rider-request");
    await rider.getByRole("button", { name: "Request Ride" }).click();
    await card(rider).getByText("You have a pending ride request").waitFor();
    expect(await card(rider).getByText("Dropped pin").isVisible()).toBe(true);

    // The driver's list shows it without a reload.
    const item = driver.locator(".ride-item").filter({ hasText: riderSession.user.phoneNumber.slice(-4) });
    await item.waitFor({ timeout: 10_000 });
    expect(await item.getByText("2 passengers").isVisible()).toBe(true);
    expect(await item.getByRole("link", { name: formatPhone(riderSession.user.phoneNumber) }).getAttribute("href"))
      .toBe(`tel:+1${riderSession.user.phoneNumber}`);
    await shot(driver, "driver-requests");

    const steps = [
      ["Accept", "Your ride has been accepted by a driver!"],
      ["On my way", "Your driver is on the way!"],
      ["Picked up", "Your driver has arrived!"],
    ] as const;
    for (const [button, message] of steps) {
      await item.getByRole("button", { name: button }).click();
      await card(rider).getByText(message).waitFor({ timeout: 10_000 });
      if (button === "On my way") {
        await shot(rider, "rider-ride");
        await shot(driver, "driver-ride");
        if (SHOTS) {
          await rider.setViewportSize(DESKTOP);
          await shot(rider, "rider-desktop");
          await rider.setViewportSize(PHONE);
        }
      }
    }
    // The ride's dot on the rider's map is in its status colour.
    expect(await rider.locator(".ride-dot").getAttribute("class")).toContain("ride-dot--arrived");

    await item.getByRole("button", { name: "Complete" }).click();
    await rider.getByText("Ride completed!").waitFor({ timeout: 10_000 });
    expect(await card(rider).count()).toBe(0);
    await driver.getByText("No active ride requests").waitFor();
    await rider.getByRole("button", { name: "Request Ride" }).waitFor();

    expect(driverSeen.errors).toEqual([]);
    expect(riderSeen.errors).toEqual([]);
  });

  it("alerts on a tap outside the service area and keeps the destination empty", async () => {
    const rider = await openAs(await signIn(riderPhone()));
    const seen = watchPage(rider);
    // The refusal is said in the page (role "alert"), no longer in a blocking dialog: none may open.
    const dialogs: string[] = [];
    rider.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      dialog.dismiss();
    });
    const alerts = rider.getByRole("alert");
    await goto(rider, "/greer/rider", "RiderScreen");
    await mapReady(rider);
    // Zoomed out to the least zoom, the corners of a phone's map box lie outside the 805 m circle.
    await rider.getByRole("button", { name: "Zoom out" }).click();
    await rider.waitForTimeout(800);
    await tapMap(rider, 0.03, 0.04);
    await expect.poll(() => alerts.allTextContents()).toEqual([OUTSIDE_TEXT]);
    expect(await rider.getByLabel("Destination").inputValue()).toBe("");
    await shot(rider, "rider-outside-area");
    if (SHOTS) {
      await rider.setViewportSize(DESKTOP);
      await shot(rider, "rider-outside-area-desktop");
      await rider.setViewportSize(PHONE);
    }
    // A tap at the centre is inside: it raises no alert, and takes the refusal away.
    await tapMap(rider, 0.5, 0.5);
    await expect.poll(() => rider.getByLabel("Destination").inputValue()).toBe("MAP LOCATION");
    expect(await alerts.allTextContents()).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(seen.errors).toEqual([]);
  });

  it("follows the ride by polling while the socket is blocked", async () => {
    const driverSession = await demoDriver();
    await driverOnline(driverSession);
    const rider = await openAs(await signIn(riderPhone()));
    // The riders socket never gets through, as behind a proxy that drops upgrades: the page's
    // sockets to /ws/riders are sent to a path that answers 404, so each handshake fails before opening.
    await rider.context().addInitScript(() => {
      const Real = WebSocket;
      globalThis.WebSocket = class extends Real {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(String(url).replace("/ws/riders", "/ws/blocked-by-test"), protocols);
        }
      };
    });
    const seen = watchPage(rider, { ignore: [/WebSocket connection to .*\/ws\/blocked-by-test.* failed/] });
    const frames: string[] = [];
    const sockets: string[] = [];
    rider.on("websocket", (ws) => {
      sockets.push(ws.url());
      ws.on("framereceived", (f) => frames.push(String(f.payload)));
    });
    await goto(rider, "/greer/rider", "RiderScreen");
    await expect.poll(() => rider.locator(".online-count").textContent()).toBe("1 online");
    await expect.poll(() => rider.getByText("Your current location (GPS)").isVisible()).toBe(true);
    await rider.getByLabel("Destination").fill("Greer City Park");
    await rider.getByRole("button", { name: "Request Ride" }).click();
    await card(rider).getByText("You have a pending ride request").waitFor();

    const rides = await (await fetch(`${world.server.url}/greer/api/driver/rides`, {
      headers: { authorization: `Bearer ${driverSession.token}` },
    })).json() as { id: string; destination: string }[];
    const ride = rides.find((r) => r.destination === "Greer City Park")!;
    expect(ride).toBeDefined();
    // Past the refetch made 500 ms after the request: from now on only polling can tell the rider.
    await rider.waitForTimeout(1500);
    const polls: number[] = [];
    rider.on("request", (req) => {
      if (new URL(req.url()).pathname === "/greer/api/rides/my") polls.push(Date.now());
    });
    const accepted = Date.now();
    await call(`/greer/api/rides/${ride.id}`, "PUT", { status: "accepted" }, driverSession.token);
    // Polled within 15 s (plus the answer's time), with the socket still refused.
    await card(rider).getByText("Your ride has been accepted by a driver!").waitFor({ timeout: 20_000 });
    expect(Date.now() - accepted).toBeLessThan(20_000);
    expect(await rider.getByText(/Reconnecting/).isVisible()).toBe(true);
    expect(polls.length).toBeGreaterThan(0);
    // Nothing came over a socket, though the page kept trying: the update was polled.
    expect(frames).toEqual([]);
    expect(sockets.length).toBeGreaterThan(1);

    await call(`/greer/api/rides/${ride.id}`, "PUT", { status: "canceled" }, driverSession.token);
    await rider.getByRole("button", { name: "Request Ride" }).waitFor({ timeout: 20_000 });
    expect(seen.errors).toEqual([]);
  }, 60_000);
});

describe("on a small phone", () => {
  it("keeps the rider screen in place while the map loads, at 360 px, with 44 px touch targets", async () => {
    await driverOnline(await demoDriver());
    const rider = await openAs(await signIn(riderPhone()));
    await rider.setViewportSize({ width: 360, height: 740 });
    // Hold back the chunks asked for after hydration (the lazy map), to see the screen before and after them.
    let hold = false;
    let release!: () => void;
    const gate = new Promise<void>((r) => release = r);
    await rider.route(/\/build\/chunk-[\w-]+\.js$/, async (route) => {
      if (hold) await gate;
      await route.continue();
    });
    await rider.goto("/greer/rider");
    await rider.locator('[data-island="RiderScreen"][data-hydrated="true"]').waitFor();
    hold = true;
    await rider.getByRole("button", { name: "Request Ride" }).waitFor();
    expect(await rider.locator(".map-box .static-map").isVisible()).toBe(true);
    const layout = () =>
      Promise.all(
        [".map-box", ".ride-form__pickup", "#main form button[type=submit]"].map((sel) =>
          rider.locator(sel).boundingBox()
        ),
      );
    const before = await layout();
    release();
    await mapReady(rider);
    expect(await layout()).toEqual(before);

    // No sideways scrolling; every control big enough for a thumb.
    const overflow = await rider.evaluate(() =>
      document.documentElement.scrollWidth - document.documentElement.clientWidth
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const small = await rider.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("#main button, #main select, #main input, #main a")]
        // Links inside the map's attribution line are text in a sentence (WCAG 2.5.8 exempts those).
        .filter((el) => el.offsetParent !== null && !el.closest(".maplibregl-ctrl-attrib-inner"))
        .map((el) => [el.textContent?.trim() || el.getAttribute("aria-label") || el.id, el.getBoundingClientRect()])
        .filter(([, r]) => (r as DOMRect).height < 44)
        .map(([name, r]) => `${name}: ${(r as DOMRect).height}px`)
    );
    expect(small).toEqual([]);
  });

  it("fits the driver screen at 360 px with 44 px touch targets, a ride's buttons included", async () => {
    const driverSession = await demoDriver();
    await driverOnline(driverSession);
    const riderSession = await signIn(riderPhone());
    await call("/greer/api/rides", "POST", {
      pickup: { lat: GREER.latitude, lng: GREER.longitude },
      destination: "Greer Station",
      passengerCt: 1,
    }, riderSession.token);
    const driver = await openAs(driverSession, DRIVER_AT);
    await driver.setViewportSize({ width: 360, height: 740 });
    await goto(driver, "/greer/driver", "DriverScreen");
    await driver.locator(".ride-item").first().waitFor();
    await mapReady(driver);
    const overflow = await driver.evaluate(() =>
      document.documentElement.scrollWidth - document.documentElement.clientWidth
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const small = await driver.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("#main button, #main a, .map-box button")]
        .filter((el) => el.offsetParent !== null && !el.closest(".maplibregl-ctrl-attrib-inner"))
        .map((el) => [el.textContent?.trim() || el.getAttribute("aria-label"), el.getBoundingClientRect()])
        .filter(([, r]) => (r as DOMRect).height < 44)
        .map(([name, r]) => `${name}: ${(r as DOMRect).height}px`)
    );
    expect(small).toEqual([]);
    // The first card's buttons are on the first screen, in thumb reach.
    const accept = (await driver.getByRole("button", { name: "Accept" }).first().boundingBox())!;
    expect(accept.y + accept.height).toBeLessThanOrEqual(740);
  });
});

describe("the map without its style", () => {
  let styleless: TestServer;

  beforeAll(async () => {
    // An https style URL (the CSP allows those) on a port where nothing listens: unreachable.
    styleless = await startServer({ env: { ...world.twilio.env, MAP_STYLE_URL: "https://127.0.0.1:9/style.json" } });
  });

  afterAll(async () => {
    await styleless?.stop();
  });

  it("falls back to the built-in style: background, area and pins still drawn", async () => {
    const page = await openAs(await signIn(riderPhone(), styleless.url), GREER, styleless.url);
    const seen = watchPage(page, { ignore: [/Failed to load resource/, /ERR_CONNECTION_REFUSED/] });
    const warnings: string[] = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
    await goto(page, "/greer/rider", "RiderScreen");
    await mapReady(page);
    await expect.poll(() => warnings.some((w) => w.includes("using the built-in style")), { timeout: 15_000 })
      .toBe(true);
    await page.waitForTimeout(500);
    // Inside the circle: the area's tint over the paper; the pickup pin at the centre. The spot is clear of the demo
    // tenant's place pins (Greer City Park's label now covers the quarter-width, three-quarter-height spot).
    const box = (await page.locator(".map-box").boundingBox())!;
    const inside = await pixelAt(page, box.x + box.width * 0.25, box.y + box.height * 0.35);
    expect(inside).toEqual(AREA_ON_PAPER);
    expect(await page.locator(".maplibregl-marker img[alt='Pickup']").isVisible()).toBe(true);
    // The page around it is all there.
    expect(await page.getByRole("button", { name: "Request Ride" }).isVisible()).toBe(true);
    expect(seen.errors).toEqual([]);
  });
});

/** #e9eef2 paper under the area's #1d4ed8 fill at 8%. */
const AREA_ON_PAPER = [217, 225, 240];

/** The colour of one screen pixel, read back from a screenshot by the page itself. */
async function pixelAt(page: Page, x: number, y: number): Promise<number[]> {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  return page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  }, png.toString("base64"));
}
