/**
 * `deno run -A tests/e2e/trip_planner_feed_screenshots.ts`: the Trip planners section of the settings page (the
 * GTFS-Flex feed's address and where to send it) at phone (390 px) and desktop (1280 px) width, in English
 * (settings-feed-*.png) and Spanish (es-settings-feed-*.png), into docs/screenshots/. Starts the real server on a
 * fresh KV with a fake SMS provider, and checks the feed it links answers a zip.
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
  const feed = await fetch(`${server.url}/greer/gtfs-flex.zip`);
  if (feed.status !== 200 || feed.headers.get("content-type") !== "application/zip") {
    throw new Error(`feed: ${feed.status} ${feed.headers.get("content-type")}`);
  }
  await feed.body?.cancel();
  const admin = await signInThroughApi(server.url, twilio.codeFor, "8645550100");
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
        has: page.locator("legend", { hasText: /^(Trip planners|Planificadores de viajes)$/ }),
      });
      await section.waitFor();
      await section.scrollIntoViewIfNeeded();
      const file = `${OUT}${prefix}settings-feed-${width}.png`;
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
