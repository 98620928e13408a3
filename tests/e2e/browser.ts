/** Launches the system Chromium, headless, for end-to-end tests. */
import { type Browser, chromium, type ConsoleMessage, type Page } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Records what a page does: the script requests it makes and the errors it
 * logs (console errors, which include CSP violations, and uncaught exceptions).
 * `ignore` drops console errors that are expected.
 */
export function watchPage(page: Page, { ignore = [] }: { ignore?: RegExp[] } = {}) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
  });
  page.on("console", (msg: ConsoleMessage) => {
    if (msg.type() !== "error") return;
    const text = msg.text();
    if (ignore.some((re) => re.test(text))) return;
    errors.push(`console.error: ${text}`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return { scripts, errors };
}

/**
 * Leaves a signed-in session in the page's localStorage as the login form
 * does, from a page of the tenant that loads no island (its about page).
 */
export async function storeSession(
  page: Page,
  session: { token: string; user: unknown },
  tenant = "greer",
): Promise<void> {
  await page.goto(`/${tenant}/about`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem("authToken", token);
    localStorage.setItem("user", JSON.stringify(user));
  }, session);
}
