/**
 * The signed-in tenant pages end to end: the real server with the fake SMS
 * provider, sessions made through the sign-in API, headless Chromium.
 */
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { browserWorld } from "./world.ts";

const DEMO_ADMIN = "8645550100";
const DEMO_DRIVER = "8645550101";

const world = browserWorld();
const newPage = (viewport = DESKTOP) => world.newPage(viewport);
/** Signs a phone number in through the API, joining greer unless told otherwise (a new number becomes a rider). */
const signInApi = (phone: string, tenantCode?: string | null) => world.signIn(phone, { tenantCode });

/** A fresh rider number for each test, so send limits never bite. */
let nextRider = 8645550300;
const riderPhone = () => String(nextRider++);

describe("signed-in pages", () => {
  it("sends a signed-out visitor from /greer/rider to /greer/login", async () => {
    const page = await newPage();
    const seen = watchPage(page);
    await page.goto("/greer/rider");
    await page.waitForURL((url) => url.pathname === "/greer/login");
    expect(seen.errors).toEqual([]);
  });

  it("sends a rider from /greer/admin to /greer/rider, which shows the schedule", async () => {
    const page = await newPage(PHONE);
    const seen = watchPage(page);
    await storeSession(page, await signInApi(riderPhone()));
    await page.goto("/greer/admin");
    await page.waitForURL((url) => url.pathname === "/greer/rider");
    await page.getByRole("heading", { name: "Shuttle schedule" }).waitFor();
    await page.getByText("Mon – Fri").waitFor();
    expect(await page.getByText("7:00 AM – 7:00 PM").first().isVisible()).toBe(true);
    // A rider has no badge in the header, and the menu has only the Account section.
    const menu = page.locator('[data-island="UserMenu"][data-hydrated="true"]');
    await menu.waitFor();
    expect(await menu.locator(".role-badge").count()).toBe(0);
    await page.getByRole("button", { name: "Account menu" }).click();
    const panel = page.getByRole("navigation", { name: "Account" });
    expect(await panel.getByRole("link").allTextContents()).toEqual(["Request a Ride", "Profile Settings"]);
    expect(seen.errors).toEqual([]);
  });

  it("sends a signed-in non-member to /greer/login, where signing in makes them a rider", async () => {
    const page = await newPage(PHONE);
    const seen = watchPage(page);
    const phone = riderPhone();
    // Signed in at the global /login: a member of no tenant.
    await storeSession(page, await signInApi(phone, null));
    await page.goto("/greer/rider");
    await page.waitForURL((url) => url.pathname === "/greer/login");
    await page.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor();
    // The login page does not bounce them back: it asks for the number.
    await page.getByLabel("Phone number").pressSequentially(phone);
    const texted = world.twilio.messages.length;
    await page.getByRole("button", { name: "Send Verification Code" }).click();
    await page.getByRole("heading", { name: "Verify Your Phone" }).waitFor();
    expect(world.twilio.messages.length).toBe(texted + 1);
    await page.getByLabel("Verification code").fill(world.twilio.codeFor(phone)!);
    await page.getByRole("button", { name: "Verify Code" }).click();
    await page.waitForURL((url) => url.pathname === "/greer/rider");
    await page.getByRole("heading", { name: "Shuttle schedule" }).waitFor();
    expect(seen.errors).toEqual([]);
  });

  it("sends a rider from /greer/driver to /greer/rider", async () => {
    const page = await newPage();
    await storeSession(page, await signInApi(riderPhone()));
    await page.goto("/greer/driver");
    await page.waitForURL((url) => url.pathname === "/greer/rider");
  });

  it("shows the demo driver the driver screen and the Driver section", async () => {
    const page = await newPage();
    const seen = watchPage(page);
    await storeSession(page, await signInApi(DEMO_DRIVER));
    await page.goto("/greer/driver");
    await page.getByRole("heading", { name: "Active Ride Requests" }).waitFor();
    // The list comes over HTTP after the screen shows: its empty state follows.
    await page.getByText("No active ride requests").waitFor();
    expect(await page.getByText("No active ride requests").isVisible()).toBe(true);
    expect(await page.locator(".user-menu .role-badge").textContent()).toBe("Driver");
    await page.getByRole("button", { name: "Account menu" }).click();
    const headings = await page.locator(".user-menu__heading").allTextContents();
    expect(headings).toEqual(["Account", "Driver"]);
    expect(seen.errors).toEqual([]);
  });

  it("shows the demo admin the dashboard cards and the menu's Admin section", async () => {
    const page = await newPage();
    const seen = watchPage(page);
    await storeSession(page, await signInApi(DEMO_ADMIN));
    await page.goto("/greer/admin");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    const main = page.locator("main");
    for (
      const [name, href] of [["Trips", "/greer/admin/trips"], ["Users", "/greer/admin/users"], [
        "Schedule",
        "/greer/admin/schedule",
      ]]
    ) {
      expect(await main.getByRole("link", { name: new RegExp(`^${name}`) }).getAttribute("href")).toBe(href);
    }
    expect(await main.getByRole("link", { name: /^Settings/ }).getAttribute("href")).toBe("/greer/admin/settings");
    expect(await main.getByText("Coming soon").count()).toBe(0);
    expect(await page.locator(".user-menu .role-badge").textContent()).toBe("Admin");
    // The header shows the formatted phone number: the demo admin has no name yet.
    expect(await page.locator(".user-menu__name").textContent()).toBe("(864) 555-0100");

    const toggle = page.getByRole("button", { name: "Account menu" });
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const panel = page.getByRole("navigation", { name: "Account" });
    // An admin is a dispatcher too: the console has its own section.
    expect(await panel.locator(".user-menu__heading").allTextContents()).toEqual([
      "Account",
      "Driver",
      "Dispatcher",
      "Admin",
    ]);
    const dispatch = panel.getByRole("list", { name: "Dispatcher" });
    expect(await dispatch.getByRole("link").evaluateAll((els) => els.map((a) => a.getAttribute("href")))).toEqual([
      "/greer/dispatch",
    ]);
    const admin = panel.getByRole("list", { name: "Admin" });
    expect(await admin.getByRole("link").evaluateAll((els) => els.map((a) => a.getAttribute("href")))).toEqual([
      "/greer/admin",
      "/greer/admin/trips",
      "/greer/admin/users",
    ]);
    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await panel.isVisible()).toBe(false);
    expect(seen.errors).toEqual([]);
  });

  it("saves the profile and updates the header name at once", async () => {
    const page = await newPage(PHONE);
    const seen = watchPage(page);
    await storeSession(page, await signInApi(riderPhone()));
    await page.goto("/greer/profile");
    await page.getByLabel("Name").waitFor();
    expect(await page.getByLabel("Phone Number").inputValue()).toMatch(/^\(864\) 555-03\d\d$/);
    const menu = page.locator('[data-island="UserMenu"][data-hydrated="true"]');
    await menu.waitFor();
    await page.getByLabel("Name").fill("  Grace Hopper ");
    await page.getByLabel("Email Address").fill("grace@example.org");
    const saved = page.waitForResponse((r) =>
      new URL(r.url()).pathname === "/api/users/profile" && r.request().method() === "PUT"
    );
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText("Profile updated successfully!").waitFor();
    // The header follows without a reload (the name shows inside the menu on a phone).
    await page.getByRole("button", { name: "Account menu" }).click();
    expect(await page.locator(".user-menu__who-name").textContent()).toBe("Grace Hopper");
    expect(await menu.locator(".avatar").textContent()).toBe("GH");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "null"));
    expect(stored).toMatchObject({ name: "Grace Hopper", email: "grace@example.org" });
    // And the server kept it.
    await page.reload();
    expect(await page.getByLabel("Name").inputValue()).toBe("Grace Hopper");
    expect(seen.errors).toEqual([]);
  });

  it("shows the server's reason when the email is refused", async () => {
    const page = await newPage();
    await storeSession(page, await signInApi(riderPhone()));
    await page.goto("/greer/profile");
    // The browser accepts a@b as an email address; the server wants a dot in the domain.
    await page.getByLabel("Email Address").fill("ada@nowhere");
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Please enter a valid email address");
  });

  it("logs out to the tenant's login page and forgets the session", async () => {
    const page = await newPage();
    await storeSession(page, await signInApi(riderPhone()));
    await page.goto("/greer/rider");
    await page.locator('[data-island="UserMenu"][data-hydrated="true"]').waitFor();
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/greer/login");
    expect(await page.evaluate(() => [localStorage.getItem("authToken"), localStorage.getItem("user")])).toEqual([
      null,
      null,
    ]);
  });

  it("fits a 320px screen with the menu open, without horizontal scrolling", async () => {
    const page = await newPage({ width: 320, height: 640 });
    await storeSession(page, await signInApi(DEMO_ADMIN));
    await page.goto("/greer/admin");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await page.getByRole("button", { name: "Account menu" }).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(320);
    const box = await page.getByRole("navigation", { name: "Account" }).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    // Touch targets: every link and button in the menu at least 44px tall.
    const heights = await page.locator(".user-menu__panel a, .user-menu__panel button, .user-menu__toggle")
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    for (const h of heights) expect(h).toBeGreaterThanOrEqual(44);
  });
});
