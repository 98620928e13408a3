/**
 * `deno run -A tests/e2e/settings_dispatch_screenshots.ts`: the Dispatch section of the settings page at phone
 * (390 px) and desktop (1280 px) width, in English (settings-dispatch-*.png) and Spanish (es-settings-dispatch-*.png),
 * into docs/screenshots/: the demo tenant of a first start (automatic dispatch, two vehicles), then the same with its
 * vehicles removed, where the page says automatic dispatch assigns rides to no one (settings-dispatch-no-vehicles-*).
 * Starts the real server on a fresh KV, as a first start, with a fake SMS provider.
 */
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { launchBrowser, storeSession } from "./browser.ts";
import { signInThroughApi, startServer } from "./server.ts";

const OUT = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const LANGS = { en: "", es: "es-" } as const;

const twilio = startFakeTwilio();
const server = await startServer({ env: twilio.env, firstStart: true });
const browser = await launchBrowser();

async function shots(browser: Browser, session: { token: string; user: unknown }, name: string) {
  for (const [lang, prefix] of Object.entries(LANGS)) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({
        viewport,
        baseURL: server.url,
        ...(width === "phone" ? { hasTouch: true, isMobile: true } : {}),
      });
      await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
      const page = await context.newPage();
      await storeSession(page, session);
      await page.goto("/greer/admin/settings");
      await page.locator('[data-island="AdminSettings"][data-hydrated="true"]').waitFor();
      const section = page.locator("fieldset", {
        has: page.locator("legend", { hasText: /^(Dispatch|Despacho)$/ }),
      });
      await section.waitFor();
      // The vehicles are counted after the settings load: the note (or its absence) settles then.
      await page.waitForTimeout(500);
      await section.scrollIntoViewIfNeeded();
      const file = `${OUT}${prefix}${name}-${width}.png`;
      await section.screenshot({ path: file });
      console.log(`wrote ${file}`);
      await context.close();
    }
  }
}

try {
  const admin = await signInThroughApi(server.url, twilio.codeFor, "8645550100");
  await shots(browser, admin, "settings-dispatch");
  const headers = { authorization: `Bearer ${admin.token}` };
  const vehicles = await (await fetch(`${server.url}/greer/api/admin/vehicles`, { headers })).json();
  for (const { id } of vehicles) {
    const res = await fetch(`${server.url}/greer/api/admin/vehicles/${id}`, { method: "DELETE", headers });
    if (res.status !== 204) throw new Error(`delete vehicle: ${res.status} ${await res.text()}`);
  }
  await shots(browser, admin, "settings-dispatch-no-vehicles");
} finally {
  await browser.close();
  await server.stop();
  await twilio.stop();
}
