/**
 * `deno run -A tests/e2e/reports_screenshots.ts`: screenshots of the reports
 * page and the monthly summary at desk (1280 px) and phone (390 px)
 * width, in English (reports-*.png) and Spanish (es-reports-*.png), into
 * docs/screenshots/. Starts the real server on a fresh KV with a fake SMS
 * provider, fills it with six weeks of believable rides (written by the same
 * kv/ functions the API calls, so the day rollups come with them) and signs in
 * a super admin.
 */
import { fileURLToPath } from "node:url";
import { openStore } from "../../kv/open.ts";
import { setDriverState } from "../../kv/drivers.ts";
import { changeRole } from "../../kv/members.ts";
import { rateRide } from "../../kv/ride_feedback.ts";
import { createRide, updateRideStatus } from "../../kv/rides.ts";
import { getOrCreateUserByPhone, updateUser } from "../../kv/users.ts";
import type { RideStatus } from "../../lib/rides.ts";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { launchBrowser, storeSession } from "./browser.ts";
import { signInThroughApi, startServer } from "./server.ts";

const OUT = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };
const LANGS = { en: "", es: "es-" } as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const RIDERS: [phone: string, name: string][] = [
  ["8645550201", "Ada Lovelace"],
  ["8645550202", "Grace Hopper"],
  ["8645550203", "Alan Turing"],
  ["8645550204", "Katherine Johnson"],
  ["8645550205", "Mary Jackson"],
];
const DRIVERS: [phone: string, name: string][] = [["8645550101", "Dee Driver"], ["8645550102", "Sam Wheeler"]];
const PLACES: [name: string, lat: number, lng: number][] = [
  ["Greer Station", 34.9381, -82.2271],
  ["City Hall", 34.9362, -82.2288],
  ["Pelham Medical Center", 34.9125, -82.2601],
  ["Greer Library", 34.9419, -82.2238],
];

/** A small pseudo-random sequence, so every run draws the same pictures. */
function sequence(seed: number) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

