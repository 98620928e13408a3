/**
 * The admin console end to end: the real server with the fake SMS
 * provider, headless Chromium. An admin signs in through the login page,
 * filters trips, deletes one, sees a new one arrive live, promotes a rider
 * to driver, edits and saves the schedule, which a rider then reads grouped;
 * a super admin deletes a user.
 */
import { openStore } from "../../kv/open.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { storeSession, watchPage } from "./browser.ts";
import { browserWorld, type Session } from "./world.ts";

const DEMO_ADMIN = "8645550100";
const DEMO_DRIVER = "8645550101";
const CENTRE = { lat: 34.9387, lng: -82.2271 };
const INSIDE = { lat: 34.9410, lng: -82.2250 };
const PHONE_360 = { width: 360, height: 740 };

const world = browserWorld();
const { call, newPage } = world;
const signInApi = (phone: string) => world.signIn(phone);

/** The demo admin's API session, made once: sign-in codes are limited to 3 per number per 15 minutes. */
let admin: Promise<Session> | undefined;
function adminSession(): Promise<Session> {
  return admin ??= signInApi(DEMO_ADMIN);
}

/** A rider's ride, moved along by the demo driver. */
async function ride(rider: Session, driver: Session, destination: string, moves: string[]) {
  const res = await call("POST", "/greer/api/rides", rider.token, { pickup: INSIDE, destination, passengerCt: 2 });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  for (const status of moves) {
    const moved = await call("PUT", `/greer/api/rides/${res.data.ride.id}`, driver.token, { status });
    expect(moved.status, `${status}: ${JSON.stringify(moved.data)}`).toBe(200);
  }
  return res.data.ride.id as string;
}

const tripRows = (page: Page) => page.locator(".trips-table tbody tr");

