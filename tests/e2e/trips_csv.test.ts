/**
 * The trips CSV from the trips screen in Chromium: the admin
 * clicks "Download CSV (last 30 days)", the browser saves the file under the
 * server's name, and it reads back with the rider's awkward name whole, in
 * English and in Spanish, with no console error (the CSP allows the saved blob).
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../helpers/csv_parse.ts";
import { storeSession, watchPage } from "./browser.ts";
import { browserWorld } from "./world.ts";

const DEMO_ADMIN = "8645550100";
const DEMO_DRIVER = "8645550101";
const CENTRE = { lat: 34.9387, lng: -82.2271 };
const INSIDE = { lat: 34.9410, lng: -82.2250 };
const NAME = '=Smith, "JJ" Jo';

const world = browserWorld();

describe("the trips CSV on the trips screen", () => {
  it("downloads the last 30 days, in both languages, with names whole and formulas escaped", async () => {
    const admin = await world.signIn(DEMO_ADMIN);
    const driver = await world.signIn(DEMO_DRIVER);
    const online = { isAvailable: true, location: CENTRE };
    expect((await world.call("PUT", "/greer/api/drivers/availability", driver.token, online)).status).toBe(200);
    const rider = await world.signIn("8645550481");
    expect((await world.call("PUT", "/api/users/profile", rider.token, { name: NAME })).status).toBe(200);
    const asked = await world.call("POST", "/greer/api/rides", rider.token, {
      pickup: INSIDE,
      destination: "City Hall",
      passengerCt: 2,
    });
    expect(asked.status, JSON.stringify(asked.data)).toBe(201);

    for (const [lang, label] of [["en", "Download CSV (last 30 days)"], ["es", "Descargar CSV (últimos 30 días)"]]) {
      const context = await world.newContext({ acceptDownloads: true });
      await context.addCookies([{ name: "lang", value: lang, url: world.server.url }]);
      const page = await context.newPage();
      const seen = watchPage(page);
      await storeSession(page, admin);
      await page.goto("/greer/admin/trips");
      await page.locator('[data-island="AdminTrips"][data-hydrated="true"]').waitFor();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: label }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^greer-trips-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
      const [header, ...rows] = parseCsv(await readFile((await download.path())!, "utf8"));
      expect(header.slice(0, 3)).toEqual(["id", "requested_at", "accepted_at"]);
      const row = rows.find((r) => r[0] === asked.data.ride.id);
      expect(row?.[header.indexOf("rider_name")]).toBe(`'${NAME}`);
      expect(row?.[header.indexOf("passengers")]).toBe("2");
      expect(seen.errors).toEqual([]);
    }
  });
});
