/**
 * `deno run -A tests/e2e/profile_account_screenshots.ts`: Profile Settings'
 * "Your data" and "Delete my account" at phone (390 px) and desktop
 * (1280 px) width, in English (profile-account-*.png) and Spanish
 * (es-profile-account-*.png), into docs/screenshots/: the confirmation open
 * with a wrong ending typed, and the screen after the deletion.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { launchBrowser, storeSession } from "./browser.ts";
import { signInThroughApi, startServer } from "./server.ts";

const OUT = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const LANGS = { en: "", es: "es-" } as const;
const WORDS = {
  en: { open: "Delete my account", confirm: "Delete my account for good", digits: /last four digits/ },
  es: { open: "Eliminar mi cuenta", confirm: "Eliminar mi cuenta definitivamente", digits: /últimos cuatro dígitos/ },
};

const twilio = startFakeTwilio();
const server = await startServer({ env: twilio.env });
const browser = await launchBrowser();

async function call(path: string, body: unknown, token?: string, method = "POST") {
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

async function save(page: Page, name: string) {
  const file = `${OUT}${name}.png`;
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`wrote ${file}`);
}

try {
  let phone = 8645550730;
  for (const [lang, prefix] of Object.entries(LANGS) as [keyof typeof LANGS, string][]) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      const session = await signIn(String(phone++));
      await call("/api/users/profile", { name: "Ada King", email: "ada@example.com" }, session.token, "PUT");
      const context = await browser.newContext({
        viewport,
        baseURL: server.url,
        ...(width === "phone" ? { hasTouch: true, isMobile: true } : {}),
      });
      await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
      const page = await context.newPage();
      await storeSession(page, session);
      await page.goto("/greer/profile");
      await page.locator('[data-island="ProfileSettings"][data-hydrated="true"]').waitFor();
      await page.locator('[data-island="UserMenu"][data-hydrated="true"]').waitFor();
      const words = WORDS[lang];
      await page.getByRole("button", { name: words.open, exact: true }).click();
      await page.getByLabel(words.digits).fill("1234");
      await page.getByRole("button", { name: words.confirm }).click();
      await page.locator(".profile__delete .notice--error").waitFor();
      await save(page, `${prefix}profile-account-${width}`);
      await page.getByLabel(words.digits).fill(String(phone - 1).slice(-4));
      await page.getByRole("button", { name: words.confirm }).click();
      await page.locator(".profile h1").filter({ hasNotText: /Profile|perfil/ }).waitFor();
      await save(page, `${prefix}profile-account-deleted-${width}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await twilio.stop();
}
