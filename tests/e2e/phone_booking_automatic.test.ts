/**
 * A phone booking in automatic dispatch, at desk width: the real server as a first start (the demo's van and car,
 * automatic dispatch), the demo driver online. A dispatcher books from the console's form for a number new to Hopper;
 * the ride is planned at once into the driver's run (the driver's screen shows the caller's pickup as its stop) and
 * the fake Twilio gets the caller's text naming the shuttle.
 */
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import { storeSession, watchPage } from "./browser.ts";
import { browserWorld } from "./world.ts";

const world = browserWorld({ firstStart: true });
const AT = { lat: 34.938, lng: -82.2275 };
const CALLER = "8645550740";

describe("a phone booking in automatic dispatch", () => {
  it("plans the caller's ride into the driver's run and texts them the shuttle's time", async () => {
    const driverSession = await world.signIn(DEMO_DRIVER_PHONE);
    const online = await world.call("PUT", "/greer/api/drivers/availability", driverSession.token, {
      isAvailable: true,
      location: AT,
    });
    expect(online.status).toBe(200);
    const admin = await world.signIn(DEMO_ADMIN_PHONE);
    const dispatcherSession = await world.signIn("8645550741");
    const granted = await world.call("POST", `/greer/api/user/${dispatcherSession.user.id}/roles`, admin.token, {
      role: "dispatcher",
    });
    expect(granted.status).toBe(200);

    const driver = await (await world.newContext()).newPage();
    const driverSeen = watchPage(driver);
    await storeSession(driver, driverSession);
    await driver.goto("/greer/driver");
    const run = driver.getByRole("region", { name: "Your stops" });
    await run.getByText("No stops planned").waitFor({ timeout: 15_000 });

    const desk = await (await world.newContext()).newPage();
    const deskSeen = watchPage(desk);
    await storeSession(desk, dispatcherSession);
    await desk.goto("/greer/dispatch");
    await desk.locator('[data-island="DispatchConsole"][data-hydrated="true"]').waitFor({ timeout: 15_000 });
    await desk.getByRole("button", { name: "Book a ride", exact: true }).click();
    await desk.getByLabel("Caller's phone number").fill(CALLER);
    await desk.getByLabel("Caller's name (optional)").fill("Rosa Diaz");
    await desk.getByRole("combobox", { name: "Pickup place" }).pressSequentially("greer st");
    await desk.getByRole("option", { name: /Greer Station/ }).click();
    await desk.getByRole("combobox", { name: "Drop-off place or destination" }).pressSequentially("city hall");
    await desk.getByRole("option", { name: /City Hall/ }).click();
    await desk.getByRole("button", { name: "Book Ride", exact: true }).click();
    const done = desk.locator(".booking-panel .notice--success");
    await done.waitFor({ timeout: 10_000 });
    // Planned at once: the confirmation names the pickup's planned time.
    expect(await done.textContent()).toMatch(/^Ride booked for \(864\) 555-0740\. Pickup at .+\d{1,2}:\d\d\s[AP]M\.$/);

    // The driver's run has the caller's pickup as its next stop, without a reload.
    const next = run.locator(".run__stop");
    await expect.poll(async () => (await next.allTextContents())[0] ?? "", { timeout: 10_000 })
      .toMatch(/^Pick up Rosa Diaz · /);

    const texts = () => world.twilio.messages.filter((m) => m.to === `+1${CALLER}`).map((m) => m.body);
    await expect.poll(() => texts()[0], { timeout: 10_000 })
      .toMatch(/^City of Greer: your shuttle \(Van 1\) will pick you up at about /);
    expect(deskSeen.errors).toEqual([]);
    expect(driverSeen.errors).toEqual([]);
  });
});
