/**
 * `deno run -A tests/e2e/texting_screenshots.ts`: the provider's console with
 * an organisation's texting form open (its sign-in texts an hour and the +1
 * regions beyond US and Canada it may text), at desktop (1280 px) and phone
 * (390 px) width, in English (admin-console-texts-*.png) and Spanish
 * (es-admin-console-texts-*.png), into docs/screenshots/. The real server on
 * a fresh KV with a fake SMS provider; a super admin signs in.
 */
import { fileURLToPath } from "node:url";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";
import { openStore } from "../../kv/open.ts";
import { updateTenant } from "../../kv/tenants.ts";
import { getOrCreateUserByPhone, updateUser } from "../../kv/users.ts";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { DESKTOP, launchBrowser, PHONE, storeSession } from "./browser.ts";
import { signInThroughApi, startServer } from "./server.ts";

const OUT = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const VIEWPORTS = { desktop: DESKTOP, phone: PHONE };
const LANGS = { en: "", es: "es-" } as const;

if (import.meta.main) {
  const twilio = startFakeTwilio();
  const server = await startServer({ env: twilio.env });
  const browser = await launchBrowser();
  try {
    const kv = await openStore(server.kvPath);
    try {
      await seedDemoTenant(kv, Date.now());
      await updateTenant(kv, "greer", (t) => ({ ...t, smsPerHour: 3_000, smsRegions: ["PR"] }));
      const root = await getOrCreateUserByPhone(kv, "8645550100", Date.now());
      await updateUser(kv, root.id, (u) => ({ ...u, name: "Sam Super", isSuper: true }));
    } finally {
      kv.close();
    }
    const session = await signInThroughApi(server.url, twilio.codeFor, "8645550100");
    for (const [lang, prefix] of Object.entries(LANGS)) {
      for (const [width, viewport] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({ viewport, baseURL: server.url });
        await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
        const page = await context.newPage();
        await storeSession(page, session);
        await page.goto("/super");
        await page.locator("main .loading").waitFor({ state: "detached" });
        await page.locator('[data-island="UserMenu"][data-hydrated="true"]').waitFor();
        await page.locator("table button[aria-pressed]").first().click();
        const form = page.locator("form.super-texting");
        await form.locator("input[inputmode=numeric]").waitFor();
        await form.scrollIntoViewIfNeeded();
        const file = `${OUT}${prefix}admin-console-texts-${width}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(`wrote ${file}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await twilio.stop();
  }
}
