/**
 * Places end to end, on the real server in Chromium: an admin adds
 * a place by tapping the map and naming it; a ride asked from places reaches
 * the driver's card, which names the pickup place and navigates to it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { shot } from "./screenshots.ts";
import { browserWorld, type Session } from "./world.ts";

const world = browserWorld();
const GREER = { latitude: 34.9387, longitude: -82.2271 };

async function openAs(session: Session, viewport = PHONE): Promise<Page> {
  const context = await world.newContext({ viewport, geolocation: GREER, permissions: ["geolocation"] });
  const page = await context.newPage();
  await storeSession(page, session);
  return page;
}

async function hydrated(page: Page, island: string) {
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ timeout: 10_000 });
}

/** Taps the map at a fraction of its box (0,0 top left). */
async function tapMap(page: Page, fx: number, fy: number) {
  const box = (await page.locator(".map-box").boundingBox())!;
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

describe("places end to end", () => {
  it("an admin adds a place on the map, renames it and deletes it, at a phone's width", async () => {
    const admin = await world.signIn("8645550100");
    const page = await openAs(admin);
    const seen = watchPage(page);
    await page.goto("/greer/admin/places");
    await hydrated(page, "AdminPlaces");
    await page.getByRole("heading", { name: "4 of 300 places" }).waitFor();
    // A tap a little north-east of the centre: well inside the area.
    await tapMap(page, 0.55, 0.45);
    const form = page.getByRole("form", { name: "New place" });
    await form.getByLabel("Name").fill("Farmers Market");
    await form.getByLabel("Note (optional)").fill("by the fountain");
    await form.getByRole("button", { name: "Add place" }).click();
    await page.getByText("Farmers Market was added.").waitFor();
    await page.getByRole("heading", { name: "5 of 300 places" }).waitFor();
    await shot(page, "admin-places-added");

    const { data: places } = await world.call("GET", "/greer/api/places", admin.token);
    const market = places.find((p: { name: string }) => p.name === "Farmers Market");
    expect(market).toMatchObject({ note: "by the fountain" });
    expect(market.lat).toBeGreaterThan(GREER.latitude);
    expect(market.lng).toBeGreaterThan(GREER.longitude);

    // A tap outside the circle is refused in the page: zoomed out to the least zoom, a phone's map box has its corners
    // outside the 805 m circle.
    await page.getByRole("button", { name: "Zoom out" }).click();
    await page.waitForTimeout(800);
    await tapMap(page, 0.03, 0.04);
    await page.getByRole("alert").filter({ hasText: "outside our service area" }).waitFor();

    // Dragging its pin on the map moves it.
    const pin = (await page.locator('.maplibregl-marker img[alt="Farmers Market"]').boundingBox())!;
    await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height - 2);
    await page.mouse.down();
    await page.mouse.move(pin.x + pin.width / 2 - 40, pin.y + pin.height + 30, { steps: 8 });
    await page.mouse.up();
    await page.getByText("Farmers Market moved.").waitFor();
    const { data: after } = await world.call("GET", "/greer/api/places", admin.token);
    const moved = after.find((p: { name: string }) => p.name === "Farmers Market");
    expect(moved.lat).toBeLessThan(market.lat);
    expect(moved.lng).toBeLessThan(market.lng);

    await page.getByRole("button", { name: "Edit Farmers Market" }).click();
    const edit = page.getByRole("form", { name: "Farmers Market" });
    await edit.getByLabel("Name").fill("Saturday Market");
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saturday Market was saved.").waitFor();

    await page.getByRole("button", { name: "Delete place Saturday Market" }).click();
    await page.getByRole("dialog", { name: "Delete place" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("Saturday Market was deleted.").waitFor();
    await page.getByRole("heading", { name: "4 of 300 places" }).waitFor();
    expect(seen.errors).toEqual([]);
  });

  it("a ride asked from places shows the pickup place on the driver's card, with Navigate", async () => {
    const driver = await world.signIn("8645550101");
    const rider = await world.signIn("8645550677");
    const { data: places } = await world.call("GET", "/greer/api/places", rider.token);
    const station = places.find((p: { name: string }) => p.name === "Greer Station");
    const hall = places.find((p: { name: string }) => p.name === "City Hall");
    await world.call("PUT", "/greer/api/drivers/availability", driver.token, {
      isAvailable: true,
      location: { lat: GREER.latitude, lng: GREER.longitude },
    });
    const asked = await world.call("POST", "/greer/api/rides", rider.token, {
      pickupPlaceId: station.id,
      dropoffPlaceId: hall.id,
      passengerCt: 1,
    });
    expect(asked.status).toBe(201);

    const page = await openAs(driver, DESKTOP);
    const seen = watchPage(page);
    await page.goto("/greer/driver");
    await hydrated(page, "DriverScreen");
    const item = page.locator(".ride-item").first();
    await item.getByText("Greer Station (Trade Street side)").waitFor();
    expect(await item.getByText("City Hall").count()).toBeGreaterThan(0);
    const navigate = item.getByRole("link", { name: "Navigate to pickup" });
    expect(await navigate.getAttribute("href")).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${station.lat.toFixed(6)}%2C${
        station.lng.toFixed(6)
      }&travelmode=driving`,
    );
    expect(await item.getByRole("link", { name: "Other maps app" }).getAttribute("href")).toMatch(/^geo:34\.938400,/);
    await shot(page, "driver-place-card");
    expect(seen.errors).toEqual([]);
    await world.call("PUT", `/greer/api/rides/${asked.data.ride.id}`, rider.token, { status: "canceled" });
  });

  it("a place an admin adds on the map is found by a rider typing, asked for, and named on the driver's card", async () => {
    const admin = await world.signIn("8645550100");
    const driver = await world.signIn("8645550101");
    await world.call("PUT", "/greer/api/drivers/availability", driver.token, {
      isAvailable: true,
      location: { lat: GREER.latitude, lng: GREER.longitude },
    });
    const desk = await openAs(admin, DESKTOP);
    const deskSeen = watchPage(desk);
    await desk.goto("/greer/admin/places");
    await hydrated(desk, "AdminPlaces");
    await desk.getByRole("heading", { name: /of 300 places/ }).waitFor();
    await tapMap(desk, 0.45, 0.55);
    const form = desk.getByRole("form", { name: "New place" });
    await form.getByLabel("Name").fill("Café Ostrich");
    await form.getByLabel("Note (optional)").fill("patio door");
    await form.getByRole("button", { name: "Add place" }).click();
    await desk.getByText("Café Ostrich was added.").waitFor();

    // A rider on a phone, in another browser context, finds it without the accent and asks for a ride there.
    const rider = await openAs(await world.signIn("8645550688"));
    const phoneSeen = watchPage(rider);
    await rider.goto("/greer/rider");
    await hydrated(rider, "RiderScreen");
    await expect.poll(() => rider.locator(".online-count").textContent()).toBe("1 online");
    const field = rider.getByRole("combobox", { name: "Destination" });
    await field.pressSequentially("cafe ost");
    const option = rider.getByRole("listbox").getByRole("option", { name: /Café Ostrich/ });
    await option.waitFor();
    await option.click();
    expect(await field.inputValue()).toBe("Café Ostrich");
    await rider.getByRole("button", { name: "Request Ride" }).click();
    await rider.getByRole("region", { name: "Current Ride" }).getByText("Café Ostrich").waitFor();

    // The driver's card names it.
    const van = await openAs(driver, DESKTOP);
    const vanSeen = watchPage(van);
    await van.goto("/greer/driver");
    await hydrated(van, "DriverScreen");
    const item = van.locator(".ride-item").filter({ hasText: "0688" });
    await item.getByText("Café Ostrich").waitFor();
    const { data: ride } = await world.call("GET", "/greer/api/rides/my", (await world.signIn("8645550688")).token);
    expect(ride).toMatchObject({ destination: "Café Ostrich" });
    for (const seen of [deskSeen, phoneSeen, vanSeen]) expect(seen.errors).toEqual([]);
    await world.call("PUT", `/greer/api/rides/${ride.id}`, driver.token, { status: "canceled" });
  });
});
