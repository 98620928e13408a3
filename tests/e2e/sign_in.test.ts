/**
 * Signing in end to end: the real server (main.ts) texting through a fake
 * Twilio, driven by headless Chromium on a phone-sized screen. Each code is
 * read from the message the fake received.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, watchPage } from "./browser.ts";
import { browserWorld } from "./world.ts";

const WRONG_CODE = "Invalid verification code. Please try again.";

const world = browserWorld();
const newPage = (viewport = PHONE) => world.newPage(viewport, { hasTouch: true, isMobile: true });

/** Opens a login page and waits until its island is live. */
async function openLogin(page: Page, path: string) {
  const res = await page.goto(path, { waitUntil: "load" });
  expect(res?.status()).toBe(200);
  await page.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor({ timeout: 10_000 });
}

/** Step 1: types the number key by key (so the formatting runs) and sends it. Answers the code texted. */
async function sendCode(page: Page, phone: string): Promise<string> {
  const field = page.getByLabel("Phone number");
  await field.pressSequentially(phone);
  expect(await field.inputValue()).toBe(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
  const before = world.twilio.messages.length;
  await page.getByRole("button", { name: "Send Verification Code" }).click();
  await page.getByRole("heading", { name: "Verify Your Phone" }).waitFor();
  expect(world.twilio.messages.length).toBe(before + 1);
  const code = world.twilio.codeFor(phone);
  expect(code, `a code texted to ${phone}`).toMatch(/^\d{4}$/);
  return code!;
}

/** Step 2: enters the code and verifies it. */
async function verify(page: Page, code: string) {
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify Code" }).click();
}

const pathname = (page: Page) => new URL(page.url()).pathname;
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("authToken"));

describe("sign-in", () => {
  it.each([
    ["a new number", "/greer/rider", "8645550142", ["rider"]],
    ["the demo driver", "/greer/driver", "8645550101", ["driver"]],
    ["the demo admin", "/greer/admin", "8645550100", ["admin"]],
  ])("signs %s in at /greer/login and lands on %s", async (_who, landing, phone, roles) => {
    const page = await newPage();
    const seen = watchPage(page);
    await openLogin(page, "/greer/login");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome to City of Greer");
    expect(await page.getByText("We'll send you a verification code via SMS").isVisible()).toBe(true);
    const code = await sendCode(page, phone);
    expect(await page.getByText(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`).isVisible())
      .toBe(true);
    // The focus moved to the code field.
    expect(await page.getByLabel("Verification code").evaluate((el) => el === document.activeElement)).toBe(true);
    expect(seen.errors).toEqual([]);

    await verify(page, code);
    await page.waitForURL((url) => url.pathname === landing, { timeout: 10_000 });
    expect(pathname(page)).toBe(landing);
    expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "null"));
    expect(user.phoneNumber).toBe(phone);
    const greer = user.tenants.find((t: { code: string }) => t.code === "greer");
    expect(greer.name).toBe("City of Greer");
    for (const role of roles) expect(greer.roles).toContain(role);
    await page.waitForLoadState("networkidle");
    expect(seen.errors).toEqual([]);

    // Signed in, the tenant's login page sends the member straight home.
    await page.goto("/greer/login");
    await page.waitForURL((url) => url.pathname === landing, { timeout: 10_000 });
  });

  it("shows the wrong-code text, then accepts the right code", async () => {
    const page = await newPage();
    const seen = watchPage(page, { ignore: [/status of 401/] });
    await openLogin(page, "/greer/login");
    const code = await sendCode(page, "8645550143");
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, "0");
    await verify(page, wrong);
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(WRONG_CODE);
    expect(await page.getByLabel("Verification code").getAttribute("aria-invalid")).toBe("true");
    expect(pathname(page)).toBe("/greer/login");
    expect(await storedToken(page)).toBeNull();

    await verify(page, code);
    await page.waitForURL((url) => url.pathname === "/greer/rider", { timeout: 10_000 });
    expect(seen.errors).toEqual([]);
  });

  it("validates on the page before asking the server, and Change Phone Number keeps the number", async () => {
    const page = await newPage();
    await openLogin(page, "/greer/login");
    const sent = world.twilio.messages.length;
    await page.getByLabel("Phone number").pressSequentially("86455");
    await page.getByRole("button", { name: "Send Verification Code" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Please enter a valid 10-digit phone number");
    expect(world.twilio.messages.length).toBe(sent);

    await page.getByLabel("Phone number").fill("");
    await sendCode(page, "8645550144");
    await page.getByRole("button", { name: "Verify Code" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Please enter the 4-digit verification code");
    await page.getByRole("button", { name: "Change Phone Number" }).click();
    expect(await page.getByLabel("Phone number").inputValue()).toBe("(864) 555-0144");
  });

  it("signs in at the global /login, lands on /, then lists the organizations and logs out", async () => {
    const page = await newPage();
    const seen = watchPage(page);
    await openLogin(page, "/login");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome to Hopper");
    await verify(page, await sendCode(page, "8645550100"));
    await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
    expect(await storedToken(page)).not.toBeNull();

    await openLogin(page, "/login");
    await page.getByRole("heading", { name: "Your Organizations" }).waitFor();
    const greer = page.getByRole("link", { name: /City of Greer/ });
    expect(await greer.getAttribute("href")).toBe("/greer/rider");
    expect(await greer.textContent()).toContain("admin");
    expect(await page.getByLabel("Phone number").count()).toBe(0);

    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByLabel("Phone number").waitFor();
    expect(await storedToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
    expect(seen.errors).toEqual([]);
  });

  it("fits a 320px-wide screen on both steps", async () => {
    const page = await newPage({ width: 320, height: 640 });
    await openLogin(page, "/greer/login");
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await sendCode(page, "8645550145");
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Big touch targets.
    for (const name of ["Verify Code", "Resend Code", "Change Phone Number"]) {
      const box = await page.getByRole("button", { name }).boundingBox();
      expect(box!.height, name).toBeGreaterThanOrEqual(44);
    }
  });
});
