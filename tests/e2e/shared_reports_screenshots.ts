/**
 * `deno run -A tests/e2e/shared_reports_screenshots.ts`: a shared service on the admin screens, at phone (390 px) and
 * desk (1280 px) width, in English (shared-*.png) and Spanish (es-shared-*.png), into docs/screenshots/: the trips
 * with their vehicles and planned against actual times (shared-trips-*) and the reports page with the shared-ride
 * figures (shared-reports-*). Starts the real server as a first start (the demo tenant dispatches automatically
 * and has two vehicles), fills a week of pooled rides in through the kv/ functions the API calls (a vehicle and
 * planned times on each ride, as the dispatcher leaves them), and signs in the demo admin.
 */
import { fileURLToPath } from "node:url";
import { setDriverState } from "../../kv/drivers.ts";
import { keys } from "../../kv/keys.ts";
import { openStore } from "../../kv/open.ts";
import { createRide, updateRideStatus } from "../../kv/rides.ts";
import { listVehicles } from "../../kv/vehicles.ts";
import type { Store } from "../../kv/store.ts";
import { findUserIdByPhone } from "../../kv/users.ts";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import type { Ride, RideStatus } from "../../lib/rides.ts";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { launchBrowser, storeSession } from "./browser.ts";
import { signInThroughApi, startServer } from "./server.ts";

const OUT = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };
const LANGS = { en: "", es: "es-" } as const;
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const ZONE = "America/New_York";

const PLACES: [name: string, lat: number, lng: number][] = [
  ["Greer Station", 34.9381, -82.2271],
  ["City Hall", 34.9362, -82.2288],
  ["Pelham Medical Center", 34.9125, -82.2601],
  ["Greer Library", 34.9419, -82.2238],
  ["Library Steps", 34.9440, -82.2200],
];
const RIDERS = ["Ana Ruiz", "Ben Ortiz", "Grace Hopper", "Alan Turing", "Mary Jackson", "Katherine Johnson"];

function sequence(seed: number) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/** A ride asked for at `at`, planned into `vehicleId`, moved along `steps` (status, epoch ms). */
async function ride(
  kv: Store,
  { at, vehicleId, driver, from, to, rider, plan, steps }: {
    at: number;
    vehicleId?: string;
    driver: { id: string; name: string; phone: string };
    from: number;
    to: number;
    rider: number;
    plan?: { pickupAt: number; dropoffAt: number };
    steps: [RideStatus, number][];
  },
) {
  const made = await createRide(kv, {
    tenant: "greer",
    timeZone: ZONE,
    creatorId: crypto.randomUUID(),
    pickup: { lat: PLACES[from][1], lng: PLACES[from][2] },
    pickupName: PLACES[from][0],
    dropoff: { lat: PLACES[to][1], lng: PLACES[to][2] },
    destination: PLACES[to][0],
    passengerCt: 1 + (rider % 2),
    rider: { name: RIDERS[rider % RIDERS.length], phoneNumber: `86455502${10 + rider}`, photoUrl: null },
  }, at);
  if (!made.ok) throw new Error(made.reason);
  const key = keys.ride("greer", made.ride.id);
  if (vehicleId) await kv.set(key, { ...made.ride, vehicleId, ...plan } satisfies Ride);
  for (const [status, now] of steps) {
    await updateRideStatus(kv, {
      tenant: "greer",
      id: made.ride.id,
      to: status,
      actorId: driver.id,
      driver: { name: driver.name, phoneNumber: driver.phone },
      now,
      decide: () => Promise.resolve({ ok: true }),
    });
  }
}