describe("the admin console", () => {
  it("lets an admin filter and delete trips, watch one arrive, promote a rider and publish the schedule", async () => {
    const driver = await signInApi(DEMO_DRIVER);
    expect(
      (await call("PUT", "/greer/api/drivers/availability", driver.token, { isAvailable: true, location: CENTRE }))
        .status,
    ).toBe(200);
    const riders = await Promise.all(["8645550401", "8645550402", "8645550403"].map(signInApi));
    await ride(riders[0], driver, "City Hall", ["accepted", "on-the-way", "arrived", "completed"]);
    await ride(riders[1], driver, "Library", ["canceled"]);
    await ride(riders[2], driver, "Train Depot", []);

    // An admin signs in through the login page and lands on the dashboard.
    const page = await newPage();
    const seen = watchPage(page);
    await page.goto("/greer/login");
    await page.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor();
    await page.getByLabel("Phone number").pressSequentially(DEMO_ADMIN);
    await page.getByRole("button", { name: "Send Verification Code" }).click();
    await page.getByRole("heading", { name: "Verify Your Phone" }).waitFor();
    await page.getByLabel("Verification code").fill(world.twilio.codeFor(DEMO_ADMIN)!);
    await page.getByRole("button", { name: "Verify Code" }).click();
    await page.waitForURL((url) => url.pathname === "/greer/admin");
    await page.getByRole("link", { name: /^Trips/ }).click();

    // Trips: every trip, then only completed ones.
    await page.getByText("Showing 3 of 3 trips").waitFor();
    expect(await tripRows(page).locator(".cell__main").first().textContent()).toBe("Train Depot");
    await page.locator(".live-badge--live").waitFor();
    await page.getByLabel("Status", { exact: true }).selectOption("completed");
    await page.getByText("Showing 1 of 3 trips").waitFor();
    expect(await tripRows(page).count()).toBe(1);
    expect(await tripRows(page).first().textContent()).toContain("City Hall");
    await page.getByLabel("Status", { exact: true }).selectOption("no-show");
    await page.getByText("No trips with status no-show found.").waitFor();
    await page.getByLabel("Status", { exact: true }).selectOption("all");
    await page.getByText("Showing 3 of 3 trips").waitFor();

    // Delete the canceled one, after the confirmation.
    await page.getByRole("button", { name: "Delete trip Library" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete trip" });
    expect(await dialog.textContent()).toContain(
      "Are you sure you want to delete this trip? This action cannot be undone.",
    );
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Showing 2 of 2 trips").waitFor();
    expect(await page.getByRole("button", { name: "Delete trip Library" }).count()).toBe(0);
    const admin = await adminSession();
    const left = await call("GET", "/greer/api/admin/rides", admin.token);
    expect(left.data.map((t: { destination: string }) => t.destination)).toEqual(["Train Depot", "City Hall"]);

    // A new request appears without Refresh, and its acceptance follows.
    const late = await signInApi("8645550404");
    const id = await ride(late, driver, "Farmers Market", []);
    await page.getByText("Farmers Market").waitFor();
    await page.getByText("Showing 3 of 3 trips").waitFor();
    await call("PUT", `/greer/api/rides/${id}`, driver.token, { status: "accepted" });
    await tripRows(page).first().locator(".status-badge", { hasText: "Accepted" }).waitFor();
    expect(await tripRows(page).first().textContent()).toContain("(864) 555-0101");

    // Users: promote the first rider to driver.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
    await page.getByRole("heading", { name: /^Users \(\d+\)$/ }).waitFor();
    await page.getByLabel("Search").fill("555-0401");
    await page.getByRole("heading", { name: "Users (1)" }).waitFor();
    await page.getByRole("button", { name: /^Manage roles of/ }).click();
    const roles = page.getByRole("dialog", { name: "Manage Roles" });
    await roles.getByRole("button", { name: "Add Driver role" }).click();
    await roles.getByText("Driver role added.").waitFor();
    await roles.getByRole("button", { name: "Cancel" }).click();
    await page.locator(".users-table").getByText("Unavailable").waitFor();
    const after = await call("GET", "/greer/api/user/roles", riders[0].token);
    expect(after.data.roles).toEqual(["rider", "driver"]);

    // Schedule: Saturday gets a morning slot, Friday closes early; a bad slot is caught before saving.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Schedule" }).click();
    await page.getByRole("heading", { name: "Saturday" }).waitFor();
    await page.getByRole("button", { name: "Add time slot to Saturday" }).click();
    await page.getByLabel("Saturday slot 1 end time").fill("08:00");
    await page.getByText("Saturday, slot 1: the end time (08:00) must be after the start time (09:00)").waitFor();
    const saves: string[] = [];
    page.on("request", (r) => r.method() === "PUT" && saves.push(new URL(r.url()).pathname));
    await page.getByRole("button", { name: "Save Schedule" }).click();
    await page.getByText("Please fix the problems marked above before saving.").waitFor();
    expect(saves).toEqual([]);
    await page.getByLabel("Saturday slot 1 start time").fill("07:00");
    await page.getByLabel("Saturday slot 1 end time").fill("12:00");
    await page.getByLabel("Friday slot 1 end time").fill("15:00");
    await page.getByRole("button", { name: "Save Schedule" }).click();
    await page.getByText("Schedule saved successfully!").waitFor();
    expect(saves).toEqual(["/greer/api/admin/schedule"]);

    // No driver online: a rider's screen shows the new schedule, grouped.
    await call("PUT", "/greer/api/drivers/availability", driver.token, { isAvailable: false });
    const riderPage = await newPage(PHONE_360);
    await storeSession(riderPage, riders[1]);
    await riderPage.goto("/greer/rider");
    const schedule = riderPage.locator(".schedule");
    await schedule.waitFor();
    const rows = await schedule.locator(".schedule__row").evaluateAll((els) =>
      els.map((row) => [...row.children].map((c) => c.textContent).join(" | "))
    );
    expect(rows).toEqual([
      "Sun | No service",
      "Mon – Thu | 7:00 AM – 7:00 PM",
      "Fri | 7:00 AM – 3:00 PM",
      "Sat | 7:00 AM – 12:00 PM",
    ]);
    expect(seen.errors).toEqual([]);
  });

  it("lets a super admin delete a user, who is signed out everywhere", async () => {
    const superPhone = "8645550450";
    const root = await signInApi(superPhone);
    const kv = await openStore(world.server.kvPath);
    try {
      const entry = await kv.get<Record<string, unknown>>(keys.user(root.user.id));
      await kv.set(keys.user(root.user.id), { ...entry.value, isSuper: true });
    } finally {
      kv.close();
    }
    const victim = await signInApi("8645550451");
    const page = await newPage();
    const seen = watchPage(page);
    await storeSession(page, await signInApi(superPhone));
    await page.goto("/greer/admin/users");
    await page.getByLabel("Search").waitFor();
    await page.getByLabel("Search").fill("(864) 555-0451");
    await page.getByRole("heading", { name: "Users (1)" }).waitFor();
    await page.getByRole("button", { name: "Delete Unnamed User" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete User" });
    expect(await dialog.textContent()).toContain("This action cannot be undone.");
    await dialog.getByRole("button", { name: "Delete User" }).click();
    await page.getByText("Unnamed User was removed from this organization.").waitFor();
    await page.getByText("No users match your search criteria.").waitFor();
    expect((await call("GET", "/api/users/profile", victim.token)).status).toBe(401);
    expect(seen.errors).toEqual([]);
  });

  it.each(["trips", "users", "schedule", "places"])(
    "fits /greer/admin/%s on a 360 px screen without sideways scrolling",
    async (
      path,
    ) => {
      const page = await newPage(PHONE_360);
      await storeSession(page, await adminSession());
      await page.goto(`/greer/admin/${path}`);
      await page.locator(".admin-page h1").waitFor();
      await page.locator(".loading").waitFor({ state: "detached" });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // Touch targets: every button at least 44 px tall.
      const heights = await page.locator(".admin-page button").evaluateAll((els) =>
        els.map((el) => [el.textContent, el.getBoundingClientRect().height] as const)
      );
      for (const [text, h] of heights) expect(h, String(text)).toBeGreaterThanOrEqual(44);
    },
  );
});
