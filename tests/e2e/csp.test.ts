/**
 * The Content-Security-Policy at work in a real browser:
 * the real server and headless Chromium. A rider names themself with markup
 * that would run script; the admin users page and the header show it as text
 * and nothing runs. A script element and an inline handler injected into the
 * DOM do not run either, and the browser reports the violations. Logout
 * clears the token and the stored user, and the token stops working.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { storeSession, watchPage } from "./browser.ts";
import { browserWorld, type Session } from "./world.ts";

/** 69 characters (names may have 80): an image whose error handler, and a script, would set globals. */
const HOSTILE_NAME = "<img src=x onerror=window.__pwned=1><script>window.__pwned=2</script>";
const CSP_REPORT = /Content Security Policy|Refused to (execute|load)/;

const world = browserWorld();
const { call } = world;
const signIn = (phone: string) => world.signIn(phone);

/** A page signed in as `session`, recording CSP reports (console) and violation events. */
async function signedInPage(session: Session): Promise<{ page: Page; watch: ReturnType<typeof watchPage> }> {
  const context = await world.newContext();
  await context.addInitScript(() => {
    const seen: string[] = [];
    (globalThis as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(e.effectiveDirective));
  });
  const page = await context.newPage();
  const watch = watchPage(page, { ignore: [CSP_REPORT] });
  await storeSession(page, session);
  return { page, watch };
}

const globals = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as Record<string, unknown>;
    return { pwned: w.__pwned ?? null, injected: w.__injected ?? null, handler: w.__handler ?? null };
  });
const violations = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __violations: string[] }).__violations);

describe("the Content-Security-Policy in the browser", () => {
  it("shows a hostile name as text on the admin users page and in the header, and runs none of it", async () => {
    const rider = await signIn("8645550601");
    const renamed = await call("PUT", "/api/users/profile", rider.token, { name: HOSTILE_NAME });
    expect(renamed.status, JSON.stringify(renamed.data)).toBe(200);
    const admin = await signIn("8645550100");

    const { page, watch } = await signedInPage(admin);
    await page.goto("/greer/admin/users");
    await expect.poll(() => page.getByText(HOSTILE_NAME, { exact: true }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await page.locator("img[onerror], main script").count()).toBe(0);
    expect(await globals(page)).toEqual({ pwned: null, injected: null, handler: null });

    const riderView = await signedInPage(renamed.data.user ? { ...rider, user: renamed.data.user } : rider);
    await riderView.page.goto("/greer/profile");
    await expect.poll(() => riderView.page.locator(".user-menu__name").textContent(), { timeout: 15_000 })
      .toBe(HOSTILE_NAME);
    expect(await globals(riderView.page)).toEqual({ pwned: null, injected: null, handler: null });
    expect([...watch.errors, ...riderView.watch.errors]).toEqual([]);
  });

  it("blocks a script element and an inline handler injected into the page, and reports them", async () => {
    const rider = await signIn("8645550602");
    const { page, watch } = await signedInPage(rider);
    const reports: string[] = [];
    page.on("console", (msg) => CSP_REPORT.test(msg.text()) && reports.push(msg.text()));
    await page.goto("/greer/rider");
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.head.append(script);
      const box = document.createElement("div");
      box.innerHTML = '<img src="/favicon.svg?x" onload="window.__handler = true">';
      document.body.append(box);
    });
    await expect.poll(() => violations(page), { timeout: 10_000 }).toEqual(
      expect.arrayContaining(["script-src-elem", "script-src-attr"]),
    );
    expect(await globals(page)).toEqual({ pwned: null, injected: null, handler: null });
    expect(reports.length).toBeGreaterThanOrEqual(2);
    // The page's own scripts (from /build/) ran: the islands hydrated.
    await expect.poll(() => page.locator("[data-hydrated=true]").count()).toBeGreaterThan(0);
    expect(watch.errors).toEqual([]);
  });

  it("clears the token and the stored user on logout, and the token stops working", async () => {
    const rider = await signIn("8645550603");
    const { page } = await signedInPage(rider);
    await page.goto("/greer/profile");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/greer\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem("authToken"), localStorage.getItem("user")])).toEqual([
      null,
      null,
    ]);
    expect((await call("GET", "/api/users/profile", rider.token)).status).toBe(401);
  });
});
