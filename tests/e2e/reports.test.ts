/**
 * The reports end to end: rides with known outcomes made through the real API,
 * then the reports page in Chromium, in English and in Spanish, at 390 px and
 * 1280 px: every figure on the page is what GET /{t}/api/admin/reports
 * answers for the same range, nothing runs against the CSP, and the phone
 * page does not scroll sideways. The monthly summary shows the month's
 * figures and prints without the navigation. A rider who opens the page is
 * sent away without seeing a figure.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatNumber, formatPercent } from "../../components/reports/numbers.ts";
import { localToday } from "../../lib/report_dates.ts";
import { addDays, type Report } from "../../lib/reports.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { browserWorld, type Session } from "./world.ts";

const GREER = { lat: 34.9387, lng: -82.2271 };
const DROP = { lat: 34.9370, lng: -82.2290 };
// The server's clock moves past the wait at the pickup before the no-show (tests/e2e/shifted_clock.ts).
const world = browserWorld({ shiftableClock: true });

async function ok(method: string, path: string, token: string, body?: unknown) {
  const res = await world.call(method, path, token, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.data)}\n${world.server.output()}`).toBeLessThan(300);
  return res.data;
}

/** A ride requested by `rider` and moved through `steps` by `driver` (or, for "canceled", by the rider). */
async function ride(rider: Session, driver: Session, passengerCt: number, steps: string[]) {
  const { ride } = await ok("POST", "/greer/api/rides", rider.token, { pickup: GREER, dropoff: DROP, passengerCt });
  for (const status of steps) {
    if (status === "no-show") {
      // The driver reaches the pickup and waits the tenant's 3 minutes there, on the server's clock.
      await ok("PUT", "/greer/api/users/location", driver.token, { location: GREER });
      await world.server.advanceClock(3 * 60_000);
    }
    await ok("PUT", `/greer/api/rides/${ride.id}`, status === "canceled" ? rider.token : driver.token, { status });
  }
}

/** What the page should show for each figure, in `lang`, from the API's answer. */
function expected(lang: Lang, r: Report): Record<string, string> {
  const n = (v: number, digits = 0) => formatNumber(lang, v, digits);
  const min = (v: number | null) => v === null ? "–" : `${v} min`;
  return {
    requested: n(r.requested),
    completed: n(r.completed),
    completionRate: r.completionRate === null ? "–" : formatPercent(lang, r.completionRate),
    canceledByRider: n(r.canceledByRider),
    canceledByStaff: n(r.canceledByStaff),
    noShows: n(r.noShows),
    "waitMinutes.p50": min(r.waitMinutes.p50),
    "waitMinutes.p90": min(r.waitMinutes.p90),
    "acceptMinutes.p50": min(r.acceptMinutes.p50),
    "rideMinutes.p50": min(r.rideMinutes.p50),
    passengers: n(r.passengers),
    vehicleHours: n(r.vehicleHours, 1),
    vehicleMiles: n(r.vehicleMiles, 1),
    passengersPerVehicleHour: r.passengersPerVehicleHour === null ? "–" : n(r.passengersPerVehicleHour, 2),
  };
}

/** The figures as a sighted reader sees them (the hidden "No data" words left out). */
const figuresOn = (page: Page) =>
  page.locator("[data-figure]").evaluateAll((cells) =>
    Object.fromEntries(
      cells.map((cell) => {
        const copy = cell.cloneNode(true) as HTMLElement;
        copy.querySelectorAll(".visually-hidden").forEach((hidden) => hidden.remove());
        return [cell.getAttribute("data-figure"), copy.textContent?.trim()];
      }),
    )
  );

async function openAs(session: Session, viewport: typeof PHONE, lang: Lang) {
  const context = await world.newContext({ viewport });
  await context.addCookies([{ name: "lang", value: lang, url: world.server.url }]);
  const page = await context.newPage();
  await storeSession(page, session);
  return page;
}

describe("the reports page in the browser", () => {
  it("shows the figures the API answers, in both languages, on a phone and a desk", { timeout: 120_000 }, async () => {
    const driver = await world.signIn("8645550101");
    const admin = await world.signIn("8645550100");
    const ada = await world.signIn("8645550621");
    const bo = await world.signIn("8645550622");
    await ok("PUT", "/greer/api/drivers/availability", driver.token, { isAvailable: true, location: GREER });
    await ride(ada, driver, 2, ["accepted", "on-the-way", "arrived", "completed"]);
    await ride(ada, driver, 1, ["canceled"]);
    await ride(bo, driver, 1, ["accepted", "on-the-way", "no-show"]);

    // Around today on Greer's clocks, so a ride made just before local midnight still counts.
    const today = localToday(Date.now(), "America/New_York");
    const [from, to] = [addDays(today, -1), addDays(today, 1)];
    const api: Report = await ok("GET", `/greer/api/admin/reports?from=${from}&to=${to}`, admin.token);
    expect(api).toMatchObject({ requested: 3, completed: 1, canceledByRider: 1, noShows: 1, passengers: 2 });

    for (const lang of ["en", "es"] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await openAs(admin, viewport, lang);
        const watch = watchPage(page);
        await page.goto(`/greer/admin/reports?from=${from}&to=${to}`);
        await page.locator('.report-part [data-figure="requested"]').waitFor({ timeout: 15_000 });
        const label = `${lang} ${viewport.width}px`;
        expect(await figuresOn(page), label).toEqual(expected(lang, api));
        await expect.poll(() => page.locator("h1").first().textContent()).toBe(lang === "es" ? "Informes" : "Reports");
        // The drivers table holds the driver's completed ride; both charts are drawn.
        const driverRow = page.locator('[data-report="drivers"] tbody tr').first();
        expect(await driverRow.locator("td").first().textContent(), label).toBe("1");
        expect(await page.locator(".chart:visible").count(), label).toBe(2);
        // Nothing reaches past the screen's edge, so the page never scrolls sideways.
        const past = await page.evaluate(
          (width) =>
            [...document.querySelectorAll("body *")]
              .filter((e) => e.getBoundingClientRect().right > width + 1 && !e.closest(".numbers-scroll"))
              .map((e) =>
                `${e.tagName.toLowerCase()}.${e.getAttribute("class") ?? ""} "${e.textContent?.slice(0, 30)}"`
              ),
          viewport.width,
        );
        expect(past, label).toEqual([]);
        expect(watch.errors, label).toEqual([]);
      }
    }

    // The monthly summary: the month's figures, a Print button, and a printout without the navigation.
    const page = await openAs(admin, DESKTOP, "en");
    await page.goto(`/greer/admin/reports/monthly?month=${today.slice(0, 7)}`);
    await page.locator('.report-part [data-figure="passengers"]').waitFor({ timeout: 15_000 });
    const month = await figuresOn(page);
    expect(month).toMatchObject({ passengers: "2", completed: "1", noShows: "1", cancellations: "1" });
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(true);
    await page.emulateMedia({ media: "print" });
    expect(await page.locator(".admin-nav").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    expect(await page.locator(".monthly-sheet").isVisible()).toBe(true);
  });

  it("sends a rider away without a figure", { timeout: 60_000 }, async () => {
    const rider = await world.signIn("8645550623");
    const page = await openAs(rider, PHONE, "en");
    await page.goto("/greer/admin/reports");
    await page.waitForURL((url) => url.pathname === "/greer/rider", { timeout: 15_000 });
    expect(await page.locator("[data-figure]").count()).toBe(0);
  });
});
