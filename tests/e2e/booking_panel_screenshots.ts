/**
 * `deno run -A tests/e2e/booking_panel_screenshots.ts`: the dispatcher's booking form on the console at phone
 * (390 px) and desktop (1280 px) width, in English (booking-panel-*.png) and Spanish (es-booking-panel-*.png), into
 * docs/screenshots/: filled in (a caller's number, a pickup place chosen, the drop-off's suggestions open), then
 * booked (the confirmation naming the number and the pickup, the form cleared). The demo admin books (admins are
 * dispatchers), with the demo driver online so a ride for now can be booked. Starts the real server on a fresh KV
 * with a fake SMS provider.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { launchBrowser, storeSession } from "./browser.ts";
import { signInThroughApi, startServer } from "./server.ts";

const OUT = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const LANGS = {
  en: { prefix: "", book: "Book a ride", phone: "Caller's phone number", name: "Caller's name (optional)" },
  es: {
    prefix: "es-",
    book: "Reservar un viaje",
    phone: "Teléfono de quien llama",
    name: "Nombre (opcional)",
  },
} as const;
const PICKUP = /^(Pickup place|Lugar de recogida)$/;
const DROPOFF = /^(Drop-off place or destination|Destino: lugar o texto)$/;
const SUBMIT = /^(Book Ride|Reservar viaje)$/;

const twilio = startFakeTwilio();
const server = await startServer({ env: twilio.env });
const browser = await launchBrowser();

async function save(page: Page, name: string) {
  const panel = page.locator(".booking-panel");
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  const file = `${OUT}${name}.png`;
  await panel.screenshot({ path: file });
  console.log(`wrote ${file}`);
}

try {
  const admin = await signInThroughApi(server.url, twilio.codeFor, "8645550100");
  const driver = await signInThroughApi(server.url, twilio.codeFor, "8645550101");
  let caller = 8645550730;
  for (const [lang, words] of Object.entries(LANGS)) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      // Each booking's caller is new; the driver is online for a ride now.
      await fetch(`${server.url}/greer/api/drivers/availability`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${driver.token}` },
        body: JSON.stringify({ isAvailable: true, location: { lat: 34.9387, lng: -82.2271 } }),
      });
      const context = await browser.newContext({
        viewport,
        baseURL: server.url,
        ...(width === "phone" ? { hasTouch: true, isMobile: true } : {}),
      });
      await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
      const page = await context.newPage();
      await storeSession(page, admin);
      await page.goto("/greer/dispatch");
      await page.locator('[data-island="DispatchConsole"][data-hydrated="true"]').waitFor();
      await page.getByRole("button", { name: words.book, exact: true }).click();
      await page.getByLabel(words.phone).fill(String(caller++));
      await page.getByLabel(words.name).fill("Rosa Diaz");
      await page.getByRole("combobox", { name: PICKUP }).pressSequentially("city h");
      await page.getByRole("option", { name: /City Hall/ }).click();
      await page.getByRole("combobox", { name: DROPOFF }).pressSequentially("gre");
      await page.getByRole("option").first().waitFor();
      await save(page, `${words.prefix}booking-panel-${width}`);
      await page.getByRole("option", { name: /Greer Station/ }).click();
      await page.getByRole("button", { name: SUBMIT }).click();
      await page.locator(".booking-panel .notice--success").waitFor();
      await save(page, `${words.prefix}booking-panel-booked-${width}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await twilio.stop();
}
