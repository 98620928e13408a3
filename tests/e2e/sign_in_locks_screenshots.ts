/**
 * `deno run -A tests/e2e/sign_in_locks_screenshots.ts`: numbers strangers
 * locked with wrong codes, as admins see them, at desk (1280 px) and phone
 * (390 px) width, in English and Spanish, into docs/screenshots/: the Users
 * page with a member marked "Sign-in locked" and Unlock sign-in
 * (sign-in-locked-users-*.png), and the provider console's "Sign-in locks"
 * (sign-in-locks-console-*.png); and, once the organisation is
 * invitation-only, its login page saying so (login-invite-only-*.png). Starts
 * the real server on a fresh KV with a fake SMS provider; the locks are
 * written as 50 strangers' misses leave them.
 */
import { fileURLToPath } from "node:url";
import { openStore } from "../../kv/open.ts";
import { keys } from "../../kv/keys.ts";
import { changeRole } from "../../kv/members.ts";
import { getOrCreateUserByPhone, updateUser } from "../../kv/users.ts";
import { NUMBER_FAILURES_PER_YEAR, YEAR_MS } from "../../lib/lockout.ts";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { launchBrowser, storeSession } from "./browser.ts";
import { signInThroughApi, startServer } from "./server.ts";

const OUT = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const LANGS = { en: "", es: "es-" } as const;

const PEOPLE: [phone: string, name: string, roles: ("rider" | "driver")[]][] = [
  ["8645550201", "Ada Lovelace", ["rider"]],
  ["8645550202", "Grace Hopper", ["rider", "driver"]],
  ["8645550205", "Alan Turing", ["rider"]],
];
/** Ada's number, and one with no account, locked by strangers. */
const LOCKED = [["8645550201", 3], ["8645550288", 26]] as const;

async function seed(kvPath: string, now: number) {
  const kv = await openStore(kvPath);
  try {
    for (const [i, [phone, name, roles]] of PEOPLE.entries()) {
      const user = await getOrCreateUserByPhone(kv, phone, now - (30 - i * 5) * 86_400_000);
      await updateUser(kv, user.id, (u) => ({ ...u, name }));
      for (const role of roles) await changeRole(kv, { tenant: "greer", userId: user.id, role, add: true, now });
    }
    for (const [phone, hoursAgo] of LOCKED) {
      const since = now - hoursAgo * 3_600_000;
      const expireIn = since + YEAR_MS - now;
      await kv.set(keys.numberFailures(phone), { count: NUMBER_FAILURES_PER_YEAR, since }, { expireIn });
      await kv.set(keys.lockedNumber(phone), { since, until: since + YEAR_MS }, { expireIn });
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

        await page.goto("/greer/admin/users");
        await page.locator("main .loading").waitFor({ state: "detached" });
        await page.locator(".users-table").waitFor();
        await page.locator('[data-island="UserMenu"][data-hydrated="true"]').waitFor();
        let file = `${OUT}${prefix}sign-in-locked-users-${width}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(`wrote ${file}`);

        await page.goto("/super");
        await page.locator("main .loading").waitFor({ state: "detached" });
        await page.getByRole("button", { name: lang === "es" ? "Bloqueos" : "Sign-in locks" })
          .click();
        await page.locator("main table").waitFor();
        await page.locator('[data-island="UserMenu"][data-hydrated="true"]').waitFor();
        file = `${OUT}${prefix}sign-in-locks-console-${width}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(`wrote ${file}`);
        await context.close();
      }
    }
    const invite = await fetch(`${server.url}/greer/api/admin/settings`, {
      method: "PUT",
      headers: { authorization: `Bearer ${session.token}`, "content-type": "application/json" },
      body: JSON.stringify({ joinPolicy: "invite" }),
    });
    if (invite.status !== 200) throw new Error(`invite-only answered ${invite.status}`);
    for (const [lang, prefix] of Object.entries(LANGS)) {
      for (const [width, viewport] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({ viewport, baseURL: server.url });
        await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
        const page = await context.newPage();
        await page.goto("/greer/login");
        await page.locator('[data-island="LoginForm"][data-hydrated="true"]').waitFor();
        const file = `${OUT}${prefix}login-invite-only-${width}.png`;
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