async function seed(kvPath: string, now: number) {
  const kv = await openStore(kvPath);
  const random = sequence(38);
  try {
    const vans = await listVehicles(kv, "greer");
    const dee = { id: (await findUserIdByPhone(kv, DEMO_DRIVER_PHONE))!, name: "Dee Driver", phone: DEMO_DRIVER_PHONE };
    const today = now - (now % DAY) + 5 * 60 * MIN; // midnight in Greer (UTC-5)
    // Six days back: each van's runs of two or three riders sharing, and some alone, between 8:00 and 16:00.
    for (let day = 6; day >= 1; day--) {
      const midnight = today - day * DAY;
      for (const [v, van] of vans.entries()) {
        // The van's driver online 8:00-16:00, reporting every 10 minutes.
        for (let t = midnight + 8 * 60 * MIN; t <= midnight + 16 * 60 * MIN; t += 10 * MIN) {
          await setDriverState(kv, {
            tenant: "greer",
            timeZone: ZONE,
            userId: v === 0 ? dee.id : `driver-${v}`,
            isAvailable: t < midnight + 16 * 60 * MIN,
            location: { lat: 34.93 + random() * 0.02, lng: -82.24 + random() * 0.02 },
            vehicleId: van.id,
            now: t,
          });
        }
        for (let run = 0; run < 6; run++) {
          const start = midnight + (8 + run * 1.2 + random() * 0.3) * 60 * MIN;
          const riders = random() < 0.35 ? 1 : random() < 0.7 ? 2 : 3;
          for (let r = 0; r < riders; r++) {
            const asked = start - (6 + random() * 8) * MIN + r * 3 * MIN;
            const pickedUp = start + r * (4 + random() * 3) * MIN + (random() < 0.15 ? 12 * MIN : 0);
            const dropped = start + (20 + r * 5 + random() * 8) * MIN;
            await ride(kv, {
              at: asked,
              vehicleId: van.id,
              driver: { ...dee, id: v === 0 ? dee.id : `driver-${v}` },
              // Into town from the station, City Hall or the library, to the medical center: about 15 minutes direct.
              from: [0, 1, 3][(run + r) % 3],
              to: 2,
              rider: run + r,
              plan: { pickupAt: pickedUp - 2 * MIN, dropoffAt: dropped - 3 * MIN },
              steps: [["accepted", asked + MIN], ["on-the-way", asked + MIN], ["arrived", pickedUp], [
                "completed",
                dropped,
              ]],
            });
          }
        }
      }
    }
    // This morning: a finished shared run, a rider aboard now, one on the way, and one no vehicle could take.
    const van = vans[0].id;
    const t0 = now - 50 * MIN;
    await ride(kv, {
      at: t0,
      vehicleId: van,
      driver: dee,
      from: 0,
      to: 2,
      rider: 0,
      plan: { pickupAt: t0 + 6 * MIN, dropoffAt: t0 + 27 * MIN },
      steps: [["accepted", t0 + MIN], ["on-the-way", t0 + MIN], ["arrived", t0 + 7 * MIN], [
        "completed",
        t0 + 29 * MIN,
      ]],
    });
    await ride(kv, {
      at: t0 + 3 * MIN,
      vehicleId: van,
      driver: dee,
      from: 1,
      to: 2,
      rider: 1,
      plan: { pickupAt: t0 + 11 * MIN, dropoffAt: t0 + 27 * MIN },
      steps: [["accepted", t0 + 4 * MIN], ["on-the-way", t0 + 9 * MIN], ["arrived", t0 + 12 * MIN], [
        "completed",
        t0 + 29 * MIN,
      ]],
    });
    await ride(kv, {
      at: now - 18 * MIN,
      vehicleId: van,
      driver: dee,
      from: 3,
      to: 1,
      rider: 2,
      plan: { pickupAt: now - 9 * MIN, dropoffAt: now + 6 * MIN },
      steps: [["accepted", now - 17 * MIN], ["on-the-way", now - 12 * MIN], ["arrived", now - 8 * MIN]],
    });
    await ride(kv, {
      at: now - 6 * MIN,
      vehicleId: vans[1].id,
      driver: { ...dee, id: "driver-1", name: "Sam Wheeler", phone: "8645550102" },
      from: 4,
      to: 0,
      rider: 3,
      plan: { pickupAt: now + 4 * MIN, dropoffAt: now + 15 * MIN },
      steps: [["accepted", now - 5 * MIN], ["on-the-way", now - 5 * MIN]],
    });
    await ride(kv, { at: now - 2 * MIN, driver: dee, from: 2, to: 4, rider: 4, steps: [] });
  } finally {
    kv.close();
  }
}

const twilio = startFakeTwilio();
const server = await startServer({ env: twilio.env, firstStart: true });
const browser = await launchBrowser();
try {
  const now = Date.now();
  const admin = await signInThroughApi(server.url, twilio.codeFor, DEMO_ADMIN_PHONE);
  await seed(server.kvPath, now);
  const local = (ms: number) => new Date(ms).toLocaleDateString("en-CA", { timeZone: ZONE });
  const range = `from=${local(now - 6 * DAY)}&to=${local(now)}`;
  await Deno.mkdir(OUT, { recursive: true });
  for (const [lang, prefix] of Object.entries(LANGS)) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({
        viewport,
        baseURL: server.url,
        ...(width === "phone" ? { hasTouch: true, isMobile: true } : {}),
      });
      await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
      const page = await context.newPage();
      await storeSession(page, admin);
      await page.goto("/greer/admin/trips");
      await page.locator(".trips-table tbody tr").first().waitFor();
      await page.waitForTimeout(300);
      let file = `${OUT}${prefix}shared-trips-${width}.png`;
      await page.screenshot({ path: file });
      console.log(`wrote ${file}`);
      if (width === "phone") {
        // The second screen of the list: the rides of this morning's shared run, card by card.
        await page.locator(".trips-table tbody tr").nth(3).scrollIntoViewIfNeeded();
        file = `${OUT}${prefix}shared-trips-${width}-2.png`;
        await page.screenshot({ path: file });
        console.log(`wrote ${file}`);
      }
      await page.goto(`/greer/admin/reports?${range}`);
      await page.locator(".report-part").waitFor();
      await page.locator('[data-island="UserMenu"][data-hydrated="true"]').waitFor();
      file = `${OUT}${prefix}shared-reports-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(`wrote ${file}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await twilio.stop();
}
