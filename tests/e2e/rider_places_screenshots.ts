/**
 * `deno run -A tests/e2e/rider_places_screenshots.ts`: the rider's places at phone (390 px) and desktop (1280 px)
 * width, in English (rider-places-*.png) and Spanish (es-rider-places-*.png), into docs/screenshots/: the destination
 * field's suggestions open with one active, the pickup picker's places, and a place's popup on the WebGL map. Starts
 * the real server (built-in map style) on a fresh KV with the demo tenant and its four places, a fake SMS provider and
 * the demo driver online.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { launchBrowser, storeSession } from "./browser.ts";
import { signInThroughApi, startServer } from "./server.ts";

const OUT = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const LANGS = { en: "", es: "es-" } as const;
const GREER = { latitude: 34.9387, longitude: -82.2271 };

const twilio = startFakeTwilio();
const server = await startServer({ env: twilio.env });
const browser = await launchBrowser();

async function post(path: string, body: unknown, token?: string, method = "POST") {
  const res = await fetch(server.url + path, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

function signIn(phone: string) {
  return signInThroughApi(server.url, twilio.codeFor, phone);
}

async function save(page: Page, name: string, fullPage = true) {
  const file = `${OUT}${name}.png`;
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: file, fullPage });
  console.log(`wrote ${file}`);
}

try {
  const driver = await signIn("8645550101");
  await post(
    "/greer/api/drivers/availability",
    { isAvailable: true, location: { lat: 34.9399, lng: -82.2288 } },
    driver.token,
    "PUT",
  );
  let phone = 8645550700;
  for (const [lang, prefix] of Object.entries(LANGS)) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      const session = await signIn(String(phone++));
      const context = await browser.newContext({
        viewport,
        baseURL: server.url,
        geolocation: GREER,
        permissions: ["geolocation"],
        ...(width === "phone" ? { hasTouch: true, isMobile: true } : {}),
      });
      await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
      const page = await context.newPage();
      await storeSession(page, session);
      await page.goto("/greer/rider");
      await page.locator('[data-island="RiderScreen"][data-hydrated="true"]').waitFor();
      // The WebGL map (built-in style) loads once the person reaches for it.
      await page.locator(".map-box").hover();
      await page.locator(".map-box .maplibregl-canvas").waitFor({ timeout: 15_000 });
      await page.locator(".map-box .place-pin").first().waitFor({ timeout: 15_000 });

      const field = page.locator('input[role="combobox"]');
      await field.click();
      await field.pressSequentially("gre");
      await field.press("ArrowDown");
      await page.getByRole("listbox").waitFor();
      await save(page, `${prefix}rider-places-${width}`);
      await field.press("Escape");

      await page.locator(".ride-form__pickup-actions .button").first().click();
      await page.locator(".ride-form__places").waitFor();
      await save(page, `${prefix}rider-places-pickup-${width}`);
      await page.locator(".ride-form__pickup-actions .button").first().click();

      await page.evaluate(() => scrollTo(0, 0));
      await page.locator(".place-pin", { hasText: "Greer Station" }).click();
      await page.locator(".place-popup").waitFor();
      await page.waitForTimeout(300);
      await page.locator(".map-box").screenshot({ path: `${OUT}${prefix}rider-places-map-${width}.png` });
      console.log(`wrote ${OUT}${prefix}rider-places-map-${width}.png`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await twilio.stop();
}
