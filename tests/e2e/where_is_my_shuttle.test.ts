/**
 * Where is my shuttle, in Chromium on the real server: the driver
 * accepts on their phone and drives towards the pickup, their GPS moved step
 * by step; the rider's map shows that driver alone and the pin follows, and
 * the Current Ride card's minutes fall to "Arriving now". The rider gets the
 * accepted text through the (fake) Twilio. `UPDATE_SCREENSHOTS=1` writes the
 * card with its arrival time at 390 px and desk width, in both languages.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { shot } from "./screenshots.ts";
import { browserWorld, type Session } from "./world.ts";

const world = browserWorld();
const PICKUP = { latitude: 34.9387, longitude: -82.2271 };
/** About `m` meters north of the pickup. */
const north = (m: number) => ({ latitude: PICKUP.latitude + m / 111_195, longitude: PICKUP.longitude });

async function phone(session: Session, at: { latitude: number; longitude: number }) {
  const context = await world.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    geolocation: at,
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  await storeSession(page, session);
  return { context, page };
}

async function open(page: Page, path: string, island: string) {
  await page.goto(path);
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ timeout: 10_000 });
}

/** The minutes the card gives now, or "now". */
async function minutes(page: Page): Promise<number | "now" | null> {
  const line = page.locator(".ride-card__eta--time");
  if (await line.count() === 0) return null;
  const text = (await line.textContent()) ?? "";
  if (/now|ahora/i.test(text)) return "now";
  return Number(text.match(/(\d+) min/)?.[1] ?? NaN);
}

/** Where the static map draws the rider's driver (its translation, in metres from the area's centre). */
const pinAt = (page: Page) => page.locator(".static-map__glide").getAttribute("style");

async function moveTo(context: BrowserContext, at: { latitude: number; longitude: number }) {
  await context.setGeolocation(at);
}

describe("where is my shuttle", () => {
  it("shows the rider their driver coming, the pin following and the minutes falling to Arriving now", async () => {
    const driverSession = await world.signIn("8645550101");
    const riderSession = await world.signIn("8645550640");
    const driver = await phone(driverSession, north(1500));
    const driverSeen = watchPage(driver.page);
    await open(driver.page, "/greer/driver", "DriverScreen");
    const available = driver.page.getByRole("switch", { name: /Available for rides/ });
    await expect.poll(() => available.isEnabled()).toBe(true);
    await available.click();
    await expect.poll(() => available.getAttribute("aria-checked")).toBe("true");

    const rider = await phone(riderSession, PICKUP);
    const riderSeen = watchPage(rider.page);
    await open(rider.page, "/greer/rider", "RiderScreen");
    await rider.page.getByLabel("Destination").fill("Greer City Park");
    await expect.poll(() => rider.page.getByText("Your current location (GPS)").isVisible()).toBe(true);
    await rider.page.getByRole("button", { name: "Request Ride" }).click();
    const card = rider.page.getByRole("region", { name: "Current Ride" });
    await card.getByText("You have a pending ride request").waitFor();

    await driver.page.locator(".ride-item").getByRole("button", { name: "Accept" }).click();
    await card.getByText("Your ride has been accepted by a driver!").waitFor({ timeout: 10_000 });
    // 1.5 km away: 1.5 × 1.4 km at 25 km/h, plus a minute to pull up (lib/eta.ts).
    await expect.poll(() => minutes(rider.page), { timeout: 10_000 }).toBe(7);
    // Only their own driver is on the map with the pickup: no other shuttle to take for theirs.
    expect(await rider.page.locator(".static-map image").count()).toBe(2);
    const first = await pinAt(rider.page);
    expect(first).toContain("translate(");
    await expect.poll(() => world.twilio.messages.some((m) => m.body.includes("accepted your ride")), {
      timeout: 5000,
    }).toBe(true);

    // The driver drives south, step by step: the card's minutes fall and the pin follows.
    let last = 7;
    for (const m of [1000, 600, 300]) {
      await moveTo(driver.context, north(m));
      await expect.poll(async () => {
        const now = await minutes(rider.page);
        return typeof now === "number" && now < last;
      }, { timeout: 10_000 }).toBe(true);
      last = (await minutes(rider.page)) as number;
    }
    expect(await pinAt(rider.page)).not.toBe(first);
    await shot(rider.page, "rider-eta");
    await rider.page.setViewportSize(DESKTOP);
    await shot(rider.page, "rider-eta-desktop");
    await rider.page.setViewportSize(PHONE);

    await moveTo(driver.context, north(40));
    await expect.poll(() => minutes(rider.page), { timeout: 10_000 }).toBe("now");

    // The same card in Spanish.
    await rider.context.addCookies([{ name: "lang", value: "es", url: world.server.url }]);
    await open(rider.page, "/greer/rider", "RiderScreen");
    await rider.page.getByRole("region", { name: "Viaje actual" }).getByText("Llegando ahora").waitFor({
      timeout: 10_000,
    });
    await shot(rider.page, "es-rider-eta");
    await rider.page.setViewportSize(DESKTOP);
    await shot(rider.page, "es-rider-eta-desktop");

    expect(driverSeen.errors).toEqual([]);
    expect(riderSeen.errors).toEqual([]);
  });
});
