/**
 * The provider's console end to end, on the real server in
 * Chromium: a super admin creates an organisation, pauses one (its rider
 * page then says so), reads the inbox and every tenant's activity; the
 * paused tenant's admin reads the same on its Activity page; a tenant's
 * admin who opens /super is sent to "/".
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, watchPage } from "./browser.ts";
import { browserWorld, type Session, superSession } from "./world.ts";

const world = browserWorld();

async function storeSession(page: Page, session: Session) {
  await page.goto("/greer/about");
  await page.evaluate(({ token, user }) => {
    localStorage.setItem("authToken", token);
    localStorage.setItem("user", JSON.stringify(user));
  }, session);
}

describe("the provider's console", () => {
  it("creates an organisation, pauses one, reads the inbox and the activity", async () => {
    const boss = await superSession(world, "8645550460");
    const sent = await world.call("POST", "/api/inquiries", undefined, {
      name: "Pat",
      email: "pat@example.com",
      message: "Could you serve Taylors?",
      tenant: "greer",
    });
    expect(sent.status).toBe(201);
    const context = await world.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const seen = watchPage(page);
    await storeSession(page, boss);
    await page.goto("/super");
    await page.locator('[data-island="AdminConsole"][data-hydrated="true"]').waitFor();
    await page.getByRole("heading", { name: "Provider console" }).waitFor();
    await page.getByRole("cell", { name: "City of Greer", exact: true }).waitFor();

    await page.getByLabel("Code").fill("spartan");
    await page.getByLabel("Name", { exact: true }).fill("Spartanburg Shuttle");
    await page.getByLabel("Centre latitude").fill("34.9496");
    await page.getByLabel("Centre longitude").fill("-81.932");
    await page.getByLabel("Radius in meters").fill("1500");
    await page.getByRole("region", { name: "Map of the new service area" }).waitFor();
    await page.getByLabel("Area label").fill("downtown Spartanburg");
    await page.getByLabel("Admin phone").fill("(864) 555-0461");
    await page.getByRole("button", { name: "Create organization" }).click();
    await page.getByRole("status").filter({ hasText: "Organization Spartanburg Shuttle created" }).waitFor();
    await page.getByRole("cell", { name: "Spartanburg Shuttle", exact: true }).waitFor();

    await page.getByRole("button", { name: "Pause City of Greer" }).click();
    await page.getByRole("button", { name: "Resume City of Greer" }).waitFor();
    const rider = await context.newPage();
    await rider.goto("/greer/rider");
    expect(await rider.getByRole("alert").textContent()).toBe(
      "This service is paused. Contact City of Greer for details.",
    );
    await rider.close();

    await page.getByRole("button", { name: /^Inquiries\s*1\s*unhandled$/ }).click();
    await page.getByText("Could you serve Taylors?").waitFor();
    await page.getByRole("button", { name: "Mark the inquiry from Pat handled" }).click();
    await page.getByText("Handled", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Inquiries", exact: true }).waitFor();

    await page.getByRole("button", { name: "Activity" }).click();
    await page.getByText("Organization Spartanburg Shuttle created").waitFor();
    await page.getByText("Service paused").waitFor();
    expect(seen.errors).toEqual([]);

    // The paused tenant's admin still works, and reads the same on the Activity page.
    const admin = await world.signIn("8645550100");
    // A context of its own: pages of one context share localStorage, where the session lives.
    const own = await (await world.newContext({ viewport: DESKTOP })).newPage();
    await storeSession(own, admin);
    await own.goto("/greer/admin");
    await own.getByRole("link", { name: /^Activity/ }).click();
    await own.waitForURL((url) => url.pathname === "/greer/admin/activity");
    await own.getByText("Service paused").waitFor();

    // A tenant's admin who opens the console is sent home.
    await own.goto("/super");
    await own.waitForURL((url) => url.pathname === "/");

    await page.getByRole("button", { name: "Organizations" }).click();
    await page.getByRole("button", { name: "Resume City of Greer" }).click();
    await page.getByRole("button", { name: "Pause City of Greer" }).waitFor();
    await context.close();
  });
});
