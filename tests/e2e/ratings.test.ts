/**
 * Ratings and bookings end to end: the real server, a rider and the demo driver in two
 * Chromium contexts on phone screens. The driver moves the ride on their
 * screen to completed; the rider rates it on the card; the demo admin sees
 * the rating on admin trips and the driver's average on the Users page. A
 * rider with two no-shows reads the warning, and with three the pause. `UPDATE_SCREENSHOTS=1` also
 * writes docs/screenshots/{rider-rate,rider-your-rides,rider-no-show-warning,
 * admin-trips-rating,admin-users-ratings,admin-settings-no-show}{,-desktop}{,-es}.png.
 */
import type { BrowserContextOptions, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatPhone } from "../../lib/phone.ts";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { shot, SHOTS } from "./screenshots.ts";
import { REPO_ROOT } from "./server.ts";
import { browserWorld, type Session } from "./world.ts";

const DEMO_DRIVER = "8645550101";
const DEMO_ADMIN = "8645550100";
const GREER = { lat: 34.9387, lng: -82.2271 };
// The server's clock moves past the wait at the pickup before each no-show (tests/e2e/shifted_clock.ts).
const world = browserWorld({ shiftableClock: true });

let driverSession: Promise<Session> | undefined;
let adminSession: Promise<Session> | undefined;
const demoDriver = () => driverSession ??= world.signIn(DEMO_DRIVER);
const demoAdmin = () => adminSession ??= world.signIn(DEMO_ADMIN);

async function ok(method: string, path: string, token: string, body?: unknown) {
  const res = await world.call(method, path, token, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.data)}\n${world.server.output()}`).toBeLessThan(300);
  return res.data;
}

async function openAs(session: Session, options: BrowserContextOptions = {}, lang?: "es"): Promise<Page> {
  const context = await world.newContext({
    viewport: PHONE,
    geolocation: { latitude: GREER.lat, longitude: GREER.lng },
    permissions: ["geolocation"],
    ...options,
  });
  if (lang) await context.addCookies([{ name: "lang", value: lang, url: world.server.url }]);
  const page = await context.newPage();
  await storeSession(page, session);
  return page;
}

async function goto(page: Page, path: string, island: string) {
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ timeout: 10_000 });
}

/** A phone and a desk shot of `page` (the desk one at 1280 px). */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  await shot(page, name);
  await page.setViewportSize(DESKTOP);
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
}

/** `page` scrolled to `section` (below the fold on a phone), at desk width and on a phone. */
async function sectionShots(page: Page, section: Locator, name: string) {
  if (!SHOTS) return;
  for (const [size, suffix] of [[DESKTOP, "-desktop"], [PHONE, ""]] as const) {
    await page.setViewportSize(size);
    await page.mouse.move(0, 0);
    await section.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${REPO_ROOT}docs/screenshots/${name.replace("{size}", suffix)}.png` });
  }
}

/** The settings page scrolled to the no-show policy. */
async function policyShots(page: Page, legend: string, suffix: string) {
  await sectionShots(page, page.getByRole("group", { name: legend }), `admin-settings-no-show{size}${suffix}`);
  await page.setViewportSize(DESKTOP);
}

let nextRider = 8645550700;

/**
 * The driver sets off for the ride, reaches its pickup (GREER), waits there the tenant's 3 minutes on the server's
 * clock and marks the rider a no-show, through the API.
 */
async function markNoShow(rideId: string, driver: Session) {
  for (const status of ["accepted", "on-the-way"]) {
    await ok("PUT", `/greer/api/rides/${rideId}`, driver.token, { status });
  }
  await ok("PUT", "/greer/api/users/location", driver.token, { location: GREER });
  await world.server.advanceClock(3 * 60_000);
  await ok("PUT", `/greer/api/rides/${rideId}`, driver.token, { status: "no-show" });
}

/** `count` rides of the rider that the driver marks no-show, through the API. */
async function noShows(rider: Session, driver: Session, count: number) {
  for (let i = 0; i < count; i++) {
    await ok("PUT", "/greer/api/drivers/availability", driver.token, { isAvailable: true, location: GREER });
    const { ride } = await ok("POST", "/greer/api/rides", rider.token, {
      pickup: GREER,
      destination: "Library",
      passengerCt: 1,
    });
    await markNoShow(ride.id, driver);
  }
}

