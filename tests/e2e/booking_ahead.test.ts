/**
 * Booking ahead in Chromium. The hand-over happens when the
 * server's clock passes 20 minutes before the pickup, so this test runs the
 * real app in-process on loopback with a fake clock at the edge (createApp
 * through tests/helpers/app.ts, Deno.serve through tests/helpers/live.ts)
 * and the real hand-over timer (server/hand_over.ts) reading that clock.
 * The browsers' own clock is fixed at the same moment (page.clock), so the
 * Later choice offers the times the server accepts.
 *
 * A rider books for 11:00 on Monday 5 January 2026 in Greer (the clocks
 * start at 10:00 there); the server's clock moves to 10:40, the driver sees
 * the request with its pickup time and completes it; the rider rates it and
 * the admin sees the rating on the trip. `UPDATE_SCREENSHOTS=1`
 * writes the Later choice and the Upcoming rides list at 390 px and desk
 * width in English and Spanish, and the driver's card.
 */
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHandOvers } from "../../server/hand_over.ts";
import { noticeDeps } from "../../server/rider_updates.ts";
import { makeApp, signIn } from "../helpers/app.ts";
import { type LiveServer, serve } from "../helpers/live.ts";
import { DESKTOP, launchBrowser, PHONE, storeSession, watchPage } from "./browser.ts";
import { shot, SHOTS } from "./screenshots.ts";
import { REPO_ROOT } from "./server.ts";

const START = Date.UTC(2026, 0, 5, 15, 0);
const MIN = 60_000;
const GREER = { latitude: 34.9387, longitude: -82.2271 };

let t: Awaited<ReturnType<typeof makeApp>>;
let server: LiveServer;
let browser: Browser;
const sweeps = new AbortController();

beforeAll(async () => {
  t = await makeApp();
  server = serve(t.app);
  browser = await launchBrowser();
  void startHandOvers(noticeDeps(t), sweeps.signal, 200);
});

afterAll(async () => {
  sweeps.abort();
  await browser?.close();
  await server?.stop();
  t?.kv.close();
});

async function phone(
  session: { token: string; user: unknown },
  { lang = "en", viewport = PHONE }: { lang?: string; viewport?: BrowserContextOptions["viewport"] } = {},
) {
  const context = await browser.newContext({
    viewport,
    baseURL: server.http(""),
    geolocation: GREER,
    permissions: ["geolocation"],
    timezoneId: "America/New_York",
  });
  await context.addCookies([{ name: "lang", value: lang, url: server.http("/") }]);
  const page = await context.newPage();
  await page.clock.setFixedTime(START);
  await storeSession(page, session);
  return page;
}

async function open(page: Page, path: string, island: string) {
  await page.goto(path);
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ timeout: 10_000 });
}

/**
 * Shoots the page at 390 px, then at desk width, then back; with `region`, scrolled to show it (the Upcoming rides
 * list sits under the form, below the fold) rather than from the top.
 */
