/**
 * Standing rides in Chromium: a rider follows the link under "Your rides" to
 * their standing rides, sets up a Monday-Wednesday-Friday ride to arrive by
 * 9:00 and sees its next three dates; the timer's sweep (server/hand_over.ts)
 * then books the dates within the week ahead, and they show as the rider's
 * upcoming rides. The real app runs in-process with a fake clock at Monday 5
 * January 2026, 10:00 in Greer (the browser's clock fixed at the same moment).
 * `UPDATE_SCREENSHOTS=1` writes the page at 390 px and desk width in English
 * and Spanish.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHandOvers } from "../../server/hand_over.ts";
import { noticeDeps } from "../../server/rider_updates.ts";
import { makeApp, signIn } from "../helpers/app.ts";
import { type LiveServer, serve } from "../helpers/live.ts";
import { DESKTOP, launchBrowser, PHONE, storeSession, watchPage } from "./browser.ts";
import { shot, SHOTS } from "./screenshots.ts";
import { REPO_ROOT } from "./server.ts";

/** Monday 5 January 2026, 10:00 in Greer. */
const START = Date.UTC(2026, 0, 5, 15, 0);

let t: Awaited<ReturnType<typeof makeApp>>;
let server: LiveServer;
let browser: Browser;
const sweeps = new AbortController();

beforeAll(async () => {
  t = await makeApp();
  server = serve(t.app);
  browser = await launchBrowser();
});

afterAll(async () => {
  sweeps.abort();
  await browser?.close();
  await server?.stop();
  t?.kv.close();
});

async function riderPage(phone: string, lang = "en"): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL: server.http(""),
    timezoneId: "America/New_York",
  });
  await context.addCookies([{ name: "lang", value: lang, url: server.http("/") }]);
  const page = await context.newPage();
  await page.clock.setFixedTime(START);
  await storeSession(page, await signIn(t, phone, "greer"));
  return page;
}

/** Shoots the page at 390 px and at desk width; with `region`, scrolled to show its end (the form runs below the fold). */
async function both(page: Page, name: string, region?: Locator) {
  if (!SHOTS) return;
  const take = async (file: string) => {
    if (!region) return await shot(page, file);
    await page.mouse.move(0, 0);
    await region.evaluate((el) => el.scrollIntoView({ block: "end" }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${REPO_ROOT}docs/screenshots/${file}.png` });
  };
  await take(`${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await take(`${name}-desk`);
  await page.setViewportSize(PHONE);
}

describe("standing rides in the browser", () => {
  it("a rider sets up a Monday-Wednesday-Friday ride to arrive by 9:00 and sees the next three dates", {
    timeout: 90_000,
  }, async () => {
    const rider = await riderPage("8645550660");
    const seen = watchPage(rider);
    await rider.goto("/greer/rider");
    await rider.locator('[data-island="RiderScreen"][data-hydrated="true"]').waitFor({ timeout: 20_000 });
    await rider.getByRole("link", { name: "Standing rides: the same trip every week" }).click();
    await rider.waitForURL("**/greer/rider/standing");
    await rider.locator('[data-island="StandingRides"][data-hydrated="true"]').waitFor({ timeout: 20_000 });
    await rider.getByText("No standing rides yet.").waitFor({ timeout: 20_000 });

    const form = rider.getByRole("form", { name: "New standing ride" });
    await form.getByLabel("From").selectOption({ label: "Greer Station" });
    await form.getByLabel("To").selectOption({ label: "Public Library" });
    for (const day of ["Monday", "Wednesday", "Friday"]) await form.getByRole("button", { name: day }).click();
    expect(await form.getByRole("radio", { name: "Arrive by" }).isChecked()).toBe(true);
    await form.locator('input[type="time"]').fill("09:00");
    expect(await form.getByLabel("Start date").inputValue()).toBe("2026-01-05");
    await both(rider, "rider-standing-form", form);
    await form.getByRole("button", { name: "Save standing ride" }).click();
    await rider.getByText("Standing ride saved.").waitFor({ timeout: 20_000 });

    const card = rider.getByRole("listitem").filter({ hasText: "To Public Library" });
    await card.getByText("Mon, Wed, Fri, arrive by 9:00 AM").waitFor();
    // Today's 9:00 has passed (it is 10:00): the next three are Wednesday, Friday and Monday.
    expect(await card.locator(".standing-card__dates li span").allTextContents()).toEqual([
      "Wed, Jan 7",
      "Fri, Jan 9",
      "Mon, Jan 12",
    ]);
    await both(rider, "rider-standing");

    // The timer's sweep books the dates within the week ahead, as ordinary bookings.
    void startHandOvers(noticeDeps(t), sweeps.signal, 200);
    await rider.goto("/greer/rider");
    const upcoming = rider.getByRole("region", { name: "Upcoming rides" });
    await upcoming.getByText("Public Library").first().waitFor({ timeout: 20_000 });
    expect(await upcoming.getByText("Public Library").count()).toBe(3);
    expect(seen.errors).toEqual([]);
  });

  it("reads in Spanish", { timeout: 60_000 }, async () => {
    const rider = await riderPage("8645550661", "es");
    const seen = watchPage(rider);
    await rider.goto("/greer/rider/standing");
    await rider.locator('[data-island="StandingRides"][data-hydrated="true"]').waitFor({ timeout: 20_000 });
    const form = rider.getByRole("form", { name: "Nuevo viaje fijo" });
    await form.getByLabel("Desde").selectOption({ label: "Greer Station" });
    await form.getByLabel("Hasta").selectOption({ label: "Public Library" });
    for (const day of ["Lunes", "Miércoles", "Viernes"]) await form.getByRole("button", { name: day }).click();
    await form.getByRole("button", { name: "Guardar viaje fijo" }).click();
    await rider.getByText("Viaje fijo guardado.").waitFor({ timeout: 20_000 });
    await rider.getByText("Próximas fechas").waitFor();
    await both(rider, "rider-standing-es");
    expect(seen.errors).toEqual([]);
  });

  it("an admin marks a holiday closed beside the week, in English and Spanish", { timeout: 60_000 }, async () => {
    for (
      const [lang, texts] of [
        ["en", { region: "Closed dates", field: "Closed date", add: "Add closed date", save: "Save Schedule" }],
        ["es", { region: "Días cerrados", field: "Día cerrado", add: "Agregar día cerrado", save: "Guardar horario" }],
      ] as const
    ) {
      const admin = await riderPage("8645550100", lang);
      const seen = watchPage(admin);
      await admin.goto("/greer/admin/schedule");
      await admin.locator('[data-island="AdminSchedule"][data-hydrated="true"]').waitFor({ timeout: 20_000 });
      const closed = admin.getByRole("region", { name: texts.region });
      await closed.getByLabel(texts.field).fill("2026-01-19");
      await closed.getByRole("button", { name: texts.add }).click();
      await closed.getByLabel(texts.field).fill("2026-12-25");
      await closed.getByRole("button", { name: texts.add }).click();
      await admin.getByRole("button", { name: texts.save }).click();
      await admin.getByRole("status").waitFor({ timeout: 20_000 });
      const saved = await (await fetch(server.http("/greer/api/schedule"))).json();
      expect(saved.closedDates).toEqual(["2026-01-19", "2026-12-25"]);
      await both(admin, lang === "en" ? "admin-schedule-closed" : "es-admin-schedule-closed", closed);
      expect(seen.errors).toEqual([]);
    }
  });
});
