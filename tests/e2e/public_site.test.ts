/**
 * The public site end to end: the real server (main.ts) in a child process on
 * its own KV file, driven by headless Chromium.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openStore } from "../../kv/open.ts";
import type { Manifest } from "../../server/assets.ts";
import { DESKTOP, PHONE, watchPage } from "./browser.ts";
import { REPO_ROOT } from "./server.ts";
import { browserWorld } from "./world.ts";

const HEADING = "On-demand shuttles for your community";
const SUCCESS = "Thank you for your message! We'll get back to you soon.";
/** Headless Chromium has no mail client: the form's location.assign("mailto:...") logs this, and only this is fine. */
const MAILTO_LAUNCH = /^Failed to launch 'mailto:[^']*' because the scheme does not have a registered handler\.$/;

const world = browserWorld();
const newPage = (viewport = DESKTOP) => world.newPage(viewport);

function islandScripts(name: string): string[] {
  const manifest: Manifest = JSON.parse(Deno.readTextFileSync(join(REPO_ROOT, "static/build/manifest.json")));
  const island = manifest.islands[name];
  expect(island, `island ${name} in the build manifest`).toBeDefined();
  return [island.entry, ...island.imports].sort();
}

describe("public site", () => {
  it("serves the landing page without any script and without errors", async () => {
    const page = await newPage();
    const seen = watchPage(page);
    const res = await page.goto("/", { waitUntil: "load" });
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(HEADING);
    expect(await page.getByRole("heading", { name: HEADING }).isVisible()).toBe(true);
    expect(await page.title()).toBe("Hopper · On-demand shuttles for your community");
    await page.waitForLoadState("networkidle");
    expect(seen.scripts).toEqual([]);
    expect(await page.locator("script").count()).toBe(0);
    expect(seen.errors).toEqual([]);
  });

  it("hydrates the contact form, validates it and records an inquiry in KV", async () => {
    const page = await newPage();
    const seen = watchPage(page, { ignore: [MAILTO_LAUNCH] });
    const res = await page.goto("/contact", { waitUntil: "load" });
    expect(res?.status()).toBe(200);
    await page.locator('[data-island="ContactForm"][data-hydrated="true"]').waitFor({ timeout: 10_000 });
    await page.waitForLoadState("networkidle");
    expect([...new Set(seen.scripts)].sort()).toEqual(islandScripts("ContactForm"));
    expect(seen.scripts.length).toBe(islandScripts("ContactForm").length);
    expect(seen.errors).toEqual([]);

    // Empty: the island validates in the page, so the browser never submits the form to its mailto: action.
    const before = page.url();
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Name is required").waitFor();
    expect(await page.getByText("Email is required").isVisible()).toBe(true);
    expect(await page.getByText("Message is required").isVisible()).toBe(true);
    expect(page.url()).toBe(before);

    const inquiry = {
      name: "Grace Hopper",
      email: "grace@example.org",
      message: `A shuttle for the navy yard, please. (e2e ${crypto.randomUUID()})`,
    };
    await page.getByLabel("Name").fill(inquiry.name);
    await page.getByLabel("Email").fill(inquiry.email);
    await page.getByLabel("Message").fill(inquiry.message);
    const mailto: string[] = [];
    page.on("request", (req) => {
      if (req.url().startsWith("mailto:")) mailto.push(req.url());
    });
    const posted = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/inquiries");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await posted).status()).toBe(201);
    await page.getByText(SUCCESS).waitFor();
    expect(new URL(page.url()).pathname).toBe("/contact");
    // The island handed the message to the mail client (which headless Chromium does not have).
    await expect.poll(() => mailto.length).toBe(1);
    const mail = new URL(mailto[0]);
    expect(mail.pathname).toBe("hello@hopper.test");
    expect(mail.searchParams.get("subject")).toBe(`Shuttle service inquiry from ${inquiry.name}`);
    expect(mail.searchParams.get("body")).toContain(inquiry.message);
    expect(seen.errors).toEqual([]);

    const kv = await openStore(world.server.kvPath);
    try {
      const entries = await Array.fromAsync(kv.list<Record<string, unknown>>({ prefix: ["inquiries"] }));
      expect(entries).toHaveLength(1);
      expect(entries[0].value).toMatchObject(inquiry);
      expect(entries[0].value.organization).toBeUndefined();
      expect(entries[0].value.tenant).toBeUndefined();
    } finally {
      kv.close();
    }
  });

  it.each(["/no-such-town/about", "/no-such-town"])(
    "sends an unknown tenant's page %s to the landing page",
    async (path) => {
      const page = await newPage();
      const seen = watchPage(page);
      const res = await page.goto(path, { waitUntil: "load" });
      expect(res?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe("/");
      expect(await page.getByRole("heading", { name: HEADING }).isVisible()).toBe(true);
      expect(seen.errors).toEqual([]);
    },
  );

  it("keeps a tenant's pages inside the tenant", async () => {
    const page = await newPage();
    const seen = watchPage(page);
    const res = await page.goto("/greer/about", { waitUntil: "load" });
    expect(res?.status()).toBe(200);
    const header = page.locator("header.site-header");
    expect(await header.locator(".brand").innerText()).toMatch(/^Hopper\s*· City of Greer$/);
    expect(await header.locator(".brand").getAttribute("href")).toBe("/greer/login");
    const footerNav = page.getByRole("navigation", { name: "Footer" });
    const links = await footerNav.getByRole("link").evaluateAll((els) =>
      els.map((el) => [el.textContent, el.getAttribute("href")])
    );
    expect(links).toEqual([["Terms", "/greer/terms"], ["Privacy", "/greer/privacy"], ["About", "/greer/about"]]);
    expect(await page.locator("footer").innerText()).toContain("City of Greer");
    expect(seen.scripts).toEqual([]);
    expect(seen.errors).toEqual([]);
  });

  it.each(["/", "/contact", "/greer/about"])("fits a phone screen without horizontal scrolling: %s", async (path) => {
    const page = await newPage(PHONE);
    await page.goto(path, { waitUntil: "load" });
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(clientWidth).toBe(PHONE.width);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // The header's brand ("Hopper" or "Hopper · City of Greer") keeps each part on one line.
    for (const part of await page.locator(".brand__title, .brand__tenant").all()) {
      const lines = await part.evaluate((el) => {
        const style = getComputedStyle(el);
        return el.getBoundingClientRect().height / parseFloat(style.lineHeight);
      });
      expect(lines).toBeLessThan(1.5);
    }
  });
});
