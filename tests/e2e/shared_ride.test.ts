/**
 * Two riders sharing a van, in Chromium at a phone's width on the real server's first-start demo (automatic dispatch,
 * the demo driver online in Van 1 through the API): each asks from Greer Station for the Public Library, one in English
 * and one in Spanish, and each card says which shuttle comes, when, the window, the arrival and "Shared ride", with the
 * rider's own times and nothing of the other rider. `UPDATE_SCREENSHOTS=1` writes both cards at 390 px and desk width.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { shot, SHOTS } from "./screenshots.ts";
import { REPO_ROOT } from "./server.ts";
import { browserWorld, type Session } from "./world.ts";

const world = browserWorld({ firstStart: true });

async function riderPhone(session: Session, at: { latitude: number; longitude: number }, lang: "en" | "es") {
  const context = await world.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    geolocation: at,
    permissions: ["geolocation"],
    // A phone set to another zone than the tenant's: the card says the tenant's times, as the texts do.
    timezoneId: "Asia/Kolkata",
  });
  if (lang === "es") await context.addCookies([{ name: "lang", value: "es", url: world.server.url }]);
  const page = await context.newPage();
  await storeSession(page, session);
  await page.goto("/greer/rider");
  await page.locator('[data-island="RiderScreen"][data-hydrated="true"]').waitFor({ timeout: 10_000 });
  return { context, page };
}

/** Asks for the Public Library from where the phone is, with the words of the page's language. */
async function askForLibrary(
  page: Page,
  words: { readonly destination: string; readonly gps: RegExp; readonly request: string },
) {
  const field = page.getByRole("combobox", { name: words.destination });
  await field.pressSequentially("libr");
  await expect.poll(() => field.getAttribute("aria-expanded")).toBe("true");
  await field.press("ArrowDown");
  await field.press("Enter");
  await expect.poll(() => field.inputValue()).toBe("Public Library");
  await expect.poll(() => page.getByText(words.gps).isVisible()).toBe(true);
  await page.getByRole("button", { name: words.request }).click();
}

/** A time on the clocks of `timeZone` (the tenant's, which the rider page hands its card). */
const clock = (ms: number, locale: string, timeZone: string) =>
  new Intl.DateTimeFormat(locale, { timeZone, hour: "numeric", minute: "2-digit" }).format(ms);

