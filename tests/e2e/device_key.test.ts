/**
 * The device key in a real browser (headless Chromium, the real server behind
 * a proxy that names each visitor's network): signing in through the login
 * page leaves an httpOnly cookie no script can read, the browser sends it
 * back by itself, and after strangers lock the number the owner's browser
 * still signs in from a new network while a browser that never signed in
 * there is refused with the lock's text.
 */
import { openStore } from "../../kv/open.ts";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { keys } from "../../kv/keys.ts";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";
import { NUMBER_FAILURES_PER_YEAR } from "../../lib/lockout.ts";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { launchBrowser, PHONE } from "./browser.ts";
import { startServer, type TestServer } from "./server.ts";

const OWNER = "8645550642";
const LOCKED = "This number is locked after too many failed attempts.";

let dir: string;
let server: TestServer;
let twilio: ReturnType<typeof startFakeTwilio>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "hopper-device-" });
  const kvPath = join(dir, "hopper.kv");
  const kv = await openStore(kvPath);
  try {
    const now = Date.now();
    await seedDemoTenant(kv, now);
    // One strangers' miss short of the lock.
    await kv.set(keys.numberFailures(OWNER), { count: NUMBER_FAILURES_PER_YEAR - 1, since: now - 60_000 });
  } finally {
    kv.close();
  }
  twilio = startFakeTwilio();
  [server, browser] = await Promise.all([
    startServer({ env: { KV_PATH: kvPath, ...twilio.env, TRUST_PROXY: "true" } }),
    launchBrowser(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await twilio?.stop();
  await Deno.remove(dir, { recursive: true }).catch(() => {});
});

/** A browser on the network `address` (the proxy's X-Forwarded-For). */
async function browserOn(address: string): Promise<BrowserContext> {
  return await browser.newContext({
    viewport: PHONE,
    baseURL: server.url,
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
}

/** Signs OWNER in through /greer/login with the code texted. */
async function signInOnPage(page: Page) {
  await page.goto("/greer/login");
  await page.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor({ timeout: 10_000 });
  await page.getByLabel("Phone number").pressSequentially(OWNER);
  await page.getByRole("button", { name: "Send Verification Code" }).click();
  await page.getByRole("heading", { name: "Verify Your Phone" }).waitFor();
  await page.getByLabel("Verification code").fill(twilio.codeFor(OWNER)!);
  await page.getByRole("button", { name: "Verify Code" }).click();
}

/** A stranger's wrong code, from their own network: the number's 50th strangers' miss. */
async function strangerMisses(address: string) {
  const post = (path: string, body: unknown) =>
    fetch(server.url + path, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify(body),
    });
  const { challenge } = await (await post("/api/auth/login", { phoneNumber: OWNER })).json();
  const code = String((Number(twilio.codeFor(OWNER)) + 1) % 10_000).padStart(4, "0");
  expect((await post("/api/auth/verify", { phoneNumber: OWNER, code, challenge })).status).toBe(401);
}

describe("the device key in a browser", () => {
  it(
    "is an httpOnly cookie the browser sends back, and lets the owner in on a new network once strangers locked the number",
    {
      timeout: 60_000,
    },
    async () => {
      const phone = await browserOn("203.0.113.10");
      const page = await phone.newPage();
      await signInOnPage(page);
      await page.waitForURL("**/greer/rider");
      const [cookie] = (await phone.cookies()).filter((c) => c.name === "hopper_device");
      expect(cookie).toMatchObject({ path: "/api/auth", httpOnly: true, sameSite: "Strict" });
      expect(cookie.value).toMatch(/^[\w-]{22}$/);
      expect(await page.evaluate(() => document.cookie)).not.toContain("hopper_device");

      await strangerMisses("198.51.100.77");

      // The owner signs out and travels: a new network, the same browser.
      await page.evaluate(() => localStorage.clear());
      await phone.setExtraHTTPHeaders({ "x-forwarded-for": "192.0.2.200" });
      const sent: string[] = [];
      page.on("request", (req) => {
        if (req.url().endsWith("/api/auth/verify")) req.allHeaders().then((h) => sent.push(h.cookie ?? ""));
      });
      await signInOnPage(page);
      await page.waitForURL("**/greer/rider");
      expect(sent.join(" ")).toContain(`hopper_device=${cookie.value}`);

      // A browser that never signed the number in, on another new network: the lock's text.
      const other = await browserOn("192.0.2.201");
      const stranger = await other.newPage();
      await signInOnPage(stranger);
      await stranger.getByRole("alert").filter({ hasText: LOCKED }).waitFor();
      expect(await stranger.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
      await Promise.all([phone.close(), other.close()]);
    },
  );
});
