/**
 * The reports pages: /{t}/admin/reports and its monthly summary
 * are frames like every admin page; their figures, drawn on the server, come
 * from /{t}/admin/reports/figures and /{t}/admin/reports/monthly/figures,
 * for admins only, with the range presets on the tenant's clocks and a 400
 * page with the reason for a wrong range or month.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import { bearer, html as readHtml, makeApp, signIn, superAdmin } from "../helpers/app.ts";
import { snapshotKv } from "../helpers/kv_snapshot.ts";
import { CENTRE, move, put, requestRide, rideWorld } from "../helpers/rides.ts";
import type { Report } from "../../lib/reports.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;
const FIGURES = "/greer/admin/reports/figures";
const MONTHLY = "/greer/admin/reports/monthly/figures";
/** Wednesday 25 November 2026, 10:00 in Greer (America/New_York, UTC-5). */
const WEDNESDAY = Date.UTC(2026, 10, 25, 15, 0);

async function people(t: TestApp) {
  const rider = await signIn(t, "8645550142", "greer");
  const driver = await signIn(t, DEMO_DRIVER_PHONE, "greer");
  const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
  return { rider, driver, admin };
}

async function page(t: TestApp, path: string, token: string, lang = "en") {
  const res = await t.request(path, bearer(token, { headers: { cookie: `lang=${lang}` } }));
  return { res, html: await readHtml(res) };
}

/** The preset links' ranges, in the page's order. */
const presetRanges = (html: string) =>
  [...html.matchAll(/href="\/greer\/admin\/reports\?from=([\d-]+)&amp;to=([\d-]+)"[^>]*>([^<]+)</g)].map((m) =>
    `${m[3]}: ${m[1]}/${m[2]}`
  );

/** `data-figure` values on a page, by field. */
const shown = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/data-figure="([\w.]+)">(.*?)<\/(dd|td)>/g)].map((m) => [m[1], m[2].replace(/<[^>]+>/g, "")]),
  );