describe("a shared ride, seen by each of its riders", () => {
  it("tells two riders going the same way their shuttle, their own times and Shared ride, in English and Spanish", async () => {
    const admin = await world.signIn("8645550100");
    const { data: vehicles } = await world.call("GET", "/greer/api/admin/vehicles", admin.token);
    const van = vehicles.find((v: { name: string }) => v.name === "Van 1");
    const driver = await world.signIn("8645550101");
    const online = await world.call("PUT", "/greer/api/drivers/availability", driver.token, {
      isAvailable: true,
      location: { lat: 34.9366, lng: -82.2253 },
      vehicleId: van.id,
    });
    expect(online.status).toBe(200);

    const ana = await world.signIn("8645550671");
    const ben = await world.signIn("8645550672");
    await world.call("PUT", "/api/users/profile", ana.token, { name: "Ana Ruiz" });
    await world.call("PUT", "/api/users/profile", ben.token, { name: "Ben Ortiz" });

    const en = await riderPhone(ana, { latitude: 34.9384, longitude: -82.2279 }, "en");
    const enSeen = watchPage(en.page);
    await askForLibrary(en.page, {
      destination: "Destination",
      gps: /Your current location \(GPS\)/,
      request: "Request Ride",
    });
    const enCard = en.page.getByRole("region", { name: "Current Ride" });
    await enCard.getByText("Your shuttle (Van 1) will pick you up at about", { exact: false }).waitFor({
      timeout: 10_000,
    });

    const es = await riderPhone(ben, { latitude: 34.9381, longitude: -82.2276 }, "es");
    const esSeen = watchPage(es.page);
    await askForLibrary(es.page, {
      destination: "Destino",
      gps: /Su ubicación actual \(GPS\)/,
      request: "Solicitar viaje",
    });
    const esCard = es.page.getByRole("region", { name: "Viaje actual" });
    await esCard.getByText("Su vehículo (Van 1) lo recogerá hacia las", { exact: false }).waitFor({ timeout: 10_000 });

    // Both ride in Van 1 at once: each card says so, the first rider's as the second's request moves their times.
    await esCard.getByText("Viaje compartido").waitFor({ timeout: 10_000 });
    await enCard.getByText("Shared ride").waitFor({ timeout: 10_000 });

    // Each card holds its rider's own times, as the server planned them, and nothing of the other rider.
    const mine = async (s: Session) => (await world.call("GET", "/greer/api/rides/my", s.token)).data;
    const [anaRide, benRide] = [await mine(ana), await mine(ben)];
    expect([anaRide.vehicleName, anaRide.shared, benRide.vehicleName, benRide.shared]).toEqual([
      "Van 1",
      true,
      "Van 1",
      true,
    ]);
    const zone =
      JSON.parse((await en.page.locator('[data-island="RiderScreen"]').getAttribute("data-props"))!).timeZone;
    expect(zone).toBe("America/New_York");
    const enText = (await enCard.textContent()) ?? "";
    expect(enText).toContain(`about ${clock(anaRide.pickupAt, "en-US", zone)}`);
    expect(enText).toContain(
      `between ${clock(anaRide.window.from, "en-US", zone)} and ${clock(anaRide.window.to, "en-US", zone)}`,
    );
    expect(enText).toContain(`Arrives about ${clock(anaRide.dropoffAt, "en-US", zone)}`);
    const esText = (await esCard.textContent()) ?? "";
    expect(esText).toContain(`hacia las ${clock(benRide.pickupAt, "es-US", zone)}`);
    expect(esText).toContain(`Llega hacia las ${clock(benRide.dropoffAt, "es-US", zone)}`);
    for (const [text, other] of [[enText, "Ben Ortiz"], [esText, "Ana Ruiz"]]) expect(text).not.toContain(other);
    if (anaRide.pickupAt !== benRide.pickupAt) {
      expect(enText).not.toContain(`about ${clock(benRide.pickupAt, "en-US", zone)}`);
    }

    await shot(en.page, "rider-shared");
    await shot(es.page, "es-rider-shared");
    await en.page.setViewportSize(DESKTOP);
    await es.page.setViewportSize(DESKTOP);
    await shot(en.page, "rider-shared-desktop");
    await shot(es.page, "es-rider-shared-desktop");
    expect(enSeen.errors).toEqual([]);
    expect(esSeen.errors).toEqual([]);
  });

  it("shows a refused request's reason and Book for later, which opens Later with the places kept", async () => {
    // Van 1 keeps the two riders of the test before; with pooling off and a 5-minute wait it can take no one more now.
    const admin = await world.signIn("8645550100");
    const set = await world.call("PUT", "/greer/api/admin/settings", admin.token, {
      pooling: false,
      maxWaitMinutes: 5,
    });
    expect(set.status).toBe(200);
    for (
      const [lang, phone, words] of [
        ["en", "8645550673", {
          destination: "Destination",
          gps: /Your current location \(GPS\)/,
          request: "Request Ride",
          later: "Book for later",
          laterChoice: "Later",
          shot: "rider-refused",
        }],
        ["es", "8645550674", {
          destination: "Destino",
          gps: /Su ubicación actual \(GPS\)/,
          request: "Solicitar viaje",
          later: "Reservar para más tarde",
          laterChoice: "Más tarde",
          shot: "es-rider-refused",
        }],
      ] as const
    ) {
      const rider = await world.signIn(phone);
      const { page } = await riderPhone(rider, { latitude: 34.9384, longitude: -82.2279 }, lang);
      // The refusal's 409 is the answer this test waits for; the browser logs it as a failed load.
      const seen = watchPage(page, { ignore: [/status of 409/] });
      await askForLibrary(page, { destination: words.destination, gps: words.gps, request: words.request });
      const alert = page.locator(".ride-form__error");
      await alert.waitFor({ timeout: 10_000 });
      expect(await alert.textContent()).toBe(
        lang === "en"
          ? "No shuttle can pick you up within 5 minutes. Try again soon or book for later."
          : "Ningún vehículo puede recogerle en menos de 5 minutos. Inténtelo pronto o reserve para más tarde.",
      );
      const bookLater = page.getByRole("button", { name: words.later });
      // On a phone the offer sits just above the bar holding the refusal: the screenshot shows both.
      await bookLater.evaluate((b) => b.scrollIntoView({ block: "center" }));
      if (SHOTS) await page.screenshot({ path: `${REPO_ROOT}docs/screenshots/${words.shot}.png` });
      await page.setViewportSize(DESKTOP);
      await shot(page, `${words.shot}-desktop`);
      await page.setViewportSize(PHONE);
      await bookLater.click();
      expect(await page.getByRole("radio", { name: words.laterChoice }).isChecked()).toBe(true);
      expect(await page.getByRole("combobox", { name: words.destination }).inputValue()).toBe("Public Library");
      expect(await bookLater.count()).toBe(0);
      expect(seen.errors).toEqual([]);
    }
  });
});
