/**
 * The rider's places end to end: the real server with the demo
 * tenant's four places, a rider on a phone-sized Chromium with the real
 * WebGL map (built-in style). A place chosen on the map, from the
 * suggestions and from the pickup picker reaches the ride the server keeps.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, storeSession, watchPage } from "./browser.ts";
import { browserWorld, type Session } from "./world.ts";

const GREER = { latitude: 34.9387, longitude: -82.2271 };
const world = browserWorld();

async function openRider(session: Session): Promise<Page> {
  const context = await world.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    geolocation: GREER,
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  await storeSession(page, session);
  await page.goto("/greer/rider");
  await page.locator('[data-island="RiderScreen"][data-hydrated="true"]').waitFor({ timeout: 10_000 });
  return page;
}

describe("places on the rider's screen", () => {
  it("chooses places on the map, in the suggestions and for the pickup, and the ride keeps them", async () => {
    const driver = await world.signIn("8645550101");
    const online = await world.call("PUT", "/greer/api/drivers/availability", driver.token, {
      isAvailable: true,
      location: { lat: 34.9399, lng: -82.2288 },
    });
    expect(online.status).toBe(200);
    const rider = await world.signIn("8645550800");
    const page = await openRider(rider);
    const seen = watchPage(page);
    await expect.poll(() => page.locator(".online-count").textContent()).toBe("1 online");
    const field = page.getByRole("combobox", { name: "Destination" });

    // On the WebGL map: a place's pin opens its popup; "Go here" makes it the destination, not a map point.
    await page.locator(".map-box").hover();
    await page.locator(".map-box .place-pin", { hasText: "City Hall" }).click();
    const popup = page.getByRole("dialog", { name: "City Hall" });
    await popup.waitFor();
    // The tap on the pin was not also a tap on the map (which would set "MAP LOCATION").
    expect(await field.inputValue()).toBe("");
    await expect.poll(() =>
      popup.getByRole("button", { name: "Go here" }).evaluate((b) => b === document.activeElement)
    )
      .toBe(true);
    await popup.getByRole("button", { name: "Go here" }).click();
    await expect.poll(() => field.inputValue()).toBe("City Hall");
    expect(await page.getByRole("dialog").count()).toBe(0);

    // Typing drops it; the suggestions choose another by keyboard.
    await field.fill("");
    await field.pressSequentially("libr");
    await expect.poll(() => field.getAttribute("aria-expanded")).toBe("true");
    expect(await page.getByRole("listbox").getByRole("option").allTextContents()).toEqual([
      "Public Librarymain entrance",
    ]);
    await field.press("ArrowDown");
    await field.press("Enter");
    expect(await field.inputValue()).toBe("Public Library");
    expect(await field.getAttribute("aria-expanded")).toBe("false");

    // The pickup picker lists the places.
    await page.getByRole("button", { name: "Set pickup location" }).click();
    await page.getByRole("list", { name: "Or choose a place:" }).getByRole("button", { name: "Greer Station" }).click();
    await page.getByText("Greer Station (Trade Street side)").waitFor();

    await page.getByRole("button", { name: "Request Ride" }).click();
    const card = page.getByRole("region", { name: "Current Ride" });
    await card.getByText("You have a pending ride request").waitFor();
    expect(await card.getByText("Greer Station (Trade Street side)").isVisible()).toBe(true);
    expect(await card.getByText("Public Library").isVisible()).toBe(true);

    const my = await world.call("GET", "/greer/api/rides/my", rider.token);
    expect(my.data).toMatchObject({
      pickup: { lat: 34.9384, lng: -82.2279 },
      pickupName: "Greer Station (Trade Street side)",
      dropoff: { lat: 34.9447, lng: -82.2237 },
      destination: "Public Library",
    });
    expect(seen.errors).toEqual([]);
    await world.call("PUT", `/greer/api/rides/${my.data.id}`, rider.token, { status: "canceled" });
  });
});
