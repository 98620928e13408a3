/**
 * "Delete my account" in Chromium against the real server: a rider downloads their data
 * from Profile Settings, then deletes their account by typing the last four
 * digits of their phone and is signed out; their number signs up again as a
 * new person.
 */
import { describe, expect, it } from "vitest";
import { PHONE, storeSession, watchPage } from "./browser.ts";
import { browserWorld } from "./world.ts";

const world = browserWorld();

describe("Delete my account", () => {
  it("a rider deletes their account and is signed out", async () => {
    const phone = "8645550420";
    const session = await world.signIn(phone);
    await world.call("PUT", "/api/users/profile", session.token, { name: "Rae Rider" });
    const page = await world.newPage(PHONE);
    const seen = watchPage(page);
    await storeSession(page, session);
    await page.goto("/greer/profile");
    await page.locator('[data-island="ProfileSettings"][data-hydrated="true"]').waitFor();
    await page.locator('[data-island="UserMenu"][data-hydrated="true"]').waitFor();
    await page.getByText("Rae Rider").first().waitFor();

    // Their data first: a JSON file named by the server, holding them.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download my data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^hopper-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await new Response((await file.createReadStream()) as unknown as ReadableStream).text());
    expect(data.profile).toMatchObject({ id: session.user.id, name: "Rae Rider", phoneNumber: phone });
    await page.getByText("Your data was downloaded.").waitFor();

    // Then the deletion: a wrong ending is refused on the page, the right one deletes.
    await page.getByRole("button", { name: "Delete my account" }).click();
    const digits = page.getByLabel("To confirm, type the last four digits of your phone number");
    await digits.fill("1234");
    await page.getByRole("button", { name: "Delete my account for good" }).click();
    await page.getByText("Those digits are not the end of your phone number.").waitFor();
    await digits.fill("0420");
    await page.getByRole("button", { name: "Delete my account for good" }).click();
    await page.getByRole("heading", { name: "Your account has been deleted" }).waitFor();

    // Signed out: nothing stored, the header's menu gone, the old token refused.
    expect(await page.evaluate(() => [localStorage.getItem("authToken"), localStorage.getItem("user")])).toEqual([
      null,
      null,
    ]);
    expect(await page.locator(".user-menu").count()).toBe(0);
    expect((await world.call("GET", "/api/users/profile", session.token)).status).toBe(401);
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await page.waitForURL(/\/greer\/login$/);
    await page.goto("/greer/rider");
    await page.waitForURL(/\/greer\/login$/);
    expect(seen.errors).toEqual([]);

    // The number is free: it signs up again as someone new.
    const again = await world.signIn(phone);
    expect(again.user.id).not.toBe(session.user.id);
    expect(again.user.name).toBeNull();
  });
});
