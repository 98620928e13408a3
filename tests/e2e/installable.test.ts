/**
 * The installable app in the real server and headless Chromium:
 * the manifest parses with no error and its icons load at their sizes; the
 * service worker installs from the rider page; with the network cut, a
 * reload still shows the rider screen (and the driver's) from its cache with
 * the offline notice, and the screen reconnects on its own once the signal is
 * back; a new release is offered with "A new version is ready – Reload"; the
 * install hint shows where the browser offers it and "Not now" is remembered.
 * `UPDATE_SCREENSHOTS=1` writes docs/screenshots/app-*.png.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { shot, SHOTS } from "./screenshots.ts";
import { REPO_ROOT } from "./server.ts";
import { browserWorld, type Session } from "./world.ts";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";

const world = browserWorld();
const GREER = { latitude: 34.9387, longitude: -82.2271 };
const OFFLINE_TEXT = "You're offline. We'll reconnect when you have a signal.";
const OFFLINE_ES = "Está sin conexión. Volveremos a conectarnos cuando tenga señal.";
/** What a page logs while the network is cut (every failed fetch), and the socket's own notes. */
const OFFLINE_NOISE = [/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_|Failed to load resource/];

async function hydrated(page: Page, island: string) {
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ timeout: 15_000 });
}

/** A phone-sized context signed in as `session`, in `lang`, its page on the tenant's about page. */
async function signedInPage(session: Session, { lang = "en", viewport = PHONE } = {}) {
  const context = await world.newContext({
    viewport,
    geolocation: GREER,
    permissions: ["geolocation"],
  });
  await context.addCookies([{ name: "lang", value: lang, url: world.server.url }]);
  const page = await context.newPage();
  await storeSession(page, session);
  return { context, page };
}

/** The page's service worker once it is active and controls the page. */
async function workerReady(page: Page) {
  const read = () =>
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      const controlled = !!navigator.serviceWorker.controller;
      return { scope: reg?.scope, script: reg?.active?.scriptURL, state: reg?.active?.state, controlled };
    });
  // The worker waits a few seconds before it keeps its files (browser/service_worker.ts), then installs.
  await expect.poll(read, { timeout: 30_000 }).toMatchObject({ state: "activated", controlled: true });
  const { controlled: _, ...worker } = await read();
  return worker;
}

async function cachedPaths(page: Page): Promise<string[]> {
  return await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname);
    }
    return paths;
  });
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.reload();
}

