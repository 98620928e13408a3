/**
 * A driver picks the vehicle they drive and goes online, in Chromium at
 * phone width on the real server (drivers mode): the tenant's vehicles with
 * their seats and wheelchair spaces, the driver's last one chosen, one
 * another online driver holds marked; the server's 409 said in words when
 * another driver takes the chosen one first; online, the van's wheelchair
 * spaces bring the driver a wheelchair rider's ride. `UPDATE_SCREENSHOTS=1`
 * writes the picker at 390 px and desk width, in both languages, the refusal
 * and the screen online.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { SHOTS } from "./screenshots.ts";
import { REPO_ROOT } from "./server.ts";
import { browserWorld, type Session } from "./world.ts";

const world = browserWorld();
const AT = { latitude: 34.9387, longitude: -82.2271 };
const LOCATION = { lat: AT.latitude, lng: AT.longitude };

/** docs/screenshots/{name}.png of the whole page, the picker and the map under it. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${REPO_ROOT}docs/screenshots/${name}.png`, fullPage: true });
}

async function openDriver(page: Page) {
  await page.goto("/greer/driver");
  await page.locator('[data-island="DriverScreen"][data-hydrated="true"]').waitFor({ timeout: 10_000 });
}

async function addVehicle(admin: Session, name: string, seats: number, wheelchairSpaces: number): Promise<string> {
  const made = await world.call("POST", "/greer/api/admin/vehicles", admin.token, { name, seats, wheelchairSpaces });
  expect(made.status).toBe(201);
  return made.data.vehicle.id;
}

describe("the driver's vehicle", () => {
  it("a driver picks a vehicle on a phone and goes online; a taken one is said in words", {
    timeout: 90_000,
  }, async () => {
    const admin = await world.signIn(DEMO_ADMIN_PHONE);
    expect((await world.call("PUT", "/greer/api/admin/settings", admin.token, { dispatchMode: "drivers" })).status)
      .toBe(200);
    const bus = await addVehicle(admin, "Bus 4", 20, 0);
    const minivan = await addVehicle(admin, "Minivan 7", 7, 1);
    const driver = await world.signIn("8645550101");
    const colleague = await world.signIn("8645550652");
    expect(
      (await world.call("POST", `/greer/api/user/${colleague.user.id}/roles`, admin.token, { role: "driver" }))
        .status,
    ).toBeLessThan(300);
    const availability = (session: Session, body: Record<string, unknown>) =>
      world.call("PUT", "/greer/api/drivers/availability", session.token, { location: LOCATION, ...body });
    // The colleague is out in the bus.
    expect((await availability(colleague, { isAvailable: true, vehicleId: bus })).status).toBe(200);

    const context = await world.newContext({
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      geolocation: AT,
      permissions: ["geolocation"],
    });
    const page = await context.newPage();
    // The browser logs the refused going online (409) as a failed load: that refusal is part of the story.
    const seen = watchPage(page, { ignore: [/status of 409 \(Conflict\)/] });
    await storeSession(page, driver);
    await openDriver(page);
    const picker = page.getByRole("group", { name: "Which vehicle are you driving?" });
    await picker.waitFor({ timeout: 10_000 });
    const busCard = picker.locator("label").filter({ hasText: "Bus 4" });
    const vanCard = picker.locator("label").filter({ hasText: "Minivan 7" });
    expect(await busCard.textContent()).toBe("Bus 420 seats · 0 wheelchair spaces" + "In use by another driver");
    expect(await vanCard.textContent()).toBe("Minivan 77 seats · 1 wheelchair space");
    expect(await page.getByRole("checkbox", { name: "My vehicle takes a wheelchair" }).count()).toBe(0);
    // A thumb's target: each card and the Go online button at least 44 px tall, the button the whole width.
    const goOnline = picker.getByRole("button", { name: "Go online" });
    for (const target of [busCard, vanCard, goOnline]) {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    const pickerBox = (await picker.boundingBox())!;
    expect((await goOnline.boundingBox())!.width).toBeGreaterThan(pickerBox.width - 2);

    await vanCard.click();
    expect(await vanCard.getByRole("radio").isChecked()).toBe(true);
    await shot(page, "driver-vehicle-picker");
    await page.setViewportSize(DESKTOP);
    await shot(page, "driver-vehicle-picker-desktop");
    await page.setViewportSize(PHONE);

    // The colleague swaps into the minivan first: going online with it is refused, in words.
    expect((await availability(colleague, { isAvailable: true, vehicleId: minivan })).status).toBe(200);
    await goOnline.click();
    await page.getByRole("alert").getByText("Minivan 7 is already driven by another driver who is online").waitFor();
    await vanCard.getByText("In use by another driver").waitFor();
    const available = page.getByRole("switch", { name: /Available for rides/ });
    expect(await available.getAttribute("aria-checked")).toBe("false");
    await shot(page, "driver-vehicle-held");

    // The colleague goes home: the minivan is free, and the driver goes online in it.
    expect((await availability(colleague, { isAvailable: false })).status).toBe(200);
    await goOnline.click();
    await expect.poll(() => available.getAttribute("aria-checked")).toBe("true");
    await page.getByText("Minivan 7 · 7 seats · 1 wheelchair space").waitFor();
    expect(await picker.count()).toBe(0);
    const held = await world.call("GET", "/greer/api/drivers/vehicles", colleague.token);
    expect(held.data.vehicles.find((v: { id: string }) => v.id === minivan)).toMatchObject({ held: true });

    // Its wheelchair space brings the driver a wheelchair rider's ride, though the driver never said so. The
    // sockets' room re-reads what drivers' vehicles take at most once a second (live/settings.ts driverUpdatesMs).
    await page.waitForTimeout(1500);
    const rider = await world.signIn("8645550653");
    const asked = await world.call("POST", "/greer/api/rides", rider.token, {
      pickup: LOCATION,
      destination: "Greer City Park",
      passengerCt: 1,
      needs: ["wheelchair"],
    });
    expect(asked.status).toBe(201);
    const card = page.locator(".ride-item").first();
    await card.getByText("Wheelchair user").waitFor({ timeout: 10_000 });
    await shot(page, "driver-vehicle-online");

    // Back offline, the picker comes back with the minivan chosen, and in Spanish.
    await available.click();
    await expect.poll(() => available.getAttribute("aria-checked")).toBe("false");
    expect(await vanCard.getByRole("radio").isChecked()).toBe(true);
    await context.addCookies([{ name: "lang", value: "es", url: world.server.url }]);
    await openDriver(page);
    const selector = page.getByRole("group", { name: "¿Qué vehículo maneja?" });
    const minivanEs = selector.locator("label").filter({ hasText: "Minivan 7" });
    await expect.poll(() => minivanEs.getByRole("radio").isChecked()).toBe(true);
    expect(await minivanEs.textContent()).toBe("Minivan 77 asientos · 1 espacio para silla de ruedas");
    await selector.getByRole("button", { name: "Ponerse en línea" }).waitFor();
    await shot(page, "es-driver-vehicle-picker");
    await page.setViewportSize(DESKTOP);
    await shot(page, "es-driver-vehicle-picker-desktop");
    expect(seen.errors).toEqual([]);
  });
});
