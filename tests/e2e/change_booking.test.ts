/**
 * Arrive by and changing a booking in Chromium, on the real app in-process on loopback with a fake clock
 * (tests/helpers/app.ts, tests/helpers/live.ts); the browser's clock is fixed at the same moment (page.clock), so
 * the Later choice and the change form offer the times the server accepts.
 *
 * A rider books to arrive at the Public Library by 11:00 on Monday 5 January 2026 in Greer (the clocks start at
 * 10:00 there), sees when to arrive in Upcoming rides, opens Change, makes it a pickup at 12:00, and sees the new
 * time in the list; the server holds it. In Spanish the same. `UPDATE_SCREENSHOTS=1` writes the Later choice with
 * "Arrive by", Upcoming rides with the time to arrive by, and the change form under its booking at 390 px and desk
 * width, in English and Spanish.
 */
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import type { Ride } from "../../lib/rides.ts";
import { makeApp, signIn } from "../helpers/app.ts";
import { type LiveServer, serve } from "../helpers/live.ts";
import { DESKTOP, launchBrowser, PHONE, storeSession, watchPage } from "./browser.ts";
import { SHOTS } from "./screenshots.ts";
import { REPO_ROOT } from "./server.ts";

const START = Date.UTC(2026, 0, 5, 15, 0);
const GREER = { latitude: 34.9387, longitude: -82.2271 };

let t: Awaited<ReturnType<typeof makeApp>>;
let server: LiveServer;
let browser: Browser;

beforeAll(async () => {
  t = await makeApp();
  server = serve(t.app);
  browser = await launchBrowser();
});

