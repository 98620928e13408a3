/** `UPDATE_SCREENSHOTS=1 deno task test:e2e` writes the screens the browser tests pass through into docs/screenshots/. */
import type { Page } from "playwright-core";
import { REPO_ROOT } from "./server.ts";

export const SHOTS = Deno.env.get("UPDATE_SCREENSHOTS") === "1";

/** docs/screenshots/{name}.png, from the top of the page with nothing hovered, as a person opening it sees it. */
export async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.mouse.move(0, 0);
  await page.evaluate(() => scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${REPO_ROOT}docs/screenshots/${name}.png` });
}

/** docs/screenshots/{name}.png of the page scrolled so that `selector` is in view: a part placed low on the screen. */
export async function shotAt(page: Page, selector: string, name: string) {
  if (!SHOTS) return;
  await page.mouse.move(0, 0);
  await page.locator(selector).scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${REPO_ROOT}docs/screenshots/${name}.png` });
}