describe("reports pages", () => {
  it.each([
    ["admin/reports", "Reports · Admin · City of Greer", "range"],
    ["admin/reports/monthly", "Monthly summary · Admin · City of Greer", "monthly"],
  ])(
    "serves /greer/%s as a frame: the island with its view, the loading state, no figures",
    async (path, title, view) => {
      using t = await makeApp();
      const res = await t.request(`/greer/${path}`);
      expect(res.status).toBe(200);
      const html = await readHtml(res);
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain('data-island="AdminReports"');
      expect(html).toContain(
        `data-props="{&quot;tenant&quot;:&quot;greer&quot;,&quot;view&quot;:&quot;${view}&quot;}"`,
      );
      expect(html).toMatch(/role="status"[^>]*>.*Loading\.\.\./);
      expect(html).not.toContain("data-figure");
    },
  );

  it("gives the figures to admins and super admins only", async () => {
    using t = await makeApp();
    const { rider, driver, admin } = await people(t);
    const root = await superAdmin(t);
    expect((await t.request(FIGURES)).status).toBe(401);
    for (const who of [rider, driver]) {
      const res = await t.request(FIGURES, bearer(who.token));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Access denied - admin privileges required" });
      expect((await t.request(MONTHLY, bearer(who.token))).status).toBe(403);
    }
    for (const who of [admin, root]) {
      const { res, html } = await page(t, FIGURES, who.token);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=UTF-8");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(html).toContain('data-figure="requested"');
      expect((await t.request(MONTHLY, bearer(who.token))).status).toBe(200);
    }
  });

  it("offers this week, last week, this month and last month on the tenant's clocks, and shows this month by default", async () => {
    using t = await makeApp();
    t.clock.set(WEDNESDAY);
    const { admin } = await people(t);
    const { html } = await page(t, FIGURES, admin.token);
    expect(presetRanges(html)).toEqual([
      "This week: 2026-11-23/2026-11-25",
      "Last week: 2026-11-16/2026-11-22",
      "This month: 2026-11-01/2026-11-25",
      "Last month: 2026-10-01/2026-10-31",
    ]);
    expect(html).toContain('data-range="2026-11-01/2026-11-25"');
    expect(html).toMatch(/aria-current="true"[^>]*>This month</);
    expect(html).toContain("Days are counted in America/New_York time; weeks start on Monday.");
    // The monthly summary's picker starts at the last whole month.
    expect(html).toMatch(/name="month" value="2026-10"/);
  });

  it("counts days where the tenant is: 03:00 UTC on a Monday is still Sunday in Greer", async () => {
    using t = await makeApp();
    t.clock.set(Date.UTC(2026, 10, 30, 3, 0)); // Sunday 29 November, 22:00 in Greer
    const { admin } = await people(t);
    const { html } = await page(t, FIGURES, admin.token);
    expect(presetRanges(html).slice(0, 2)).toEqual([
      "This week: 2026-11-23/2026-11-29",
      "Last week: 2026-11-16/2026-11-22",
    ]);
  });

  it("shows the figures GET /{t}/api/admin/reports answers for the same range", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    const MIN = 60_000;
    // A driver whose name is markup: the figures are set in place as HTML, so it must arrive as text.
    const HOSTILE = "<img src=x onerror=alert(1)>Dee";
    expect((await t.request("/api/users/profile", put(w.driver.token, { name: HOSTILE }))).status).toBe(200);
    for (
      const [passengerCt, steps] of [
        [2, [["accepted", 1], ["on-the-way", 1], ["arrived", 6], ["completed", 19]]],
        [1, [["accepted", 2], ["on-the-way", 2], ["arrived", 9], ["completed", 20]]],
        // The driver reaches the pickup at 5 (where they stand: no miles) and waits there before the no-show.
        [1, [["accepted", 3], ["on-the-way", 3], ["at-pickup", 5], ["no-show", 15]]],
        [3, [["canceled", 2]]],
      ] as [number, [string, number][]][]
    ) {
      const start = t.clock.now();
      await t.request("/greer/api/users/location", put(w.driver.token, { location: CENTRE }));
      const res = await requestRide(t, w.rider.token, { passengerCt, pickup: CENTRE });
      const { ride } = await res.json();
      for (const [to, after] of steps) {
        t.clock.set(start + after * MIN);
        if (to === "at-pickup") {
          await t.request("/greer/api/users/location", put(w.driver.token, { location: CENTRE }));
          continue;
        }
        const who = to === "canceled" ? w.rider.token : w.driver.token;
        expect((await move(t, who, ride.id, to)).status).toBe(200);
      }
      t.clock.set(start + 30 * MIN);
    }
    const api: Report = await (await t.request(
      "/greer/api/admin/reports?from=2026-01-05&to=2026-01-05",
      bearer(w.admin.token),
    )).json();
    const { html } = await page(t, `${FIGURES}?from=2026-01-05&to=2026-01-05`, w.admin.token);
    expect(shown(html)).toEqual({
      requested: String(api.requested),
      completed: String(api.completed),
      completionRate: `${Math.round(api.completionRate! * 1000) / 10}%`,
      canceledByRider: String(api.canceledByRider),
      canceledByStaff: String(api.canceledByStaff),
      noShows: String(api.noShows),
      "waitMinutes.p50": `${api.waitMinutes.p50} min`,
      "waitMinutes.p90": `${api.waitMinutes.p90} min`,
      "acceptMinutes.p50": `${api.acceptMinutes.p50} min`,
      "rideMinutes.p50": `${api.rideMinutes.p50} min`,
      passengers: String(api.passengers),
      vehicleHours: String(api.vehicleHours),
      vehicleMiles: String(api.vehicleMiles),
      passengersPerVehicleHour: api.passengersPerVehicleHour === null
        ? "–No data"
        : String(api.passengersPerVehicleHour),
    });
    expect(api).toMatchObject({ requested: 4, completed: 2, noShows: 1, canceledByRider: 1, passengers: 3 });
    const driver = api.drivers[0];
    expect(driver.name).toBe(HOSTILE);
    const row =
      `<th scope="row">&lt;img src=x onerror=alert(1)&gt;Dee</th><td>${driver.completed}</td><td>${driver.waitMinutesP50} min</td>`;
    expect(html.includes(row), row).toBe(true);
    expect(html.includes("<img src=x"), "markup from a name").toBe(false);
    const monthly = await page(t, `${MONTHLY}?month=2026-01`, w.admin.token);
    expect(shown(monthly.html)).toMatchObject({
      passengers: "3",
      completed: "2",
      noShows: "1",
      cancellations: "1",
      daysWithService: "1",
      "waitMinutes.p50": `${api.waitMinutes.p50} min`,
    });
  });

  it("shows the range asked for, with zeros and a plain sentence when nothing happened", async () => {
    using t = await makeApp();
    const { admin } = await people(t);
    const { res, html } = await page(t, `${FIGURES}?from=2026-02-01&to=2026-02-03`, admin.token);
    expect(res.status).toBe(200);
    expect(html).toContain('data-range="2026-02-01/2026-02-03"');
    expect(html).toContain("Feb 1 – 3, 2026");
    expect(html).toContain('value="2026-02-01"');
    // Nothing happened: zeros, a plain sentence, and no chart drawn over nothing.
    expect(html).toContain("No rides were requested in this range.");
    expect(html).toContain('data-figure="requested">0<');
    expect(html).not.toContain('class="chart"');
    expect(html).toContain("No driver completed a ride in this range.");
  });

  it.each([
    ["?from=2026-11-10&to=2026-11-01", "to must not be before from"],
    ["?from=2026-01-01&to=2027-01-02", "A report covers at most 366 days"],
    ["?from=2026-02-30&to=2026-03-01", "from must be a date written YYYY-MM-DD"],
    ["?from=2026-11-01", "to must be a date written YYYY-MM-DD"],
    ["?from=yesterday&to=today", "from must be a date written YYYY-MM-DD"],
    // The last day that can be written has no day after it to read up to (it once answered 500).
    ["?from=9999-12-31&to=9999-12-31", "from must be a date written YYYY-MM-DD"],
  ])("answers %s with 400, the form and the reason, and no figures", async (query, reason) => {
    using t = await makeApp();
    const { admin } = await people(t);
    const { res, html } = await page(t, `${FIGURES}${query}`, admin.token);
    expect(res.status).toBe(400);
    expect(html).toContain(`role="alert">${reason}</p>`);
    expect(html).toContain('name="from"');
    expect(html).not.toContain("data-figure");
    expect(html).not.toContain('aria-current="true"');
  });

  it("gives the reason in Spanish on a Spanish page", async () => {
    using t = await makeApp();
    const { admin } = await people(t);
    const { res, html } = await page(t, `${FIGURES}?from=2026-11-10&to=2026-11-01`, admin.token, "es");
    expect(res.status).toBe(400);
    expect(html).toContain('role="alert">to no puede ser anterior a from</p>');
    expect(html).toContain("Ver informe");
  });

  it("shows a month's summary with the organisation and the month, last month by default", async () => {
    using t = await makeApp();
    t.clock.set(WEDNESDAY);
    const { admin } = await people(t);
    const asked = await page(t, `${MONTHLY}?month=2026-02`, admin.token);
    expect(asked.res.status).toBe(200);
    expect(asked.html).toContain("City of Greer");
    expect(asked.html).toContain("Demand response, February 2026");
    expect(asked.html).toContain("February 1, 2026 to February 28, 2026, days in America/New_York time.");
    for (const figure of ["passengers", "vehicleHours", "vehicleMiles", "daysWithService", "completed", "noShows"]) {
      expect(asked.html).toContain(`data-figure="${figure}"`);
    }
    const byDefault = await page(t, MONTHLY, admin.token, "es");
    expect(byDefault.html).toContain("Servicio a demanda, octubre de 2026");
  });

  it.each(["2026-13", "2026-1", "26-01", "2026-00", "november"])(
    "answers month=%s with 400 and the reason",
    async (month) => {
      using t = await makeApp();
      const { admin } = await people(t);
      const { res, html } = await page(t, `${MONTHLY}?month=${month}`, admin.token);
      expect(res.status).toBe(400);
      expect(html).toContain('role="alert">month must be a month written YYYY-MM</p>');
      expect(html).not.toContain("data-figure");
    },
  );

  it("answers any query with 200 or 400, never more, and writes nothing", async () => {
    using t = await makeApp();
    const { admin } = await people(t);
    const before = await snapshotKv(t.kv);
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom("", "0000-00-00", "9999-12-31", "2026-02-29", "2024-02-29", "-1", "%00", "\u202e2026"),
    );
    await fc.assert(
      fc.asyncProperty(value, value, fc.boolean(), async (from, to, monthly) => {
        const path = monthly
          ? `${MONTHLY}?month=${encodeURIComponent(from)}`
          : `${FIGURES}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
        const res = await t.request(path, bearer(admin.token));
        await res.body?.cancel();
        expect([200, 400]).toContain(res.status);
      }),
      { numRuns: 150 },
    );
    expect(await snapshotKv(t.kv)).toEqual(before);
  });
});