describe("the installable app", () => {
  it("has a manifest Chromium reads without error, whose icons load at their sizes, and nothing stops installing", {
    timeout: 60_000,
  }, async () => {
    const rider = await world.signIn("8645550701");
    const { context, page } = await signedInPage(rider);
    await page.goto("/greer/rider");
    await hydrated(page, "RiderScreen");
    await workerReady(page);
    const cdp = await context.newCDPSession(page);
    const { url, errors, parsed } = await cdp.send("Page.getAppManifest", {}) as {
      url: string;
      errors: { message: string; critical: number }[];
      parsed?: { name?: string; start_url?: string; scope?: string; icons?: unknown[] };
    };
    expect(new URL(url).pathname).toBe("/greer/manifest.webmanifest");
    expect(errors).toEqual([]);
    const manifest = await (await fetch(url)).json();
    expect(manifest).toMatchObject({ name: "City of Greer Shuttle", start_url: "/greer/rider", scope: "/greer/" });
    expect(parsed).toBeTruthy();
    const sizes = await page.evaluate(
      async (icons: { src: string }[]) =>
        await Promise.all(icons.map(async ({ src }) => {
          const res = await fetch(src);
          const bitmap = await createImageBitmap(await res.blob());
          return `${res.headers.get("content-type")} ${bitmap.width}x${bitmap.height}`;
        })),
      manifest.icons,
    );
    expect(sizes).toEqual(["image/png 192x192", "image/png 512x512", "image/png 512x512"]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors") as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito, where Chromium installs nothing; that is the only objection.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  });

  it("installs its worker from the rider page, and a reload with the network cut shows the rider screen offline", {
    timeout: 60_000,
  }, async () => {
    const rider = await world.signIn("8645550702");
    const { context, page } = await signedInPage(rider);
    const watch = watchPage(page, { ignore: OFFLINE_NOISE });
    await page.goto("/greer/rider");
    await hydrated(page, "RiderScreen");
    expect(await workerReady(page)).toEqual({
      scope: `${world.server.url}/greer/`,
      script: `${world.server.url}/greer/sw.js`,
      state: "activated",
    });
    const kept = await cachedPaths(page);
    expect(kept).toEqual(expect.arrayContaining(["/greer/rider", "/greer/driver", "/greer/login", "/shuttle.png"]));
    expect(kept.filter((p) => p.includes("/api/") || p.includes("/ws/"))).toEqual([]);
    await expect.poll(() => page.getByText(OFFLINE_TEXT).count()).toBe(0);

    await goOffline(context, page);
    await hydrated(page, "RiderScreen");
    await page.getByRole("heading", { name: "Request a Ride" }).waitFor();
    await page.getByText(OFFLINE_TEXT).waitFor();
    expect(await page.getByRole("status").filter({ hasText: OFFLINE_TEXT }).count()).toBe(1);
    await shot(page, "app-offline-rider-phone");

    // The signal comes back: the notice goes and the live socket dials again by itself.
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(new URL(ws.url()).pathname));
    await context.setOffline(false);
    // Its backoff (at most 30 s between tries) brings the socket back, and the socket clears the notice.
    await expect.poll(() => sockets, { timeout: 40_000 }).toContain("/greer/ws/riders");
    await expect.poll(() => page.getByText(OFFLINE_TEXT).count(), { timeout: 10_000 }).toBe(0);
    expect(watch.errors).toEqual([]);
  });

  it("keeps a driver on the driver screen offline, in Spanish too", { timeout: 90_000 }, async () => {
    const driver = await world.signIn(DEMO_DRIVER_PHONE);
    for (const [lang, text, viewport] of [["en", OFFLINE_TEXT, DESKTOP], ["es", OFFLINE_ES, PHONE]] as const) {
      const { context, page } = await signedInPage(driver, { lang, viewport });
      await page.goto("/greer/driver");
      await hydrated(page, "DriverScreen");
      await workerReady(page);

      await goOffline(context, page);
      await hydrated(page, "DriverScreen");
      await page.getByText(text).waitFor();
      expect(new URL(page.url()).pathname).toBe("/greer/driver");
      await shot(page, `app-offline-driver-${lang === "en" ? "desktop" : "phone-es"}`);
    }
  });

  it("offers a new release with 'A new version is ready – Reload', which loads it", { timeout: 90_000 }, async () => {
    const rider = await world.signIn("8645550704");
    const admin = await world.signIn(DEMO_ADMIN_PHONE);
    const { page } = await signedInPage(rider);
    // A second device, in Spanish at desk width, on the same release.
    const { page: desk } = await signedInPage(rider, { lang: "es", viewport: DESKTOP });
    for (const p of [page, desk]) {
      await p.goto("/greer/rider");
      await hydrated(p, "RiderScreen");
      await workerReady(p);
    }
    const before = await page.evaluate(async () => await (await fetch("/greer/sw.js")).text());

    // The organisation's new colour is a new shell, so a new worker (a new build is one too).
    const saved = await world.call("PUT", "/greer/api/admin/settings", admin.token, { brandColor: "#0f766e" });
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    await expect.poll(async () => await page.evaluate(async () => await (await fetch("/greer/sw.js")).text()), {
      timeout: 10_000,
    }).not.toBe(before);
    await desk.reload();
    await hydrated(desk, "RiderScreen");
    await desk.getByRole("status").filter({ hasText: "Hay una nueva versión lista" }).waitFor({ timeout: 40_000 });
    await desk.getByRole("button", { name: "Volver a cargar" }).waitFor();
    await shot(desk, "app-update-rider-desktop-es");

    await page.reload();
    await hydrated(page, "RiderScreen");
    const prompt = page.getByRole("status").filter({ hasText: "A new version is ready" });
    await prompt.waitFor({ timeout: 40_000 });
    await shot(page, "app-update-rider-phone");
    await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
    await hydrated(page, "RiderScreen");
    await expect.poll(() => page.getByText("A new version is ready").count()).toBe(0);
    const styles = await page.evaluate(() => [...document.styleSheets].map((s) => s.href ?? ""));
    expect(styles.some((href) => href.endsWith("/brand/0f766e.css"))).toBe(true);
    // The old release's cache is gone with it.
    await expect.poll(async () => (await page.evaluate(() => caches.keys())).length).toBe(1);
  });

  it("shows the install hint on a return visit where the browser offers to install, and remembers 'Not now'", {
    timeout: 90_000,
  }, async () => {
    const rider = await world.signIn("8645550705");
    for (
      const [lang, viewport, install, notNow] of [
        ["en", DESKTOP, "Install", "Not now"],
        ["es", PHONE, "Instalar", "Ahora no"],
      ] as const
    ) {
      const { page } = await signedInPage(rider, { lang, viewport });
      await page.goto("/greer/rider");
      await hydrated(page, "RiderScreen");
      // The hint is for a return visit, once the app's worker controls the page.
      await workerReady(page);
      await page.reload();
      await hydrated(page, "RiderScreen");
      await page.getByRole("heading", { level: 1 }).waitFor();
      // Chromium offers installing once its own engagement rules are met; the test makes the offer itself.
      const offer = () =>
        page.evaluate(() => {
          const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
            prompt: () => Promise.resolve({ outcome: "accepted" }),
            userChoice: Promise.resolve({ outcome: "accepted" }),
          });
          dispatchEvent(event);
        });
      await expect.poll(async () => {
        await offer();
        return await page.getByRole("button", { name: install, exact: true }).count();
      }, { timeout: 10_000 }).toBe(1);
      // It closes the page, where its arrival moves nothing; the screenshot shows it there.
      expect(await page.locator("main > .app-notice--install").count()).toBe(1);
      if (SHOTS) {
        await page.locator(".app-notice--install").scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `${REPO_ROOT}docs/screenshots/app-install-rider-${lang === "en" ? "desktop" : "phone-es"}.png`,
        });
      }
      await page.getByRole("button", { name: notNow }).click();
      await expect.poll(() => page.getByRole("button", { name: install, exact: true }).count()).toBe(0);
      await page.reload();
      await hydrated(page, "RiderScreen");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await offer();
      await page.waitForTimeout(500);
      expect(await page.getByRole("button", { name: install, exact: true }).count()).toBe(0);
    }
  });
});
