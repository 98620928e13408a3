/**
 * The islands run on Preact in the browser (scripts/build.ts) over HTML that
 * React rendered on the server. Every page with islands, in Chromium: each
 * island hydrates without an error, and every id on the page is unique and
 * every label and ARIA reference (for, aria-labelledby, aria-describedby,
 * aria-controls) points at an element, with the account menu and a dialog
 * open too (Preact's own useId repeats across islands: components/dom_id.ts).
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, storeSession, watchPage } from "./browser.ts";
import { browserWorld } from "./world.ts";

const DEMO_ADMIN = "8645550100";

const world = browserWorld();
let context: BrowserContext;
let session: unknown;

beforeAll(async () => {
  session = await world.signIn(DEMO_ADMIN);
  context = await world.browser.newContext({ viewport: DESKTOP, baseURL: world.server.url });
});

afterAll(async () => {
  await context?.close();
});

/** Ids used twice, and references that point at no element, as "attribute -> id" lines. */
function idProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const counts = new Map<string, number>();
    for (const el of document.querySelectorAll("[id]")) counts.set(el.id, (counts.get(el.id) ?? 0) + 1);
    for (const [id, n] of counts) if (n > 1) problems.push(`id "${id}" used ${n} times`);
    for (const attr of ["for", "aria-labelledby", "aria-describedby", "aria-controls"]) {
      for (const el of document.querySelectorAll(`[${attr}]`)) {
        for (const id of el.getAttribute(attr)!.split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) problems.push(`${attr} -> "${id}" (no such element)`);
        }
      }
    }
    return problems;
  });
}

/** Opens `path` and waits until every island on it has hydrated and stopped loading. */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>("[data-island]")].every((el) => el.dataset.hydrated === "true")
  );
  await page.locator(".loading").first().waitFor({ state: "detached" });
}

describe("islands on Preact over React's HTML", () => {
  it("hydrate the signed-out pages with unique ids and references that resolve", async () => {
    const page = await context.newPage();
    const seen = watchPage(page);
    for (const path of ["/login", "/greer/login", "/contact"]) {
      await openHydrated(page, path);
      expect(await page.locator("[data-island]").count(), path).toBeGreaterThan(0);
      expect(await idProblems(page), path).toEqual([]);
    }
    expect(seen.errors).toEqual([]);
    await page.close();
  });

  it("hydrate every signed-in page with the menu open, unique ids and references that resolve", async () => {
    const page = await context.newPage();
    const seen = watchPage(page);
    await storeSession(page, session as { token: string; user: unknown });
    const paths = [
      "rider",
      "driver",
      "profile",
      "dispatch",
      "admin",
      "admin/trips",
      "admin/users",
      "admin/schedule",
      "admin/reports",
      "admin/reports/monthly",
    ];
    for (const path of paths.map((p) => `/greer/${p}`)) {
      await openHydrated(page, path);
      expect(new URL(page.url()).pathname, "not sent elsewhere by the guard").toBe(path);
      await page.getByRole("button", { name: "Account menu" }).click();
      await page.getByRole("navigation", { name: "Account" }).waitFor();
      expect(await idProblems(page), path).toEqual([]);
    }
    // A dialog mounted after hydration, beside the menu's ids: its name is its own title.
    await openHydrated(page, "/greer/admin/users");
    await page.getByRole("button", { name: /^Manage roles of/ }).first().click();
    await page.getByRole("dialog", { name: "Manage Roles" }).waitFor();
    expect(await idProblems(page)).toEqual([]);
    expect(seen.errors).toEqual([]);
    await page.close();
  });
});
