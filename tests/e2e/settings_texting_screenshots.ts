/**
 * `deno run -A tests/e2e/settings_texting_screenshots.ts`: the Organization section of the settings page, where an
 * admin sets the tenant's own texting number (riders book rides by texting it), at phone (390 px) and desktop
 * (1280 px) width, in English (settings-texting-*.png) and Spanish (es-settings-texting-*.png), into
 * docs/screenshots/. Starts the real server on a fresh KV with a fake SMS provider; the number is saved through the
 * API first, as the page would save it.
 */
import { fileURLToPath } from "node:url";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { launchBrowser, storeSession } from "./browser.ts";
import { signInThroughApi, startServer } from "./server.ts";

const OUT = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const LANGS = { en: "", es: "es-" } as const;

const twilio = startFakeTwilio();
const server = await startServer({ env: twilio.env });
const browser = await launchBrowser();

try {
  const admin = await signInThroughApi(server.url, twilio.codeFor, "8645550100");
  const saved = await fetch(`${server.url}/greer/api/admin/settings`, {
    method: "PUT",
    headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
    body: JSON.stringify({ smsNumber: "+18645550111", contactPhone: "8645550100" }),
  });
  if (saved.status !== 200) throw new Error(`settings: ${saved.status} ${await saved.text()}`);
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
      await page.goto("/greer/admin/settings");
      await page.locator('[data-island="AdminSettings"][data-hydrated="true"]').waitFor();
      const section = page.locator("fieldset", {
        has: page.locator("legend", { hasText: /^(Organization|Organización)$/ }),
      });
      await section.waitFor();
      await section.scrollIntoViewIfNeeded();
      const file = `${OUT}${prefix}settings-texting-${width}.png`;
      await section.screenshot({ path: file });
      console.log(`wrote ${file}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await twilio.stop();
}
