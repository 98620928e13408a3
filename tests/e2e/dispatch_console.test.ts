/**
 * The dispatcher's console in Chromium at desk width on the real server (the demo of a first start: automatic
 * dispatch, Van 1 and Car 2), in English and in Spanish: two drivers online, one in each vehicle, a ride planned into
 * one of them; the dispatcher moves it to the other from the console, and within 2 s the ride leaves the first
 * driver's run and appears in the second's. Then pinned there, it waits in the console's queue when that driver goes
 * offline, and the dispatcher assigns it back to the first vehicle. `UPDATE_SCREENSHOTS=1` writes the console at 390 px and 1280 px in both
 * languages.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { SHOTS } from "./screenshots.ts";
import { REPO_ROOT } from "./server.ts";
import { browserWorld, type Session } from "./world.ts";

const world = browserWorld({ firstStart: true });
const AT = { latitude: 34.9380, longitude: -82.2275 };

const WORDS = {
  en: {
    console: "Dispatch",
    run: "Your stops",
    pickUp: "Pick up",
    moveTo: "Move to",
    move: "Move",
    pin: "Pin to vehicle",
    pinned: "Pinned",
    assignTo: "Assign to",
    assign: "Assign",
    assignAnyway: "Assign anyway",
  },
  es: {
    console: "Despacho",
    run: "Sus paradas",
    pickUp: "Recoger a",
    moveTo: "Mover a",
    move: "Mover",
    pin: "Fijar al vehículo",
    pinned: "Fijado",
    assignTo: "Asignar a",
    assign: "Asignar",
    assignAnyway: "Asignar de todos modos",
  },
};

/** Each case's own numbers: the world (its server and KV) is shared by both languages. */
const PHONES = {
  en: { driver2: "8645550181", dispatcher: "8645550182", rider: "8645550183", waiting: "8645550184" },
  es: { driver2: "8645550191", dispatcher: "8645550192", rider: "8645550193", waiting: "8645550194" },
};

async function grant(admin: Session, who: Session, role: string) {
  const res = await world.call("POST", `/greer/api/user/${who.user.id}/roles`, admin.token, { role });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
}

async function named(phone: string, name: string): Promise<Session> {
  const session = await world.signIn(phone);
  expect((await world.call("PUT", "/api/users/profile", session.token, { name })).status).toBe(200);
  return session;
}

async function pageFor(who: Session, lang: Lang, viewport = DESKTOP): Promise<Page> {
  const context = await world.newContext({ viewport, geolocation: AT, permissions: ["geolocation"] });
  if (lang === "es") await context.addCookies([{ name: "lang", value: "es", url: world.server.url }]);
  const page = await context.newPage();
  watchPage(page);
  await storeSession(page, who);
  return page;
}

