/**
 * The driver's run in automatic dispatch, in Chromium at 390 px on the real server (the demo of a first start: its
 * van, its places), in English and in Spanish: two riders ask for rides, the driver's screen shows the van's stops in
 * the plan's order, the next one large; a third rider asking mid-run is announced in the live region and lands after
 * the stop in progress; each button moves its ride on the server and the list on. `UPDATE_SCREENSHOTS=1` writes the
 * run at 390 px and 1280 px in both languages.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import type { PlanStopView } from "../../lib/planned_rides.ts";
import { DESKTOP, PHONE, storeSession, watchPage } from "./browser.ts";
import { SHOTS } from "./screenshots.ts";
import { REPO_ROOT } from "./server.ts";
import { browserWorld, type Session } from "./world.ts";

const world = browserWorld({ firstStart: true });
const AT = { latitude: 34.9380, longitude: -82.2275 };

const WORDS = {
  en: {
    title: "Your stops",
    pickUp: "Pick up",
    dropOff: "Drop off",
    pickedUp: "Picked up",
    droppedOff: "Dropped off",
    added: /^New rider added: pick up at \d{1,2}:\d\d\s[AP]M at Public Library \(main entrance\)$/,
    none: "No stops planned",
  },
  es: {
    title: "Sus paradas",
    pickUp: "Recoger a",
    dropOff: "Dejar a",
    pickedUp: "A bordo",
    droppedOff: "Ya bajó",
    added: /^Nuevo pasajero: recogida a las \d{1,2}:\d\d\s[ap]\.\s?m\. en Public Library \(main entrance\)$/,
    none: "No hay paradas planificadas",
  },
};

/** docs/screenshots/{name}.png of the whole page: the map and the run under it on a phone. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${REPO_ROOT}docs/screenshots/${name}.png`, fullPage: true });
}

const flat = (text: string | null) => (text ?? "").replace(/\s/g, " ");

async function rider(phone: string, name: string): Promise<Session> {
  const session = await world.signIn(phone);
  expect((await world.call("PUT", "/api/users/profile", session.token, { name })).status).toBe(200);
  return session;
}

async function runCase(lang: Lang, phones: string[]) {
  const w = WORDS[lang];
  const driver = await world.signIn(DEMO_DRIVER_PHONE);
  const online = await world.call("PUT", "/greer/api/drivers/availability", driver.token, {
    isAvailable: true,
    location: { lat: AT.latitude, lng: AT.longitude },
  });
  expect(online.status).toBe(200);
  const [ana, ben, cy] = await Promise.all([
    rider(phones[0], "Ana Ruiz"),
    rider(phones[1], "Ben Ortiz"),
    rider(phones[2], "Cy Young"),
  ]);
  const { data: places } = await world.call("GET", "/greer/api/places", ana.token);
  const place = (name: string) => places.find((p: { name: string }) => p.name === name).id;
  const ask = async (who: Session, from: string, to: string, passengerCt = 1) => {
    const res = await world.call("POST", "/greer/api/rides", who.token, {
      pickupPlaceId: place(from),
      dropoffPlaceId: place(to),
      passengerCt,
    });
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    return res.data.ride.id as string;
  };
  const names = new Map<string, string>();
  names.set(await ask(ana, "Greer Station", "City Hall", 2), "Ana Ruiz");
  names.set(await ask(ben, "Greer City Park", "City Hall"), "Ben Ortiz");
  const plan = async (): Promise<PlanStopView[]> =>
    (await world.call("GET", "/greer/api/drivers/plan", driver.token)).data.stops;
  const starts = (s: PlanStopView) => `${s.kind === "pickup" ? w.pickUp : w.dropOff} ${names.get(s.rideId)} · `;

  const context = await world.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    geolocation: AT,
    permissions: ["geolocation"],
  });
  if (lang === "es") await context.addCookies([{ name: "lang", value: "es", url: world.server.url }]);
  const page = await context.newPage();
  const seen = watchPage(page);
  await storeSession(page, driver);
  await page.goto("/greer/driver");
  const run = page.getByRole("region", { name: w.title });
  await run.waitFor({ timeout: 15_000 });
  const next = run.locator(".run__stop");
  /** The next stop's line, empty once there is none (read without waiting for one to come). */
  const nextText = async () => flat((await next.allTextContents())[0] ?? "");
  const later = () => run.locator(".run__later").allTextContents().then((all) => all.map(flat));

  // The stops in the plan's order: the first large, the rest below.
  const first = await plan();
  expect(first).toHaveLength(4);
  await expect.poll(async () => await nextText()).toMatch(new RegExp(`^${starts(first[0])}`));
  const rest = await later();
  expect(rest.map((line, i) => line.startsWith(starts(first[i + 1])))).toEqual([true, true, true]);

  // The map draws the van's route from where it is through the four stops.
  const route = page.locator(".static-map__route");
  await expect.poll(async () => (await route.getAttribute("points"))?.split(" ").length).toBe(5);

  // A third rider mid-run: said in the live region; the stop in progress stays on top.
  const top = await nextText();
  names.set(await ask(cy, "Public Library", "Greer Station"), "Cy Young");
  const news = run.getByRole("status");
  await expect.poll(async () => flat(await news.textContent()), { timeout: 10_000 }).toMatch(w.added);
  expect(await nextText()).toBe(top);
  await expect.poll(async () => (await later()).length).toBe(5);
  await shot(page, `driver_run_${lang}_390`);
  await page.setViewportSize(DESKTOP);
  await shot(page, `driver_run_${lang}_1280`);
  await page.setViewportSize(PHONE);

  // Each button moves its ride on the server, and the list on, until every stop is done.
  for (let done = 0; done < 6; done++) {
    const shown = await nextText();
    const stop = (await plan()).find((s) => shown.startsWith(starts(s)))!;
    expect(stop, shown).toBeTruthy();
    const button = stop.kind === "pickup" ? w.pickedUp : w.droppedOff;
    await run.getByRole("button", { name: button, exact: true }).click();
    const status = stop.kind === "pickup" ? "arrived" : "completed";
    await expect.poll(async () =>
      (await world.call("GET", "/greer/api/driver/rides", driver.token)).data
        .find((r: { id: string }) => r.id === stop.rideId)?.status ?? "completed"
    ).toBe(status);
    await expect.poll(async () => await nextText(), { timeout: 10_000 }).not.toBe(shown);
  }
  await run.getByText(w.none).waitFor();
  expect(await plan()).toEqual([]);
  expect(seen.errors).toEqual([]);
}

describe("the driver's run in automatic dispatch", () => {
  it("shows the stops in order, announces a ride added mid-run, and each button moves the ride and the list (en)", {
    timeout: 120_000,
  }, async () => {
    await runCase("en", ["8645550701", "8645550702", "8645550703"]);
  });

  it("does the same on a Spanish page (es)", { timeout: 120_000 }, async () => {
    await runCase("es", ["8645550711", "8645550712", "8645550713"]);
  });
});
