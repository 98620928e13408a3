/**
 * The demo tenant of a first start, on the real server in Chromium: it
 * dispatches automatically with its two vehicles, its driver going online
 * drives the van, and its admin switches it
 * back to drivers choosing from the list on the settings page, at a phone's
 * width, as the README says.
 */
import { describe, expect, it } from "vitest";
import { PHONE, storeSession, watchPage } from "./browser.ts";
import { browserWorld } from "./world.ts";

const world = browserWorld({ firstStart: true });

describe("the demo of a first start", () => {
  it("has two vehicles, the van the driver's, and automatic dispatch; its admin switches back to drivers on the settings page", async () => {
    const admin = await world.signIn("8645550100");
    const { data: vehicles } = await world.call("GET", "/greer/api/admin/vehicles", admin.token);
    expect(
      vehicles.map(({ name, seats, wheelchairSpaces }: Record<string, unknown>) => [name, seats, wheelchairSpaces]),
    )
      .toEqual([["Car 2", 6, 0], ["Van 1", 12, 2]]);
    // The demo driver, going online without naming a vehicle, drives the van.
    const driver = await world.signIn("8645550101");
    const online = await world.call("PUT", "/greer/api/drivers/availability", driver.token, {
      isAvailable: true,
      location: { lat: 34.9387, lng: -82.2271 },
    });
    expect(online.status).toBe(200);
    const van = vehicles.find((v: { name: string }) => v.name === "Van 1");
    expect((await world.call("GET", "/greer/api/drivers/availability", driver.token)).data).toMatchObject({
      isAvailable: true,
      vehicleId: van.id,
    });

    const context = await world.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const seen = watchPage(page);
    await storeSession(page, admin);
    await page.goto("/greer/admin/settings");
    await page.locator('[data-island="AdminSettings"][data-hydrated="true"]').waitFor();
    const section = page.getByRole("group", { name: "Dispatch" });
    expect(await section.getByRole("radio", { name: "Automatic" }).isChecked()).toBe(true);
    // It has vehicles: no note that automatic dispatch reaches no one.
    expect(await section.getByRole("link", { name: "Add vehicles" }).count()).toBe(0);
    await section.getByRole("radio", { name: "Drivers choose" }).check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByRole("status").filter({ hasText: "Settings saved." }).waitFor();

    const { data } = await world.call("GET", "/greer/api/admin/settings", admin.token);
    expect(data.settings).toMatchObject({ dispatchMode: "drivers", maxWaitMinutes: 15, pooling: true });
    expect(seen.errors).toEqual([]);
  });
});