describe("ratings and no-shows end to end", () => {
  it("a rider rates the ride the driver completed; the admin sees it on trips and the driver's average on Users", async () => {
    const driver = await demoDriver();
    const admin = await demoAdmin();
    await ok("PUT", "/greer/api/drivers/availability", driver.token, { isAvailable: true, location: GREER });
    const riderSession = await world.signIn(String(nextRider++));
    const { ride } = await ok("POST", "/greer/api/rides", riderSession.token, {
      pickup: GREER,
      destination: "City Hall",
      passengerCt: 1,
    });

    const rider = await openAs(riderSession, { hasTouch: true, isMobile: true });
    const riderSeen = watchPage(rider);
    await goto(rider, "/greer/rider", "RiderScreen");
    const card = rider.getByRole("region", { name: "Current Ride" });
    await card.getByText("You have a pending ride request").waitFor({ timeout: 10_000 });

    const driverPage = await openAs(driver, { hasTouch: true, isMobile: true });
    const driverSeen = watchPage(driverPage);
    await goto(driverPage, "/greer/driver", "DriverScreen");
    const item = driverPage.locator(".ride-item").filter({ hasText: riderSession.user.phoneNumber.slice(-4) });
    await item.waitFor({ timeout: 10_000 });
    for (const button of ["Accept", "On my way", "Picked up", "Complete"]) {
      await item.getByRole("button", { name: button }).click();
      if (button !== "Complete") await item.getByRole("button", { name: button }).waitFor({ state: "detached" });
    }

    await rider.getByText("Ride completed!").waitFor({ timeout: 10_000 });
    const rate = rider.getByRole("region", { name: "Rate your ride" });
    await rate.waitFor({ timeout: 10_000 });
    await rate.locator("label", { has: rider.getByRole("radio", { name: "4 of 5 stars" }) }).click();
    await rate.getByLabel("Comment (optional)").fill("Friendly and on time");
    await shots(rider, "rider-rate");
    await rate.getByRole("button", { name: "Send rating" }).click();
    await rider.getByText("Thank you for your rating!").waitFor();
    expect(await rate.count()).toBe(0);

    // Your rides shows it, rated.
    await rider.getByRole("button", { name: "Your rides" }).click();
    const mine = rider.locator(".your-rides__item").filter({ hasText: "City Hall" });
    await mine.getByText("4 of 5 stars").waitFor();
    await sectionShots(rider, rider.locator(".your-rides"), "rider-your-rides{size}");
    await rider.setViewportSize(PHONE);

    const stored = await ok("GET", "/greer/api/rides/history", riderSession.token);
    expect(stored[0]).toMatchObject({ id: ride.id, feedback: { rating: 4, comment: "Friendly and on time" } });

    // The admin: the trip's rating, and the driver's average and count.
    const desk = await openAs(admin, { viewport: DESKTOP });
    const deskSeen = watchPage(desk);
    await goto(desk, "/greer/admin/trips", "AdminTrips");
    const trip = desk.locator("tr").filter({ hasText: "City Hall" }).first();
    await trip.getByText("Rated 4 of 5").waitFor({ timeout: 10_000 });
    expect(await trip.getByText("“Friendly and on time”").isVisible()).toBe(true);
    await shots(desk, "admin-trips-rating");
    await goto(desk, "/greer/admin/users", "AdminUsers");
    const driverRow = desk.locator("tr").filter({ hasText: formatPhone(DEMO_DRIVER) });
    await driverRow.getByText("Rating 4.0 of 5 (1)").waitFor({ timeout: 10_000 });
    await shots(desk, "admin-users-ratings");

    expect(riderSeen.errors).toEqual([]);
    expect(driverSeen.errors).toEqual([]);
    expect(deskSeen.errors).toEqual([]);
  });

  it("warns a rider with two no-shows, in English and in Spanish", async () => {
    const driver = await demoDriver();
    const riderSession = await world.signIn(String(nextRider++));
    for (let i = 0; i < 2; i++) {
      await ok("PUT", "/greer/api/drivers/availability", driver.token, { isAvailable: true, location: GREER });
      const { ride } = await ok("POST", "/greer/api/rides", riderSession.token, {
        pickup: GREER,
        destination: "Library",
        passengerCt: 1,
      });
      await markNoShow(ride.id, driver);
    }
    const rider = await openAs(riderSession);
    const seen = watchPage(rider);
    await goto(rider, "/greer/rider", "RiderScreen");
    await rider.getByText(
      "Missed pickups in the last 30 days: 2. At 3, ride requests are paused for 7 days.",
    ).waitFor({ timeout: 10_000 });
    await shots(rider, "rider-no-show-warning");
    expect(seen.errors).toEqual([]);

    const es = await openAs(riderSession, {}, "es");
    await goto(es, "/greer/rider", "RiderScreen");
    await es.getByText(
      "Recogidas perdidas en los últimos 30 días: 2. Al llegar a 3, las solicitudes de viaje se pausan por 7 días.",
    ).waitFor({ timeout: 10_000 });
    await es.getByRole("button", { name: "Sus viajes" }).click();
    await es.locator(".your-rides__item").first().waitFor();
    await shots(es, "rider-no-show-warning-es");
    await sectionShots(es, es.locator(".your-rides"), "rider-your-rides{size}-es");
    await es.setViewportSize(PHONE);

    // A third no-show pauses the rider's requests: the screen says until when, and the request is refused.
    await ok("PUT", "/greer/api/drivers/availability", driver.token, { isAvailable: true, location: GREER });
    const { ride } = await ok("POST", "/greer/api/rides", riderSession.token, {
      pickup: GREER,
      destination: "Library",
      passengerCt: 1,
    });
    await markNoShow(ride.id, driver);
    await goto(rider, "/greer/rider", "RiderScreen");
    const paused = rider.getByRole("alert").filter({ hasText: "Ride requests are paused until" });
    await paused.waitFor({ timeout: 10_000 });
    expect(await paused.textContent()).toMatch(
      /^Ride requests are paused until \w+day, \w+ \d+ after 3 missed pickups\. Contact City of Greer if this is a mistake\.$/,
    );
    const refused = await world.call("POST", "/greer/api/rides", riderSession.token, {
      pickup: GREER,
      destination: "Library",
      passengerCt: 1,
    });
    expect(refused.status).toBe(403);
    expect(refused.data.error).toBe(await paused.textContent());
    await shots(rider, "rider-no-show-paused");
  });

  it("shows the rating card, the policy and the Users page in Spanish", async () => {
    const driver = await demoDriver();
    const admin = await demoAdmin();
    await ok("PUT", "/greer/api/drivers/availability", driver.token, { isAvailable: true, location: GREER });
    const riderSession = await world.signIn(String(nextRider++));
    const rider = await openAs(riderSession, {}, "es");
    const seenR = watchPage(rider);
    const { ride } = await ok("POST", "/greer/api/rides", riderSession.token, {
      pickup: GREER,
      destination: "Library",
      passengerCt: 1,
    });
    // The moves come over the rider's socket: wait for its first message (the drivers online) before making them.
    const greeted = rider.waitForEvent("websocket").then((ws) => ws.waitForEvent("framereceived"));
    await goto(rider, "/greer/rider", "RiderScreen");
    await rider.getByRole("region", { name: "Viaje actual" }).waitFor({ timeout: 10_000 });
    await greeted;
    await ok("PUT", `/greer/api/rides/${ride.id}`, driver.token, { status: "accepted" });
    await rider.getByText("¡Un conductor aceptó su viaje!").waitFor({ timeout: 10_000 });
    for (const status of ["on-the-way", "arrived", "completed"]) {
      await ok("PUT", `/greer/api/rides/${ride.id}`, driver.token, { status });
    }
    const rate = rider.getByRole("region", { name: "Califique su viaje" });
    await rate.waitFor({ timeout: 15_000 });
    await rate.locator("label", { has: rider.getByRole("radio", { name: "5 de 5 estrellas" }) }).click();
    await shots(rider, "rider-rate-es");
    expect(seenR.errors).toEqual([]);

    const missing = await world.signIn(String(nextRider++));
    await noShows(missing, driver, 3);
    const desk = await openAs(admin, { viewport: DESKTOP }, "es");
    await goto(desk, "/greer/admin/settings", "AdminSettings");
    const policy = desk.getByRole("group", { name: "Política de ausencias" });
    await policy.waitFor({ timeout: 10_000 });
    await policyShots(desk, "Política de ausencias", "-es");
    const en = await openAs(admin, { viewport: DESKTOP });
    await goto(en, "/greer/admin/settings", "AdminSettings");
    await policyShots(en, "No-show policy", "");
    await goto(desk, "/greer/admin/users", "AdminUsers");
    // A rider with three no-shows shows paused, with Lift pause (Quitar pausa).
    await desk.getByText("Ausencias: 3").first().waitFor({ timeout: 10_000 });
    await desk.getByRole("button", { name: /^Quitar la pausa de / }).first().waitFor();
    await shots(desk, "admin-users-ratings-es");
  });
});