async function both(page: Page, name: string, region?: Locator) {
  if (!SHOTS) return;
  const take = async (file: string) => {
    if (!region) return await shot(page, file);
    await region.evaluate((el) => el.scrollIntoView({ block: "end" }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${REPO_ROOT}docs/screenshots/${file}.png` });
  };
  await page.mouse.move(0, 0);
  await take(`${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await take(`${name}-desk`);
  await page.setViewportSize(PHONE);
}

describe("booking ahead in the browser", () => {
  it(
    "a rider books for later; the clock crosses the hand-over; the driver completes it; the rider rates it; the admin sees it",
    {
      timeout: 90_000,
    },
    async () => {
      const riderSession = await signIn(t, "8645550650", "greer");
      const driverSession = await signIn(t, "8645550101", "greer");
      const rider = await phone(riderSession);
      const riderSeen = watchPage(rider);
      await open(rider, "/greer/rider", "RiderScreen");

      // The choice is tapped on its label, as a thumb does (the radio itself is drawn by its label).
      await rider.locator(".booking-when__choice", { hasText: "Later" }).click();
      expect(await rider.getByRole("radio", { name: "Later" }).isChecked()).toBe(true);
      await rider.getByLabel("Date", { exact: true }).selectOption("2026-01-05");
      await rider.getByLabel("Time", { exact: true }).selectOption("11:00");
      await rider.getByText("Request Ride books it for Mon, Jan 5, 11:00 AM.").waitFor();
      await rider.getByLabel("Destination").fill("Greer Library");
      await both(rider, "rider-book-later");
      await rider.getByRole("button", { name: "Request Ride" }).click();
      await rider.getByText("Your ride is booked.").waitFor({ timeout: 10_000 });
      const upcoming = rider.getByRole("region", { name: "Upcoming rides" });
      await upcoming.getByText("Mon, Jan 5, 11:00 AM").waitFor({ timeout: 10_000 });
      expect(await upcoming.getByText("Greer Library").isVisible()).toBe(true);
      await both(rider, "rider-upcoming", upcoming);

      // The driver goes online: nothing to take yet.
      const driver = await phone(driverSession);
      const driverSeen = watchPage(driver);
      await open(driver, "/greer/driver", "DriverScreen");
      await driver.getByRole("switch", { name: /Available for rides/ }).click();
      await driver.getByText("No active ride requests").waitFor();

      // One minute before the hand-over: still a booking.
      t.clock.set(START + 39 * MIN);
      await driver.waitForTimeout(600);
      expect(await driver.locator(".ride-item").count()).toBe(0);

      // 10:40 in Greer, 20 minutes before the pickup: the timer's sweep hands it over.
      t.clock.set(START + 40 * MIN);
      const item = driver.locator(".ride-item").filter({ hasText: "Greer Library" });
      await item.waitFor({ timeout: 10_000 });
      expect(await item.locator(".ride-item__booked").textContent()).toBe("Pickup at 11:00 AM");
      await both(driver, "driver-booked-pickup");
      // The rider's screen now shows it as their ride, and the list no longer does.
      await rider.getByText("You have a pending ride request").waitFor({ timeout: 10_000 });
      await upcoming.waitFor({ state: "detached", timeout: 10_000 });
      expect(t.sms.sent.filter((m) => m.to === "8645550650").map((m) => m.body.replace(/\s/g, " "))).toContain(
        "City of Greer: your ride for 11:00 AM is now looking for a driver.",
      );

      for (
        const [button, message] of [
          ["Accept", "Your ride has been accepted by a driver!"],
          ["On my way", "Your driver is on the way!"],
          ["Picked up", "Your driver has arrived!"],
        ] as const
      ) {
        await item.getByRole("button", { name: button }).click();
        await rider.getByText(message).waitFor({ timeout: 10_000 });
      }
      await item.getByRole("button", { name: "Complete" }).click();
      await rider.getByText("Ride completed!").waitFor({ timeout: 10_000 });
      await driver.getByText("No active ride requests").waitFor();

      // The rider rates the ride on the card; the admin sees the rating on the trip (the whole booking story).
      const rate = rider.getByRole("region", { name: "Rate your ride" });
      await rate.locator("label", { has: rider.getByRole("radio", { name: "5 of 5 stars" }) }).click();
      await rate.getByLabel("Comment (optional)").fill("Right on time");
      await rate.getByRole("button", { name: "Send rating" }).click();
      await rider.getByText("Thank you for your rating!").waitFor({ timeout: 10_000 });
      const admin = await phone(await signIn(t, "8645550100", "greer"), { viewport: DESKTOP });
      const adminSeen = watchPage(admin);
      await open(admin, "/greer/admin/trips", "AdminTrips");
      const trip = admin.locator("tr").filter({ hasText: "Greer Library" }).first();
      await trip.getByText("Rated 5 of 5").waitFor({ timeout: 10_000 });
      expect(await trip.getByText("“Right on time”").isVisible()).toBe(true);

      expect(riderSeen.errors).toEqual([]);
      expect(driverSeen.errors).toEqual([]);
      expect(adminSeen.errors).toEqual([]);
    },
  );

  it("reads in Spanish: Más tarde with Spanish days and times, and Próximos viajes", { timeout: 60_000 }, async () => {
    t.clock.set(START);
    const session = await signIn(t, "8645550651", "greer");
    const rider = await phone(session, { lang: "es" });
    const seen = watchPage(rider);
    await open(rider, "/greer/rider", "RiderScreen");
    await rider.locator(".booking-when__choice", { hasText: "Más tarde" }).click();
    await rider.getByLabel("Fecha", { exact: true }).selectOption("2026-01-06");
    await rider.getByLabel("Hora", { exact: true }).selectOption("09:30");
    await rider.getByLabel("Destino").fill("Biblioteca");
    await both(rider, "rider-book-later-es");
    await rider.getByRole("button", { name: "Solicitar viaje" }).click();
    await rider.getByText("Su viaje está reservado.").waitFor({ timeout: 10_000 });
    const list = rider.getByRole("region", { name: "Próximos viajes" });
    await list.getByText("Biblioteca").waitFor({ timeout: 10_000 });
    await both(rider, "rider-upcoming-es", list);
    await list.getByRole("button", { name: /^Cancelar el viaje de/ }).click();
    await list.waitFor({ state: "detached", timeout: 10_000 });
    expect(seen.errors).toEqual([]);
  });
});
