/**
 * `deno run -A tests/e2e/vehicles_screenshots.ts`: the admin's Vehicles page at phone (390 px) and desktop (1280 px)
 * width, in English (admin-vehicles-*.png) and Spanish (es-admin-vehicles-*.png), into docs/screenshots/: the list,
 * and the form of a new vehicle with the server's refusal of a taken name. Starts the real server on a fresh KV with
 * the demo tenant and a fake SMS provider; the admin adds two vehicles through the API first.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { launchBrowser, storeSession } from "./browser.ts";
import { signInThroughApi, startServer } from "./server.ts";

const OUT = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const LANGS = { en: "", es: "es-" } as const;

const twilio = startFakeTwilio();
const server = await startServer({ env: twilio.env });
const browser = await launchBrowser();

async function save(page: Page, name: string) {
  const file = `${OUT}${name}.png`;
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`wrote ${file}`);
}

try {
  const admin = await signInThroughApi(server.url, twilio.codeFor, "8645550100");
  for (
    const vehicle of [{ name: "Van 1", seats: 12, wheelchairSpaces: 2 }, { name: "Car", seats: 6, wheelchairSpaces: 0 }]
  ) {
    const res = await fetch(`${server.url}/greer/api/admin/vehicles`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${admin.token}` },
      body: JSON.stringify(vehicle),
    });
    if (res.status !== 201) throw new Error(`vehicle: ${res.status} ${await res.text()}`);
  }
  for (const [lang, prefix] of Object.entries(LANGS)) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({
        viewport,
        baseURL: server.url,
        ...(width === "phone" ? { hasTouch: true, isMobile: true } : {}),
      });
      await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
      const page = await context.newPage();
      await storeSession(page, admin);
      await page.goto("/greer/admin/vehicles");
      await page.locator('[data-island="AdminVehicles"][data-hydrated="true"]').waitFor();
      await page.locator(".places-list__item").first().waitFor();
      await save(page, `${prefix}admin-vehicles-${width}`);

      await page.locator(".admin-head .button").click();
      const form = page.locator("form.place-form");
      await form.locator("input").first().fill("van 1");
      await form.locator("input").nth(1).fill("8");
      await form.locator('button[type="submit"]').click();
      await form.locator(".notice--error").waitFor();
      await save(page, `${prefix}admin-vehicles-form-${width}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await twilio.stop();
}