/** docs/screenshots/{name}.png of the whole console. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${REPO_ROOT}docs/screenshots/${name}.png`, fullPage: true });
}

async function moveCase(lang: Lang) {
  const w = WORDS[lang];
  const phones = PHONES[lang];
  const admin = await world.signIn(DEMO_ADMIN_PHONE);
  const van = await named(DEMO_DRIVER_PHONE, "Dee Driver");
  const car = await named(phones.driver2, "Cal Carter");
  const dispatcher = await named(phones.dispatcher, "Dora Dispatch");
  const rider = await named(phones.rider, "Ana Ruiz");
  await grant(admin, car, "driver");
  await grant(admin, dispatcher, "dispatcher");

  const { data: fleet } = await world.call("GET", "/greer/api/drivers/vehicles", van.token);
  const vehicle = (name: string) => fleet.vehicles.find((v: { name: string }) => v.name === name).id as string;
  const ids = { van: vehicle("Van 1"), car: vehicle("Car 2") };
  const location = { lat: AT.latitude, lng: AT.longitude };
  for (const [driver, vehicleId] of [[van, ids.van], [car, ids.car]] as const) {
    const online = await world.call("PUT", "/greer/api/drivers/availability", driver.token, {
      isAvailable: true,
      location,
      vehicleId,
    });
    expect(online.status, JSON.stringify(online.data)).toBe(200);
  }
  const { data: places } = await world.call("GET", "/greer/api/places", rider.token);
  const place = (name: string) => places.find((p: { name: string }) => p.name === name).id;
  const asked = await world.call("POST", "/greer/api/rides", rider.token, {
    pickupPlaceId: place("Greer Station"),
    dropoffPlaceId: place("City Hall"),
    passengerCt: 1,
  });
  expect(asked.status, JSON.stringify(asked.data)).toBe(201);
  const ride = asked.data.ride;
  expect([ids.van, ids.car]).toContain(ride.vehicleId);
  const [holder, other] = ride.vehicleId === ids.van ? [van, car] : [car, van];
  const target = ride.vehicleId === ids.van ? "Car 2" : "Van 1";
  const source = ride.vehicleId === ids.van ? "Van 1" : "Car 2";

  // Both drivers' screens: the ride in the holder's run, not in the other's.
  const pickup = `${w.pickUp} Ana Ruiz`;
  const runOf = async (driver: Session) => {
    const page = await pageFor(driver, lang);
    await page.goto("/greer/driver");
    const run = page.getByRole("region", { name: w.run });
    await run.waitFor({ timeout: 15_000 });
    return run;
  };
  const [fromRun, toRun] = [await runOf(holder), await runOf(other)];
  const holds = async (run: Awaited<ReturnType<typeof runOf>>) => (await run.textContent())?.includes(pickup);
  await expect.poll(() => holds(fromRun), { timeout: 10_000 }).toBe(true);
  expect(await holds(toRun)).toBe(false);

  // The dispatcher's console: the ride in its vehicle's card.
  const page = await pageFor(dispatcher, lang);
  await page.goto("/greer/dispatch");
  await page.getByRole("heading", { level: 1, name: w.console }).waitFor({ timeout: 15_000 });
  const card = page.locator(`.dispatch-card[data-vehicle="${source}"]`);
  const rideItem = card.locator(`.dispatch-ride[data-ride="${ride.id}"]`);
  await rideItem.waitFor({ timeout: 10_000 });
  await rideItem.getByLabel(w.moveTo).selectOption({ label: target });

  const clicked = Date.now();
  await rideItem.getByRole("button", { name: w.move, exact: true }).click();
  await expect.poll(() => holds(toRun), { timeout: 2_000, interval: 50 }).toBe(true);
  await expect.poll(() => holds(fromRun), { timeout: Math.max(50, 2_000 - (Date.now() - clicked)), interval: 50 })
    .toBe(false);
  expect(Date.now() - clicked).toBeLessThan(2_000);

  // The console follows: the ride is now in the other vehicle's card, and the server agrees.
  await page.locator(`.dispatch-card[data-vehicle="${target}"] .dispatch-ride[data-ride="${ride.id}"]`)
    .waitFor({ timeout: 5_000 });
  const { data: moved } = await world.call("GET", "/greer/api/dispatch/state", dispatcher.token);
  const holderNow = moved.vehicles.find((v: { stops: { rideId: string }[] }) =>
    v.stops.some((s) => s.rideId === ride.id)
  );
  expect(holderNow.vehicle.name).toBe(target);

  // Pinned to its new vehicle, the ride waits in the queue when that driver leaves; the console assigns it back.
  const moved_ = page.locator(`.dispatch-card[data-vehicle="${target}"] .dispatch-ride[data-ride="${ride.id}"]`);
  await moved_.getByRole("button", { name: w.pin }).click();
  await moved_.getByText(w.pinned, { exact: true }).waitFor({ timeout: 5_000 });
  const waiting = await named(phones.waiting, "Ben Ortiz");
  const ben = await world.call("POST", "/greer/api/rides", waiting.token, {
    pickupPlaceId: place("Greer City Park"),
    dropoffPlaceId: place("Public Library"),
    passengerCt: 2,
  });
  expect(ben.status, JSON.stringify(ben.data)).toBe(201);
  const offline = await world.call("PUT", "/greer/api/drivers/availability", other.token, { isAvailable: false });
  expect(offline.status).toBe(200);
  const queued = page.locator(`.dispatch-queue .dispatch-ride[data-ride="${ride.id}"]`);
  await queued.waitFor({ timeout: 5_000 });
  await page.locator(`.dispatch-card[data-vehicle="${target}"]`).waitFor({ state: "detached", timeout: 5_000 });
  await shot(page, `dispatch-console-1280-${lang}`);
  if (SHOTS) {
    const phone = await pageFor(dispatcher, lang, PHONE);
    await phone.goto("/greer/dispatch");
    await phone.locator(`.dispatch-queue .dispatch-ride[data-ride="${ride.id}"]`).waitFor({ timeout: 10_000 });
    await shot(phone, `dispatch-console-390-${lang}`);
  }
  expect(await queued.getByLabel(w.assignTo).locator("option").allTextContents()).toEqual([source]);
  await queued.getByRole("button", { name: w.assign, exact: true }).click();
  const anyway = queued.getByRole("button", { name: w.assignAnyway });
  await Promise.race([queued.waitFor({ state: "detached", timeout: 5_000 }), anyway.click({ timeout: 5_000 })]);
  await page.locator(`.dispatch-card[data-vehicle="${source}"] .dispatch-ride[data-ride="${ride.id}"]`)
    .waitFor({ timeout: 5_000 });
  await expect.poll(() => holds(fromRun), { timeout: 5_000 }).toBe(true);

  // Leave the world as found for the next case: the rides canceled, both drivers offline.
  for (const id of [ride.id, ben.data.ride.id]) {
    const canceled = await world.call("POST", `/greer/api/dispatch/rides/${id}/cancel`, dispatcher.token, {
      reason: "End of the test",
    });
    expect(canceled.status).toBe(200);
  }
  await world.call("PUT", "/greer/api/drivers/availability", holder.token, { isAvailable: false });
}

describe("the dispatcher's console", () => {
  it("is where a dispatcher lands after signing in, and the menu links it", async () => {
    const admin = await world.signIn(DEMO_ADMIN_PHONE);
    const phone = "8645550177";
    await grant(admin, await world.signIn(phone), "dispatcher");
    const page = await world.newPage(PHONE, { hasTouch: true, isMobile: true });
    const seen = watchPage(page);
    await page.goto("/greer/login");
    await page.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor({ timeout: 10_000 });
    await page.getByLabel("Phone number").pressSequentially(phone);
    await page.getByRole("button", { name: "Send Verification Code" }).click();
    await page.getByRole("heading", { name: "Verify Your Phone" }).waitFor();
    await page.getByLabel("Verification code").fill(world.twilio.codeFor(phone)!);
    await page.getByRole("button", { name: "Verify Code" }).click();
    await page.waitForURL((url) => url.pathname === "/greer/dispatch", { timeout: 10_000 });
    await page.getByRole("heading", { level: 1, name: "Dispatch" }).waitFor({ timeout: 10_000 });
    await page.getByRole("button", { name: "Account menu" }).click();
    expect(await page.getByRole("link", { name: "Dispatch", exact: true }).getAttribute("href")).toBe(
      "/greer/dispatch",
    );
    expect(seen.errors).toEqual([]);
  });

  it("moves a planned ride to the other vehicle, and both drivers' screens change within 2 s (English)", async () => {
    await moveCase("en");
  });
  it("moves a planned ride to the other vehicle, and both drivers' screens change within 2 s (Spanish)", async () => {
    await moveCase("es");
  });
});