async function seed(kvPath: string, now: number) {
  const kv = await openStore(kvPath);
  const random = sequence(22);
  try {
    const riders: string[] = [];
    for (const [phone, name] of RIDERS) {
      const user = await getOrCreateUserByPhone(kv, phone, now - 60 * DAY);
      await updateUser(kv, user.id, (u) => ({ ...u, name }));
      await changeRole(kv, { tenant: "greer", userId: user.id, role: "rider", add: true, now });
      riders.push(user.id);
    }
    const drivers: string[] = [];
    for (const [phone, name] of DRIVERS) {
      const user = await getOrCreateUserByPhone(kv, phone, now - 60 * DAY);
      await updateUser(kv, user.id, (u) => ({ ...u, name }));
      await changeRole(kv, { tenant: "greer", userId: user.id, role: "driver", add: true, now });
      drivers.push(user.id);
    }
    // Six weeks back to yesterday: busier on weekdays, peaks at 8 and 17.
    const start = now - 42 * DAY;
    for (let day = 0; day < 42; day++) {
      const weekend = new Date(start + day * DAY).getUTCDay() % 6 === 0;
      const count = weekend ? 3 + Math.floor(random() * 4) : 12 + Math.floor(random() * 10);
      for (let i = 0; i < count; i++) {
        const peak = random() < 0.5 ? (random() < 0.5 ? 13 : 22) : 12 + Math.floor(random() * 11);
        const at = Math.floor(start + day * DAY) - (start % DAY) + peak * HOUR + Math.floor(random() * 50) * 60_000;
        const r = Math.floor(random() * riders.length);
        const place = PLACES[Math.floor(random() * PLACES.length)];
        const from = PLACES[Math.floor(random() * PLACES.length)];
        const res = await createRide(kv, {
          tenant: "greer",
          timeZone: "America/New_York",
          creatorId: riders[r],
          // Some riders drop a pin instead of naming a place: those count by the pin's cell.
          ...(random() < 0.2
            ? { pickup: { lat: 34.9335, lng: -82.2352 } }
            : { pickup: { lat: from[1], lng: from[2] }, pickupName: from[0] }),
          dropoff: { lat: place[1], lng: place[2] },
          destination: place[0],
          passengerCt: 1 + Math.floor(random() * random() * 4),
          rider: { name: RIDERS[r][1], phoneNumber: RIDERS[r][0], photoUrl: null },
        }, at);
        if (!res.ok) continue;
        const roll = random();
        const path: RideStatus[] = roll < 0.82
          ? ["accepted", "on-the-way", "arrived", "completed"]
          : roll < 0.9
          ? ["canceled"] // by the rider
          : roll < 0.95
          ? ["accepted", "canceled"]
          : ["accepted", "on-the-way", "no-show"];
        const d = Math.floor(random() * drivers.length);
        let t = at;
        for (const to of path) {
          t += (to === "arrived" ? 4 + random() * 9 : to === "completed" ? 8 + random() * 10 : 1 + random() * 2) *
            60_000;
          await updateRideStatus(kv, {
            tenant: "greer",
            id: res.ride.id,
            to,
            actorId: path.length === 1 ? riders[r] : drivers[d],
            driver: { name: DRIVERS[d][1], phoneNumber: DRIVERS[d][0] },
            now: Math.floor(t),
            decide: () => Promise.resolve({ ok: true }),
          });
        }
        // Most riders rate a completed ride, mostly well.
        if (path.at(-1) === "completed" && random() < 0.7) {
          const rating = random() < 0.75 ? 5 : random() < 0.7 ? 4 : 3;
          await rateRide(kv, { tenant: "greer", id: res.ride.id, riderId: riders[r], rating, comment: null, now: t });
        }
      }
    }
    // Shifts: each driver online 7:00-19:00 on weekdays (9:00-15:00 at weekends), reporting every 9 minutes while
    // driving about town, so the days have vehicle revenue hours and miles.
    for (const [d, userId] of drivers.entries()) {
      for (let day = 0; day < 42; day++) {
        const midnight = start - (start % DAY) + day * DAY + 5 * HOUR;
        const weekend = new Date(midnight).getUTCDay() % 6 === 0;
        if (weekend && d === 1) continue;
        // The second driver covers the busy middle of weekdays only.
        const [from, to] = weekend ? [9, 15] : d === 1 ? [8, 16] : [7, 19];
        let at = { lat: PLACES[0][1], lng: PLACES[0][2] };
        for (let t = midnight + from * HOUR; t <= midnight + to * HOUR; t += 9 * 60_000) {
          at = { lat: 34.93 + random() * 0.02, lng: -82.24 + random() * 0.02 };
          await setDriverState(kv, {
            tenant: "greer",
            timeZone: "America/New_York",
            userId,
            isAvailable: t < midnight + to * HOUR,
            location: at,
            now: t,
          });
        }
      }
    }
    const root = await getOrCreateUserByPhone(kv, "8645550100", now);
    await updateUser(kv, root.id, (u) => ({ ...u, name: "Sam Super", isSuper: true }));
  } finally {
    kv.close();
  }
}

if (import.meta.main) {
  const twilio = startFakeTwilio();
  const server = await startServer({ env: twilio.env });
  const browser = await launchBrowser();
  try {
    const now = Date.now();
    await seed(server.kvPath, now);
    const session = await signInThroughApi(server.url, twilio.codeFor, "8645550100");
    const last = new Date(now - 28 * DAY).toISOString().slice(0, 10);
    const today = new Date(now - DAY).toISOString().slice(0, 10);
    const month = new Date(new Date(now).setUTCDate(0)).toISOString().slice(0, 7);
    const pages = {
      reports: `/greer/admin/reports?from=${last}&to=${today}`,
      "reports-monthly": `/greer/admin/reports/monthly?month=${month}`,
    };
    await Deno.mkdir(OUT, { recursive: true });
    for (const [lang, prefix] of Object.entries(LANGS)) {
      for (const [width, viewport] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({ viewport, baseURL: server.url });
        await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
        const page = await context.newPage();
        await storeSession(page, session);
        for (const [name, path] of Object.entries(pages)) {
          await page.goto(path);
          await page.locator(".report-part").waitFor();
          await page.locator('[data-island="UserMenu"][data-hydrated="true"]').waitFor();
          const file = `${OUT}${prefix}${name}-${width}.png`;
          await page.screenshot({ path: file, fullPage: true });
          console.log(`wrote ${file}`);
        }
        if (lang === "en" && width === "desktop") {
          await page.emulateMedia({ media: "print" });
          await page.goto(pages["reports-monthly"]);
          await page.locator(".report-part").waitFor();
          await page.screenshot({ path: `${OUT}reports-monthly-print.png`, fullPage: true });
          console.log(`wrote ${OUT}reports-monthly-print.png`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await twilio.stop();
  }
}
