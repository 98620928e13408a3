/**
 * `deno run -A tests/e2e/admin_screenshots.ts`: screenshots of each admin
 * page at desktop (1280 px) and phone (390 px) width, in English
 * (admin-*.png) and Spanish (es-admin-*.png), into docs/screenshots/. Starts the real server on a fresh KV with a fake
 * SMS provider, fills it with a small believable tenant, and signs in a super admin (so Delete shows on the users
 * page). Last, the settings page again once the tenant has a logo (admin-settings-logo-*.png), its header too.
 */
import { fileURLToPath } from "node:url";
import { openStore } from "../../kv/open.ts";
import { changeRole } from "../../kv/members.ts";
import { encodePng } from "../../lib/images/codecs.ts";
import { createRide, updateRideStatus } from "../../kv/rides.ts";
import { getOrCreateUserByPhone, updateUser } from "../../kv/users.ts";
import type { RideStatus } from "../../lib/rides.ts";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { launchBrowser, storeSession } from "./browser.ts";
import { signInThroughApi, startServer } from "./server.ts";

const OUT = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const LANGS = { en: "", es: "es-" } as const;
const PAGES = {
  dashboard: "/greer/admin",
  trips: "/greer/admin/trips",
  users: "/greer/admin/users",
  schedule: "/greer/admin/schedule",
  places: "/greer/admin/places",
  settings: "/greer/admin/settings",
  activity: "/greer/admin/activity",
  console: "/super",
  // Not an admin page, but an admin's own (its Ride texts box): profile-*.png.
  profile: "/greer/profile",
};

const PEOPLE: [phone: string, name: string | null, email: string | null, roles: ("rider" | "driver" | "admin")[]][] = [
  ["8645550201", "Ada Lovelace", "ada@example.org", ["rider"]],
  ["8645550202", "Grace Hopper", "grace@example.org", ["rider", "driver"]],
  ["8645550203", null, null, ["rider"]],
  ["8645550204", "Katherine Johnson", "kj@example.org", ["rider", "admin"]],
  ["8645550205", "Alan Turing", null, ["rider"]],
];

const TRIPS: [destination: string | null, rider: number, passengers: number, hoursAgo: number, path: RideStatus[]][] = [
  ["Farmers Market", 0, 2, 0.1, []],
  [null, 4, 1, 0.5, ["accepted", "on-the-way"]],
  ["Greer Station", 1, 3, 2, ["accepted"]],
  ["City Hall", 0, 1, 5, ["accepted", "on-the-way", "arrived", "completed"]],
  ["Library", 2, 1, 26, ["canceled"]],
  ["Trailblazer Park", 4, 4, 50, ["accepted", "on-the-way", "no-show"]],
];

/** A wide logo on a transparent ground: a green disc and two dark bars, as a wordmark would sit beside it. */
async function logoPng(): Promise<Uint8Array<ArrayBuffer>> {
  const [width, height] = [480, 160];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const disc = (x - 80) ** 2 + (y - 80) ** 2 < 70 ** 2;
      const bar = x > 170 && x < 460 && ((y > 40 && y < 75) || (y > 90 && y < 120 && x < 380));
      if (disc) data.set([22, 163, 74, 255], (y * width + x) * 4);
      else if (bar) data.set([15, 23, 42, 255], (y * width + x) * 4);
    }
  }
  return await encodePng({ width, height, data });
}

async function seed(kvPath: string, now: number) {
  const kv = await openStore(kvPath);
  try {
    const ids: string[] = [];
    for (const [i, [phone, name, email, roles]] of PEOPLE.entries()) {
      const user = await getOrCreateUserByPhone(kv, phone, now - (40 - i * 7) * 86_400_000);
      await updateUser(kv, user.id, (u) => ({ ...u, name, email }));
      for (const role of roles) await changeRole(kv, { tenant: "greer", userId: user.id, role, add: true, now });
      ids.push(user.id);
    }
    const driver = await getOrCreateUserByPhone(kv, "8645550101", now);
    await updateUser(kv, driver.id, (u) => ({ ...u, name: "Dee Driver" }));
    for (const [destination, rider, passengerCt, hoursAgo, path] of [...TRIPS].reverse()) {
      let at = now - hoursAgo * 3_600_000;
      const [, name, ,] = PEOPLE[rider];
      const res = await createRide(kv, {
        timeZone: "America/New_York",
        tenant: "greer",
        creatorId: ids[rider],
        pickup: { lat: 34.9387, lng: -82.2271 },
        dropoff: destination ? null : { lat: 34.9401, lng: -82.2262 },
        destination,
        passengerCt,
        rider: { name, phoneNumber: PEOPLE[rider][0], photoUrl: null },
      }, at);
      if (!res.ok) throw new Error(`ride for ${name}: ${res.reason}`);
      for (const to of path) {
        at += 4 * 60_000;
        await updateRideStatus(kv, {
          tenant: "greer",
          id: res.ride.id,
          to,
          actorId: driver.id,
          driver: { name: "Dee Driver", phoneNumber: "8645550101" },
          now: at,
          decide: () => Promise.resolve({ ok: true }),
        });
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
    await seed(server.kvPath, Date.now());
    const session = await signInThroughApi(server.url, twilio.codeFor, "8645550100");
    await Deno.mkdir(OUT, { recursive: true });
    for (const [lang, prefix] of Object.entries(LANGS)) {
      for (const [width, viewport] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({ viewport, baseURL: server.url });
        await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
        const page = await context.newPage();
        await storeSession(page, session);
        for (const [name, path] of Object.entries(PAGES)) {
          await page.goto(path);
          await page.locator("main h1").first().waitFor();
          await page.locator("main .loading").waitFor({ state: "detached" });
          if (name === "trips") await page.locator(".live-badge--live").waitFor();
          await page.locator('[data-island="UserMenu"][data-hydrated="true"]').waitFor();
          const file = `${OUT}${prefix}${name === "profile" ? "" : "admin-"}${name}-${width}.png`;
          await page.screenshot({ path: file, fullPage: true });
          console.log(`wrote ${file}`);
        }
        await context.close();
      }
    }
    const body = new FormData();
    body.set("image", new File([await logoPng()], "logo.png", { type: "image/png" }));
    const uploaded = await fetch(`${server.url}/greer/api/admin/settings/logo`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.token}` },
      body,
    });
    if (uploaded.status !== 200) throw new Error(`logo upload answered ${uploaded.status}`);
    for (const [lang, prefix] of Object.entries(LANGS)) {
      for (const [width, viewport] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({ viewport, baseURL: server.url });
        await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
        const page = await context.newPage();
        await storeSession(page, session);
        await page.goto(PAGES.settings);
        await page.locator("main .loading").waitFor({ state: "detached" });
        await page.locator(".logo-settings__image").waitFor();
        await page.locator('[data-island="UserMenu"][data-hydrated="true"]').waitFor();
        await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => {}))));
        const file = `${OUT}${prefix}admin-settings-logo-${width}.png`;
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
}
