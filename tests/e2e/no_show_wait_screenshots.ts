/**
 * `deno run -A tests/e2e/no_show_wait_screenshots.ts`: the wait at the pickup
 * before a no-show (lib/no_show_wait.ts) at phone (390 px) and desk (1280 px)
 * width, in English and Spanish, into docs/screenshots/:
 *
 * - driver-no-show-wait{,-desktop}{,-es}.png: the driver's card at the pickup,
 *   No-show counting down ("No-show in 2:54");
 * - admin-settings-no-show{,-desktop}{,-es}.png: the settings page's no-show
 *   policy with its wait at the pickup (the framing tests/e2e/ratings.test.ts uses).
 *
 * Starts the real server on a fresh KV with the demo tenant and a fake SMS provider.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { launchBrowser, storeSession } from "./browser.ts";
import { signInThroughApi, startServer } from "./server.ts";

const OUT = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const VIEWPORTS = { "": { width: 390, height: 844 }, "-desktop": { width: 1280, height: 800 } };
const LANGS = { en: "", es: "-es" } as const;
const PICKUP = { lat: 34.9399, lng: -82.2288 };
const AWAY = { lat: 34.9387, lng: -82.2271 };

const twilio = startFakeTwilio();
const server = await startServer({ env: twilio.env });
const browser = await launchBrowser();

async function call(method: string, path: string, token: string, body: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

async function save(page: Page, name: string) {
  const file = `${OUT}${name}.png`;
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: file });
  console.log(`wrote ${file}`);
}

const signIn = (phone: string) => signInThroughApi(server.url, twilio.codeFor, phone);

try {
  const driver = await signIn("8645550101");
  const admin = await signIn("8645550100");
  await call("PUT", "/api/users/profile", driver.token, { name: "Grace Hopper" });
  let phone = 8645550720;
  for (const [lang, langSuffix] of Object.entries(LANGS)) {
    for (const [sizeSuffix, viewport] of Object.entries(VIEWPORTS)) {
      const suffix = `${sizeSuffix}${langSuffix}`;
      // A rider's ride the driver set off for and reached: the wait at the pickup has just begun.
      await call("PUT", "/greer/api/drivers/availability", driver.token, { isAvailable: true, location: AWAY });
      const rider = await signIn(String(phone++));
      await call("PUT", "/api/users/profile", rider.token, { name: "Ada Lovelace" });
      const { ride } = await call("POST", "/greer/api/rides", rider.token, {
        pickup: PICKUP,
        destination: "Greer Station",
        passengerCt: 1,
      });
      for (const status of ["accepted", "on-the-way"]) {
        await call("PUT", `/greer/api/rides/${ride.id}`, driver.token, { status });
      }
      await call("PUT", "/greer/api/users/location", driver.token, { location: PICKUP });

      const context = await browser.newContext({
        viewport,
        baseURL: server.url,
        geolocation: { latitude: PICKUP.lat, longitude: PICKUP.lng },
        permissions: ["geolocation"],
        ...(sizeSuffix === "" ? { hasTouch: true, isMobile: true } : {}),
      });
      await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
      const page = await context.newPage();
      await storeSession(page, driver);
      await page.goto("/greer/driver");
      await page.locator('[data-island="DriverScreen"][data-hydrated="true"]').waitFor();
      const card = page.locator(".ride-item").first();
      await card.getByRole("button", { name: lang === "es" ? /No se presentó \(en / : /No-show in / }).waitFor();
      await page.waitForTimeout(4000); // a few seconds counted down
      await card.scrollIntoViewIfNeeded();
      await save(page, `driver-no-show-wait${suffix}`);

      await storeSession(page, admin);
      await page.goto("/greer/admin/settings");
      const group = page.getByRole("group", { name: lang === "es" ? "Política de ausencias" : "No-show policy" });
      await group.waitFor();
      await group.scrollIntoViewIfNeeded();
      await save(page, `admin-settings-no-show${suffix}`);
      await context.close();
      await call("PUT", `/greer/api/rides/${ride.id}`, driver.token, { status: "canceled" });
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await twilio.stop();
}
