/**
 * `deno run -A tests/e2e/first_view_screenshots.ts`: the rider's and the driver's first view, before anyone touches
 * the map (the SVG map, no MapLibre), at phone (390 px) and desktop (1280 px) width, in English (first-view-*.png)
 * and Spanish (es-first-view-*.png), into docs/screenshots/. Starts the real server with a street map (the test
 * PMTiles archive, as the Lighthouse bench does) on a fresh KV with the demo tenant and its places. A rider about to
 * ask sees the places and the shuttle online (first-view-rider-*); a rider whose ride to Greer Station the demo
 * driver accepted sees their van (first-view-rider-ride-*), and the driver their ride (first-view-driver-*).
 */
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { writePmtilesFixture } from "../helpers/pmtiles_fixture.ts";
import { launchBrowser, storeSession } from "./browser.ts";
import { type ApiSession, signInThroughApi, startServer } from "./server.ts";

const OUT = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const LANGS = { en: "", es: "es-" } as const;
const RIDER_AT = { latitude: 34.9387, longitude: -82.2271 };
const DRIVER_AT = { latitude: 34.9399, longitude: -82.2288 };

const twilio = startFakeTwilio();
const archive = await writePmtilesFixture();
const server = await startServer({ env: { ...twilio.env, MAP_PMTILES_PATH: archive } });
const browser = await launchBrowser();

async function call(path: string, method: string, body: unknown, token: string) {
  const res = await fetch(server.url + path, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

async function shoot(session: ApiSession, path: string, island: string, at: typeof RIDER_AT, name: string) {
  for (const [lang, prefix] of Object.entries(LANGS)) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({
        viewport,
        baseURL: server.url,
        geolocation: at,
        permissions: ["geolocation"],
        ...(width === "phone" ? { hasTouch: true, isMobile: true } : {}),
      });
      await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
      const page: Page = await context.newPage();
      await storeSession(page, session);
      await page.goto(path);
      await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor();
      await page.locator(".map-box .static-map image").first().waitFor();
      if (name === "first-view-rider") await page.locator(".static-map__place").first().waitFor();
      await page.waitForTimeout(1_500);
      if (await page.locator(".maplibregl-canvas").count() > 0) throw new Error(`${path}: MapLibre loaded untouched`);
      const file = `${OUT}${prefix}${name}-${width}.png`;
      await page.screenshot({ path: file });
      console.log(`wrote ${file}`);
      await context.close();
    }
  }
}

try {
  const driver = await signInThroughApi(server.url, twilio.codeFor, "8645550101");
  const rider = await signInThroughApi(server.url, twilio.codeFor, "8645550720");
  const asking = await signInThroughApi(server.url, twilio.codeFor, "8645550721");
  await call("/greer/api/drivers/availability", "PUT", {
    isAvailable: true,
    location: { lat: DRIVER_AT.latitude, lng: DRIVER_AT.longitude },
  }, driver.token);
  const ride = await call("/greer/api/rides", "POST", {
    pickup: { lat: RIDER_AT.latitude, lng: RIDER_AT.longitude },
    destination: "Greer Station",
    passengerCt: 1,
  }, rider.token);
  await call(`/greer/api/rides/${ride.id ?? ride.ride?.id}`, "PUT", { status: "accepted" }, driver.token);
  await shoot(asking, "/greer/rider", "RiderScreen", RIDER_AT, "first-view-rider");
  await shoot(rider, "/greer/rider", "RiderScreen", RIDER_AT, "first-view-rider-ride");
  await shoot(driver, "/greer/driver", "DriverScreen", DRIVER_AT, "first-view-driver");
} finally {
  await browser.close();
  await server.stop();
  await twilio.stop();
  await Deno.remove(archive).catch(() => {});
}
