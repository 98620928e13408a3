/**
 * Organization settings end to end, on the real server in
 * Chromium: an admin renames the organisation, picks a brand colour and
 * shrinks the area on the settings page; the pages wear the colour and the
 * name at once, and the next ride request is judged against the new area.
 * A logo uploaded there replaces the Hopper mark in the header, loads under
 * the CSP, and goes again with Remove logo.
 */
import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { encodePng } from "../../lib/images/codecs.ts";
import { DESKTOP, storeSession, watchPage } from "./browser.ts";
import { shot } from "./screenshots.ts";
import { browserWorld } from "./world.ts";

const world = browserWorld();

describe("organisation settings end to end", () => {
  it("an admin renames, recolours and shrinks the area; pages and ride requests follow at once", async () => {
    const admin = await world.signIn("8645550100");
    const context = await world.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const seen = watchPage(page);
    await storeSession(page, admin);
    await page.goto("/greer/admin");
    await page.getByRole("link", { name: /^Settings/ }).click();
    await page.waitForURL((url) => url.pathname === "/greer/admin/settings");
    await page.locator('[data-island="AdminSettings"][data-hydrated="true"]').waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Greer Link");
    await page.getByLabel("Brand colour").fill("#7c2d12");
    await page.getByLabel("Radius").fill("400");
    await page.getByLabel("Area name, as riders read it").fill("Trade Street");
    await page.getByText("White text on this colour: 9.4:1 contrast.").waitFor();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByRole("status").filter({ hasText: "Settings saved." }).waitFor();
    await shot(page, "admin-settings-saved");

    // The next page wears the colour and the new name.
    await page.goto("/greer/about");
    expect(await page.locator(".brand__tenant").textContent()).toBe("· Greer Link");
    const fill = await page.locator(".logo__tile").first().evaluate((el) => getComputedStyle(el).fill);
    expect(fill).toBe("rgb(124, 45, 18)");
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe("#7c2d12");

    // 600 m north of the centre was inside the old 805 m circle; the 400 m one refuses it.
    const rider = await world.signIn("8645550699");
    const driver = await world.signIn("8645550101");
    await world.call("PUT", "/greer/api/drivers/availability", driver.token, {
      isAvailable: true,
      location: { lat: 34.9387, lng: -82.2271 },
    });
    const refused = await world.call("POST", "/greer/api/rides", rider.token, {
      pickup: { lat: 34.9441, lng: -82.2271 },
      destination: "Library",
    });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toContain("within 1 mile of Trade Street");
    expect(seen.errors).toEqual([]);
  });

  it("an admin uploads a logo: the header shows it, loaded under the CSP; Remove logo brings the mark back", async () => {
    const admin = await world.signIn("8645550100");
    const context = await world.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const seen = watchPage(page);
    await storeSession(page, admin);
    await page.goto("/greer/admin/settings");
    await page.locator('[data-island="AdminSettings"][data-hydrated="true"]').waitFor();
    // A 300 × 100 PNG: an orange bar on a transparent ground.
    const data = new Uint8ClampedArray(300 * 100 * 4);
    for (let p = 0; p < data.length; p += 4) if ((p / 4) % 300 > 20) data.set([234, 88, 12, 255], p);
    const png = await encodePng({ width: 300, height: 100, data });
    await page.locator('input[type="file"]').setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from(png),
    });
    await page.getByRole("status").filter({ hasText: "Logo saved." }).waitFor();
    const preview = page.getByRole("img", { name: "Current logo" });
    expect(await preview.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(256);

    // The about page: no island there, so nothing navigates away while the header is read.
    await page.goto("/greer/about");
    const logo = page.locator(".site-header img.logo");
    expect(await logo.getAttribute("src")).toMatch(/^\/greer\/logo\?v=[0-9a-f]{16}$/);
    expect([await logo.getAttribute("width"), await logo.getAttribute("height")]).toEqual(["96", "32"]);
    expect(await logo.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalHeight))).toBe(85);
    expect(await page.locator(".site-header svg.logo").count()).toBe(0);

    await page.goto("/greer/admin/settings");
    await page.locator('[data-island="AdminSettings"][data-hydrated="true"]').waitFor();
    await page.getByRole("button", { name: "Remove logo" }).click();
    await page.getByRole("status").filter({ hasText: "Logo removed." }).waitFor();
    await page.goto("/greer/about");
    await page.locator(".site-header svg.logo").waitFor();
    expect(await page.locator(".site-header img.logo").count()).toBe(0);
    expect(await page.locator(".site-header svg.logo").count()).toBe(1);
    expect(seen.errors).toEqual([]);
  });
});