afterAll(async () => {
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
  await page.goto("/greer/rider");
  await page.locator('[data-island="RiderScreen"][data-hydrated="true"]').waitFor({ timeout: 10_000 });
  return page;
}

/** Shoots `region` scrolled into view at 390 px, then at desk width, then back. */
async function both(page: Page, name: string, region: Locator) {
  if (!SHOTS) return;
  await page.mouse.move(0, 0);
  for (const [width, viewport] of [["phone", PHONE], ["desk", DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    await region.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${REPO_ROOT}docs/screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize(PHONE);
}

/** Chooses the Public Library from the destination field's suggestions: a place, so the trip can be timed. */
async function library(page: Page, typed: string) {
  const field = page.locator('input[role="combobox"]');
  await field.pressSequentially(typed);
  await expect.poll(() => field.getAttribute("aria-expanded")).toBe("true");
  await field.press("ArrowDown");
  await field.press("Enter");
  await expect.poll(() => field.inputValue()).toBe("Public Library");
}

const stored = async (id: string) => (await t.kv.get<Ride>(keys.ride("greer", id))).value!;
const onlyBooking = async (rider: string) => {
  const rides: Ride[] = [];
  for await (const e of t.kv.list<Ride>({ prefix: keys.rides("greer") })) {
    if (e.value.creatorId === rider && e.value.status === "scheduled") rides.push(e.value);
  }
  expect(rides).toHaveLength(1);
  return rides[0];
};

describe("arrive by and changing a booking in the browser", () => {
  it("a rider books to arrive by 11:00, then changes it to a pickup at 12:00 and sees the new time", {
    timeout: 90_000,
  }, async () => {
    const session = await signIn(t, "8645550660", "greer");
    const rider = await phone(session);
    const seen = watchPage(rider);

    await rider.locator(".booking-when__choice", { hasText: "Later" }).click();
    await rider.locator(".booking-when__choice", { hasText: "Arrive by" }).click();
    expect(await rider.getByRole("radio", { name: "Arrive by" }).isChecked()).toBe(true);
    await rider.getByLabel("Date", { exact: true }).selectOption("2026-01-05");
    await rider.getByLabel("Time", { exact: true }).selectOption("11:00");
    await rider.getByText("Request Ride books it to arrive by Mon, Jan 5, 11:00 AM.").waitFor();
    await library(rider, "libr");
    await both(rider, "rider-arrive-by", rider.getByRole("group", { name: "When" }));
    await rider.getByRole("button", { name: "Request Ride" }).click();
    await rider.getByText("Your ride is booked.").waitFor({ timeout: 10_000 });

    const upcoming = rider.getByRole("region", { name: "Upcoming rides" });
    await upcoming.getByText("Arrive by 11:00 AM").waitFor({ timeout: 10_000 });
    await both(rider, "rider-upcoming-arrive-by", upcoming);
    const booked = await onlyBooking(session.user.id);
    expect(booked.arriveBy).toBe(START + 60 * 60_000);
    // The pickup time set to keep it, shown in the list: before 10:45 (the trip and the 15 minutes' wait).
    expect(booked.scheduledFor).toBeLessThan(START + 45 * 60_000);

    await upcoming.getByRole("button", { name: /^Change the ride of Mon, Jan 5/ }).click();
    const form = rider.getByRole("form", { name: "Change your ride" });
    await form.waitFor();
    expect(await form.getByRole("radio", { name: "Arrive by" }).isChecked()).toBe(true);
    expect(await form.getByLabel("Time", { exact: true }).inputValue()).toBe("11:00");
    await form.locator(".booking-when__choice", { hasText: "Pick me up at" }).click();
    await form.getByLabel("Time", { exact: true }).selectOption("12:00");
    await both(rider, "rider-change-booking", upcoming.getByRole("listitem"));
    await form.getByRole("button", { name: "Save changes" }).click();
    await form.waitFor({ state: "detached", timeout: 10_000 });
    await upcoming.getByText("Mon, Jan 5, 12:00 PM").waitFor({ timeout: 10_000 });
    expect(await upcoming.getByText(/^Arrive by/).count()).toBe(0);

    const changed = await stored(booked.id);
    expect(changed).toMatchObject({ id: booked.id, status: "scheduled", scheduledFor: START + 2 * 60 * 60_000 });
    expect(changed.arriveBy).toBeUndefined();
    expect(seen.errors).toEqual([]);
  });

  it("reads in Spanish: Llegar antes de, and Cambiar su viaje", { timeout: 60_000 }, async () => {
    const session = await signIn(t, "8645550661", "greer");
    const rider = await phone(session, { lang: "es" });
    const seen = watchPage(rider);
    await rider.locator(".booking-when__choice", { hasText: "Más tarde" }).click();
    await rider.locator(".booking-when__choice", { hasText: "Llegar antes de" }).click();
    await rider.getByLabel("Fecha", { exact: true }).selectOption("2026-01-06");
    await rider.getByLabel("Hora", { exact: true }).selectOption("09:00");
    await library(rider, "libr");
    await both(rider, "es-rider-arrive-by", rider.getByRole("group", { name: "Cuándo" }));
    await rider.getByRole("button", { name: "Solicitar viaje" }).click();
    await rider.getByText("Su viaje está reservado.").waitFor({ timeout: 10_000 });
    const list = rider.getByRole("region", { name: "Próximos viajes" });
    await list.getByText(/^Llegar antes de las 9:00/).waitFor({ timeout: 10_000 });

    await list.getByRole("button", { name: /^Cambiar el viaje de/ }).click();
    const form = rider.getByRole("form", { name: "Cambiar su viaje" });
    await form.getByLabel("Hora", { exact: true }).selectOption("09:30");
    await both(rider, "es-rider-change-booking", list.getByRole("listitem"));
    await form.getByRole("button", { name: "Guardar cambios" }).click();
    await form.waitFor({ state: "detached", timeout: 10_000 });
    await list.getByText(/^Llegar antes de las 9:30/).waitFor({ timeout: 10_000 });
    expect((await onlyBooking(session.user.id)).arriveBy).toBe(Date.UTC(2026, 0, 6, 14, 30));
    expect(seen.errors).toEqual([]);
  });
});
