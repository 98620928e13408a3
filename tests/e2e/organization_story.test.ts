/**
 * An organisation's story end to end, on the real server in Chromium: a super admin
 * creates an organization in /super and appoints its admin; that admin signs
 * in through the login page, sets the area on the map, the name, the brand
 * colour and invite-only on the settings page, while their own driver screen
 * stays open and redraws the name live; a stranger's sign-in to the
 * organization then goes as anyone's to the code step, but no code is texted
 * and a guess is wrong as anyone's: who belongs is not told.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { browserWorld, superSession } from "./world.ts";

const world = browserWorld();

const ADMIN_PHONE = "8645550471";
const STRANGER_PHONE = "8645550472";
const WRONG_CODE = "Invalid verification code. Please try again.";

async function openLogin(page: Page, path: string) {
  await page.goto(path);
  await page.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor({ timeout: 10_000 });
}

describe("an organization that runs itself", () => {
  it("is created in /super, set up by its new admin, and texts no stranger once invite-only", async () => {
    // The provider creates Taylors and appoints its admin.
    const boss = await superSession(world, "8645550470");
    const console = await world.newPage(DESKTOP);
    const consoleSeen = watchPage(console);
    await storeSession(console, boss);
    await console.goto("/super");
    await console.locator('[data-island="AdminConsole"][data-hydrated="true"]').waitFor();
    await console.getByLabel("Code").fill("taylors");
    await console.getByLabel("Name", { exact: true }).fill("Taylors Shuttle");
    await console.getByLabel("Centre latitude").fill("34.9204");
    await console.getByLabel("Centre longitude").fill("-82.2962");
    await console.getByLabel("Radius in meters").fill("1200");
    await console.getByLabel("Area label").fill("Main Street Taylors");
    await console.getByLabel("Admin phone").fill("(864) 555-0471");
    await console.getByRole("button", { name: "Create organization" }).click();
    await console.getByRole("status").filter({ hasText: "Organization Taylors Shuttle created" }).waitFor();
    expect(consoleSeen.errors).toEqual([]);

    // The new admin signs in on a phone, through the login page's two steps.
    const context = await world.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const seen = watchPage(page);
    await openLogin(page, "/taylors/login");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome to Taylors Shuttle");
    await page.getByLabel("Phone number").pressSequentially(ADMIN_PHONE);
    await page.getByRole("button", { name: "Send Verification Code" }).click();
    await page.getByRole("heading", { name: "Verify Your Phone" }).waitFor();
    await page.getByLabel("Verification code").fill(world.twilio.codeFor(ADMIN_PHONE)!);
    await page.getByRole("button", { name: "Verify Code" }).click();
    await page.waitForURL((url) => url.pathname === "/taylors/admin", { timeout: 10_000 });

    // Their driver screen stays open in another tab of the same phone.
    const driverTab = await context.newPage();
    await driverTab.goto("/taylors/driver");
    await driverTab.locator('[data-island="DriverScreen"][data-hydrated="true"]').waitFor();
    await driverTab.getByRole("heading", { name: "Active Ride Requests" }).waitFor();
    expect(await driverTab.locator(".brand__tenant").textContent()).toBe("· Taylors Shuttle");

    await page.getByRole("link", { name: /^Settings/ }).click();
    await page.waitForURL((url) => url.pathname === "/taylors/admin/settings");
    await page.locator('[data-island="AdminSettings"][data-hydrated="true"]').waitFor();
    // A tap on the map moves the centre: right of the middle, so east of the old centre.
    // Reaching for the map starts the WebGL map; the tap goes to it once it has loaded.
    await page.locator(".map-box").hover();
    await page.locator(".map-box .maplibregl-canvas").waitFor({ timeout: 15_000 });
    await page.locator(".map-box .maplibregl-marker").first().waitFor({ timeout: 15_000 });
    const box = (await page.locator(".map-box").boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    await page.getByLabel("Name", { exact: true }).fill("Taylors Link");
    await page.getByLabel("Radius").fill("800");
    await page.getByLabel("Brand colour").fill("#7c2d12");
    await page.getByLabel("Only people an admin added").check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByRole("status").filter({ hasText: "Settings saved." }).waitFor();

    const { data } = await world.call("GET", "/taylors/api/admin/settings", await token(page));
    expect(data.settings).toMatchObject({ name: "Taylors Link", brandColor: "#7c2d12", joinPolicy: "invite" });
    expect(data.settings.serviceArea.radiusMeters).toBe(800);
    expect(data.settings.serviceArea.lng).toBeGreaterThan(-82.2962);

    // The open driver screen hears the change: the new name, without a reload.
    await driverTab.waitForFunction(() => document.querySelector(".brand__tenant")?.textContent === "· Taylors Link");
    expect(await driverTab.title()).toBe("Driver Dashboard · Taylors Link");
    expect(seen.errors).toEqual([]);

    // The pages wear the colour at once.
    await page.goto("/taylors/about");
    const fill = await page.locator(".logo__tile").first().evaluate((el) => getComputedStyle(el).fill);
    expect(fill).toBe("rgb(124, 45, 18)");

    // A stranger reaches the code step as anyone does, but is texted nothing, and a guess is wrong as anyone's.
    const stranger = await world.newPage(PHONE);
    const strangerSeen = watchPage(stranger, { ignore: [/401/] });
    await openLogin(stranger, "/taylors/login");
    await stranger.getByLabel("Phone number").pressSequentially(STRANGER_PHONE);
    const texted = world.twilio.messages.length;
    await stranger.getByRole("button", { name: "Send Verification Code" }).click();
    await stranger.getByLabel("Verification code").fill("1234");
    await stranger.getByRole("button", { name: "Verify Code" }).click();
    await stranger.getByRole("alert").filter({ hasText: WRONG_CODE }).waitFor();
    expect(world.twilio.messages.length).toBe(texted);
    expect(await stranger.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
    expect(strangerSeen.errors).toEqual([]);
  });
});

function token(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem("authToken")!);
}
