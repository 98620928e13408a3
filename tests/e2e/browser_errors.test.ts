/**
 * Browser error reports: with PUBLIC_SENTRY_DSN set, an island's
 * error boundary reports through the Sentry browser SDK, fetched only when an
 * error happens; without it pages carry no trace of Sentry.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSentry } from "../helpers/fake_sentry.ts";
import { launchBrowser, watchPage } from "./browser.ts";
import { startServer, type TestServer } from "./server.ts";

let browser: Browser;
let fake: ReturnType<typeof startFakeSentry>;
let withDsn: TestServer;
let without: TestServer;

beforeAll(async () => {
  fake = startFakeSentry();
  [browser, withDsn, without] = await Promise.all([
    launchBrowser(),
    startServer({ env: { PUBLIC_SENTRY_DSN: fake.dsn(7) } }),
    startServer(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await withDsn?.stop();
  await without?.stop();
  await fake?.stop();
});

/** Makes every localStorage read throw, so the login island fails in its first effect. */
const BREAK_STORAGE = () => {
  Storage.prototype.getItem = () => {
    throw new Error("storage broke for 8645550142");
  };
};

describe("browser error reports", () => {
  it("adds nothing to pages when PUBLIC_SENTRY_DSN is unset", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const seen = watchPage(page, { ignore: [/storage broke/, /island LoginForm failed/] });
    await page.addInitScript(BREAK_STORAGE);
    await page.goto(`${without.url}/login`);
    await page.getByText("Something went wrong").waitFor();
    expect(await page.locator('meta[name="hopper-sentry"]').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(seen.scripts.every((s) => s.startsWith("/build/"))).toBe(true);
    expect(fake.envelopes).toHaveLength(0);
    await context.close();
  });

  it("loads the SDK only after an error, and reports it scrubbed, with the release", async () => {
    // A healthy page: the same scripts as without a DSN, so the SDK costs nothing until needed.
    const healthy = await browser.newContext();
    const quiet = await healthy.newPage();
    const quietSeen = watchPage(quiet);
    await quiet.goto(`${withDsn.url}/login`);
    await quiet.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor();
    expect(await quiet.locator('meta[name="hopper-sentry"]').getAttribute("content")).toBe(fake.dsn(7));
    const plain = await healthy.newPage();
    const plainSeen = watchPage(plain);
    await plain.goto(`${without.url}/login`);
    await plain.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor();
    expect(quietSeen.scripts.sort()).toEqual(plainSeen.scripts.sort());
    await healthy.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    const seen = watchPage(page, { ignore: [/storage broke/, /island LoginForm failed/] });
    await page.addInitScript(BREAK_STORAGE);
    await page.goto(`${withDsn.url}/login`);
    await page.getByText("Something went wrong").waitFor();
    await expect.poll(() => fake.envelopes.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(seen.scripts.length).toBeGreaterThan(quietSeen.scripts.length); // the SDK chunk arrived
    const raw = fake.envelopes.join("\n");
    expect(raw).toContain("storage broke for [phone]");
    expect(raw).not.toContain("8645550142");
    expect(raw).toContain("hopper@");
    await context.close();
  });
});
