/**
 * Accessibility needs and the note for the driver, in Chromium on
 * the real server: a rider whose profile says they use a wheelchair asks for
 * a ride with a note; the driver whose vehicle takes a wheelchair sees the
 * needs first on the card, before Accept, and the note; a driver whose
 * vehicle does not never sees the ride; admin trips show the needs and the
 * note. `UPDATE_SCREENSHOTS=1` writes the rider's options, the driver's card,
 * Profile Settings' needs and admin trips at 390 px and desk width, in both
 * languages.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { SHOTS } from "./screenshots.ts";
import { REPO_ROOT } from "./server.ts";
import { browserWorld, type Session } from "./world.ts";

const world = browserWorld();
const PICKUP = { latitude: 34.9387, longitude: -82.2271 };

async function phone(session: Session) {
  const context = await world.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    geolocation: PICKUP,
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  await storeSession(page, session);
  return { context, page };
}

/** docs/screenshots/{name}.png of the whole page: the new controls sit below the map on a phone. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${REPO_ROOT}docs/screenshots/${name}.png`, fullPage: true });
}

async function open(page: Page, path: string, island: string) {
  await page.goto(path);
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ timeout: 10_000 });
}

async function goOnline(page: Page) {
  const available = page.getByRole("switch", { name: /Available for rides/ });
  await expect.poll(() => available.isEnabled()).toBe(true);
  await available.click();
  await expect.poll(() => available.getAttribute("aria-checked")).toBe("true");
}

describe("accessibility needs and the note for the driver", () => {
  it("offers a wheelchair rider's ride, needs first and with the note, only to the accessible vehicle", {
    timeout: 90_000,
  }, async () => {
    const admin = await world.signIn(DEMO_ADMIN_PHONE);
    const accessibleSession = await world.signIn("8645550101");
    const otherSession = await world.signIn("8645550652");
    expect(
      (await world.call("POST", `/greer/api/user/${otherSession.user.id}/roles`, admin.token, {
        role: "driver",
      })).status,
    ).toBeLessThan(300);
    const riderSession = await world.signIn("8645550651");

    // The rider says once, in Profile Settings, that they use a wheelchair.
    const rider = await phone(riderSession);
    const riderSeen = watchPage(rider.page);
    await open(rider.page, "/greer/profile", "ProfileSettings");
    const needs = rider.page.getByRole("group", { name: "Accessibility needs" });
    // Saved as soon as it is ticked: the box shows the server's answer.
    await needs.getByRole("checkbox", { name: "Wheelchair user" }).click();
    await needs.getByText("Accessibility needs saved.").waitFor();
    expect(await needs.getByRole("checkbox", { name: "Wheelchair user" }).isChecked()).toBe(true);
    await shot(rider.page, "profile-needs");

    // One driver's vehicle takes a wheelchair, the other's does not.
    const accessible = await phone(accessibleSession);
    const accessibleSeen = watchPage(accessible.page);
    await open(accessible.page, "/greer/driver", "DriverScreen");
    const vehicle = accessible.page.getByRole("checkbox", { name: "My vehicle takes a wheelchair" });
    await expect.poll(() => vehicle.isEnabled()).toBe(true);
    await vehicle.click();
    await expect.poll(() => vehicle.isChecked()).toBe(true);
    await shot(accessible.page, "driver-vehicle");
    await goOnline(accessible.page);
    const other = await phone(otherSession);
    const otherSeen = watchPage(other.page);
    await open(other.page, "/greer/driver", "DriverScreen");
    const otherVehicle = other.page.getByRole("checkbox", { name: "My vehicle takes a wheelchair" });
    await expect.poll(() => otherVehicle.isEnabled()).toBe(true);
    expect(await otherVehicle.isChecked()).toBe(false);
    await goOnline(other.page);
    // Asked as the driver goes online: out of the way of the rides once online.
    await expect.poll(() => otherVehicle.count()).toBe(0);

    // The rider asks for a ride: the needs start as the profile's, and a note for the driver.
    await open(rider.page, "/greer/rider", "RiderScreen");
    const options = rider.page.getByRole("group", { name: "Needs for this ride" });
    await expect.poll(() => options.getByRole("checkbox", { name: "Wheelchair user" }).isChecked()).toBe(true);
    await options.getByLabel("Note for the driver").fill("Blue door, ring twice");
    await rider.page.getByLabel("Destination").fill("Greer City Park");
    await expect.poll(() => rider.page.getByText("Your current location (GPS)").isVisible()).toBe(true);
    await shot(rider.page, "rider-needs");
    await rider.page.setViewportSize(DESKTOP);
    await shot(rider.page, "rider-needs-desktop");
    await rider.page.setViewportSize(PHONE);
    await rider.page.getByRole("button", { name: "Request Ride" }).click();
    const card = rider.page.getByRole("region", { name: "Current Ride" });
    await card.getByText("You have a pending ride request").waitFor();
    await card.getByText("Blue door, ring twice").waitFor();

    // The accessible driver's card: the needs first, then the rider, the note, and Accept.
    const item = accessible.page.locator(".ride-item").first();
    await item.waitFor({ timeout: 10_000 });
    const first = item.locator(":scope > *").first();
    expect(await first.getAttribute("aria-label")).toBe("Accessibility needs");
    expect(await first.textContent()).toBe("Wheelchair user");
    await item.getByText("Blue door, ring twice").waitFor();
    await item.getByRole("button", { name: "Accept" }).waitFor();
    await shot(accessible.page, "driver-needs");
    await accessible.page.setViewportSize(DESKTOP);
    await shot(accessible.page, "driver-needs-desktop");
    await accessible.page.setViewportSize(PHONE);

    // The other driver never sees it: not live, not after a reload.
    await other.page.waitForTimeout(1500);
    expect(await other.page.locator(".ride-item").count()).toBe(0);
    await open(other.page, "/greer/driver", "DriverScreen");
    await other.page.getByText("No active ride requests").waitFor({ timeout: 10_000 });
    expect(await other.page.locator(".ride-item").count()).toBe(0);

    // The same screens in Spanish.
    for (const p of [rider, accessible]) {
      await p.context.addCookies([{ name: "lang", value: "es", url: world.server.url }]);
    }
    await open(accessible.page, "/greer/driver", "DriverScreen");
    await accessible.page.locator(".ride-item").getByText("Usa silla de ruedas").waitFor({ timeout: 10_000 });
    await shot(accessible.page, "es-driver-needs");
    await accessible.page.setViewportSize(DESKTOP);
    await shot(accessible.page, "es-driver-needs-desktop");
    await accessible.page.locator(".ride-item").getByRole("button", { name: "Aceptar" }).click();
    await rider.page.getByRole("region", { name: "Current Ride" }).getByText("Your ride has been accepted by a driver!")
      .waitFor({ timeout: 10_000 });
    await rider.page.getByRole("button", { name: "Cancel Ride" }).click();
    await rider.page.getByRole("button", { name: "Request Ride" }).waitFor({ timeout: 10_000 });
    await open(rider.page, "/greer/rider", "RiderScreen");
    const opciones = rider.page.getByRole("group", { name: "Necesidades para este viaje" });
    await expect.poll(() => opciones.getByRole("checkbox", { name: "Usa silla de ruedas" }).isChecked()).toBe(true);
    await opciones.getByLabel("Nota para el conductor").fill("Puerta azul");
    await shot(rider.page, "es-rider-needs");
    await rider.page.setViewportSize(DESKTOP);
    await shot(rider.page, "es-rider-needs-desktop");
    await rider.page.setViewportSize(PHONE);
    await open(rider.page, "/greer/profile", "ProfileSettings");
    await rider.page.getByRole("group", { name: "Necesidades de accesibilidad" }).waitFor();
    await shot(rider.page, "es-profile-needs");

    // Admin trips show the trip's needs and note.
    const desk = await world.newPage(DESKTOP);
    const adminSeen = watchPage(desk);
    await storeSession(desk, admin);
    await open(desk, "/greer/admin/trips", "AdminTrips");
    const row = desk.getByRole("row").filter({ hasText: "Blue door, ring twice" });
    await row.getByText("Wheelchair user").waitFor({ timeout: 10_000 });
    await shot(desk, "admin-trips-needs");
    await desk.setViewportSize(PHONE);
    await shot(desk, "admin-trips-needs-phone");
    await desk.context().addCookies([{ name: "lang", value: "es", url: world.server.url }]);
    await open(desk, "/greer/admin/trips", "AdminTrips");
    await desk.getByText("Usa silla de ruedas").first().waitFor({ timeout: 10_000 });
    await shot(desk, "es-admin-trips-needs-phone");
    expect(adminSeen.errors).toEqual([]);

    expect(riderSeen.errors).toEqual([]);
    expect(accessibleSeen.errors).toEqual([]);
    expect(otherSeen.errors).toEqual([]);
  });
});
