/**
 * A number strangers locked with wrong codes: the owner's device still signs
 * in (its device key, kept in an httpOnly cookie), a stolen key gets at most
 * 10 guesses, and a number nobody ever signed in on a device waits for an
 * unlock: by the tenant's admins for a member, by the provider for any number,
 * each audited, and each letting the person sign in at once.
 */
import { describe, expect, it } from "vitest";
import { listAudit } from "../../kv/audit.ts";
import { keys } from "../../kv/keys.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { DEVICE_MISSES, NUMBER_FAILURES_PER_YEAR } from "../../lib/lockout.ts";
import { bearer, makeApp, postJson, sentCode, signIn, superAdmin } from "../helpers/app.ts";
import { getFailures } from "../helpers/kv_reads.ts";
import { snapshotKv } from "../helpers/kv_snapshot.ts";

type T = Awaited<ReturnType<typeof makeApp>>;
const OWNER = "8645550142";
const INVITED = "8645550143";
const NEWCOMER = "8645550144";
const LOCKED = /^This number is locked after too many failed attempts\./;

let nextAddress = 0;
/** A client address never used before. */
const fresh = () => `198.18.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;
const wrong = (code: string, i = 0) => String((Number(code) + 1 + i) % 10_000).padStart(4, "0");

function withDevice(init: RequestInit, key: string | null): RequestInit {
  if (!key) return init;
  return { ...init, headers: { ...(init.headers as Record<string, string>), cookie: `hopper_device=${key}` } };
}

/** The device key a verify handed the browser, or null. */
function deviceKeyOf(res: Response): string | null {
  for (const cookie of res.headers.getSetCookie()) {
    const found = cookie.match(/^hopper_device=([\w-]{22});/);
    if (found) return found[1];
  }
  return null;
}

const login = (t: T, phone: string, address: string, key: string | null = null) =>
  t.request("/api/auth/login", withDevice(postJson({ phoneNumber: phone }), key), address);
const verify = (t: T, phone: string, code: string, challenge: string, address: string, key: string | null = null) =>
  t.request("/api/auth/verify", withDevice(postJson({ phoneNumber: phone, code, challenge }), key), address);

/** Asks for a code and answers it, from `address` with the device `key`; answers verify's answer. */
async function signInFrom(t: T, phone: string, address: string, key: string | null = null, tenantCode?: string) {
  const sent = await t.request(
    "/api/auth/login",
    withDevice(postJson({ phoneNumber: phone, tenantCode }), key),
    address,
  );
  expect(sent.status, await sent.clone().text()).toBe(200);
  const { challenge } = await sent.json();
  return await t.request(
    "/api/auth/verify",
    withDevice(postJson({ phoneNumber: phone, code: sentCode(t, phone), challenge, tenantCode }), key),
    address,
  );
}

/**
 * The attack of the report: from fresh addresses, ask for a code and miss it
 * 5 times, waiting out any 429 on the fake clock, until the number locks.
 * Answers the guesses that reached a code, the addresses they came from and
 * the minutes until the last of them.
 */
async function lockByGuessing(t: T, phone: string) {
  const started = t.clock.now();
  let misses = 0;
  let addresses = 0;
  let lastMiss = started;
  for (;;) {
    const address = fresh();
    const sent = await login(t, phone, address);
    if (sent.status === 429) {
      t.clock.advance(Number(sent.headers.get("retry-after")) * 1000);
      continue;
    }
    const { challenge } = await sent.json();
    const code = sentCode(t, phone);
    for (let i = 0; i < 5; i++) {
      const res = await verify(t, phone, wrong(code, i), challenge, address);
      if (res.status === 429) {
        expect((await res.json()).error).toMatch(LOCKED);
        return { misses, addresses, minutes: (lastMiss - started) / 60_000 };
      }
      expect(res.status).toBe(401);
      if (i === 0) addresses++;
      misses++;
      lastMiss = t.clock.now();
    }
  }
}

/** Greer's admin, with INVITED added as a rider who has never signed in. */
async function greerWithInvited(t: T) {
  const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
  const added = await t.request(
    "/greer/api/users",
    bearer(admin.token, postJson({ phoneNumber: INVITED, roles: ["rider"] })),
  );
  expect(added.status).toBe(201);
  return { admin, invited: (await added.json()).user as { id: string } };
}

describe("a device that signed the number in", () => {
  it("is handed a device key in an httpOnly cookie for the sign-in calls; only its hash is kept", async () => {
    using t = await makeApp({ PUBLIC_URL: "https://hopper.example" });
    const res = await signInFrom(t, OWNER, fresh());
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("hopper_device="))!;
    expect(cookie).toMatch(
      /^hopper_device=[\w-]{22}; Path=\/api\/auth; Max-Age=15552000; HttpOnly; SameSite=Strict; Secure$/,
    );
    const key = deviceKeyOf(res)!;
    expect(JSON.stringify(await snapshotKv(t.kv))).not.toContain(key);
    expect(await res.json()).not.toHaveProperty("deviceKey");
    // The same device keeps its key on its next sign-in.
    expect(deviceKeyOf(await signInFrom(t, OWNER, fresh(), key))).toBe(key);
  });

  it("signs in from a new address after strangers locked the number (50 misses from 10 addresses)", {
    timeout: 30_000,
  }, async () => {
    using t = await makeApp();
    const key = deviceKeyOf(await signInFrom(t, OWNER, "203.0.113.50"))!;
    t.clock.advance(24 * 60 * 60 * 1000); // the attack comes another day
    const attack = await lockByGuessing(t, OWNER);
    expect(attack).toMatchObject({ misses: NUMBER_FAILURES_PER_YEAR, addresses: 10 });
    expect(attack.minutes).toBeLessThan(60);

    // On a new network, without the device: locked, as any stranger.
    const away = fresh();
    const sent = await login(t, OWNER, away);
    if (sent.status === 200) {
      const res = await verify(t, OWNER, sentCode(t, OWNER), (await sent.json()).challenge, away);
      expect(res.status).toBe(429);
      expect((await res.json()).error).toMatch(LOCKED);
    } else expect(sent.status).toBe(429); // the strangers used up the number's texts for the day
    // On a new network with the device: texted (the device has its own send count) and let in.
    const res = await signInFrom(t, OWNER, fresh(), key);
    expect(res.status).toBe(200);
    expect((await res.json()).user.phoneNumber).toBe(OWNER);
  });

  it("gets at most 10 wrong guesses with a stolen key, over its life; then the key is void", async () => {
    using t = await makeApp();
    const key = deviceKeyOf(await signInFrom(t, OWNER, "203.0.113.50"))!;
    await lockByGuessing(t, OWNER);
    let reached = 0;
    for (let round = 0; round < 5; round++) {
      const address = fresh();
      const sent = await login(t, OWNER, address, key);
      if (sent.status === 429) {
        t.clock.advance(Number(sent.headers.get("retry-after")) * 1000);
        continue;
      }
      const { challenge } = await sent.json();
      const code = sentCode(t, OWNER);
      for (let i = 0; i < 5; i++) {
        const res = await verify(t, OWNER, wrong(code, i), challenge, address, key);
        if (res.status === 401) reached++;
        else expect(res.status).toBe(429);
      }
    }
    expect(reached).toBe(DEVICE_MISSES);
    // The key is void: even the right code from the device meets the number's lock.
    const address = fresh();
    t.clock.advance(24 * 60 * 60 * 1000); // past the day's send limits of the device
    const sent = await login(t, OWNER, address, key);
    expect(sent.status).toBe(200);
    const res = await verify(t, OWNER, sentCode(t, OWNER), (await sent.json()).challenge, address, key);
    expect(res.status).toBe(429);
  });

  it("counts a key's misses over its life; once void, the device's next sign-in gets a new key", async () => {
    using t = await makeApp();
    const key = deviceKeyOf(await signInFrom(t, OWNER, "203.0.113.50"))!;
    const kept: (string | null)[] = [];
    for (let round = 0; round < 3; round++) {
      t.clock.advance(16 * 60 * 1000);
      const address = fresh();
      const sent = await login(t, OWNER, address, key);
      expect(sent.status).toBe(200);
      const { challenge } = await sent.json();
      const code = sentCode(t, OWNER);
      for (let i = 0; i < 4; i++) {
        expect((await verify(t, OWNER, wrong(code, i), challenge, address, key)).status).toBe(401);
      }
      const right = await verify(t, OWNER, code, challenge, address, key);
      expect(right.status).toBe(200);
      kept.push(deviceKeyOf(right));
    }
    // 8 misses: the key is kept. The 10th miss made it void; the 11th and 12th counted against the number, as a
    // stranger's; the right code then handed the device a new key.
    expect(kept.slice(0, 2)).toEqual([key, key]);
    expect(kept[2]).not.toBe(key);
    expect(kept[2]).toMatch(/^[\w-]{22}$/);
    expect((await getFailures(t.kv, OWNER))?.count).toBe(2);

    // Locked by strangers, the number lets in the new key and not the void one.
    t.clock.advance(24 * 60 * 60 * 1000);
    await lockByGuessing(t, OWNER);
    t.clock.advance(24 * 60 * 60 * 1000);
    for (const [device, status] of [[key, 429], [kept[2], 200]] as const) {
      const address = fresh();
      const sent = await login(t, OWNER, address, device);
      expect(sent.status).toBe(200);
      const res = await verify(t, OWNER, sentCode(t, OWNER), (await sent.json()).challenge, address, device);
      expect(res.status, device === key ? "void key" : "new key").toBe(status);
    }
  });

  it("does not help another number: a key is the device's for the numbers it signed in", async () => {
    using t = await makeApp();
    const key = deviceKeyOf(await signInFrom(t, OWNER, "203.0.113.50"))!;
    await lockByGuessing(t, NEWCOMER);
    t.clock.advance(24 * 60 * 60 * 1000);
    const address = fresh();
    const sent = await login(t, NEWCOMER, address, key);
    expect(sent.status).toBe(200);
    const res = await verify(t, NEWCOMER, sentCode(t, NEWCOMER), (await sent.json()).challenge, address, key);
    expect(res.status).toBe(429);
  });
});

describe("a number nobody signed in on a device, locked by strangers", () => {
  it("refuses the invited person and a newcomer until an unlock", { timeout: 30_000 }, async () => {
    using t = await makeApp();
    await greerWithInvited(t);
    for (const phone of [INVITED, NEWCOMER]) {
      await lockByGuessing(t, phone);
      t.clock.advance(24 * 60 * 60 * 1000); // past the number's day of texts
      const address = fresh();
      const sent = await login(t, phone, address);
      expect(sent.status).toBe(200);
      const res = await verify(t, phone, sentCode(t, phone), (await sent.json()).challenge, address);
      expect(res.status, phone).toBe(429);
    }
  });

  it("is shown to the tenant's admins on their member, and their Unlock lets the person in at once, audited", {
    timeout: 30_000,
  }, async () => {
    using t = await makeApp();
    const { admin, invited } = await greerWithInvited(t);
    await lockByGuessing(t, INVITED);
    const users = async () => (await (await t.request("/greer/api/users", bearer(admin.token))).json()).users;
    const row = (list: { id: string; signInLocked?: boolean }[]) => list.find((u) => u.id === invited.id)!;
    expect(row(await users()).signInLocked).toBe(true);
    // Nobody else in the list is locked.
    expect((await users()).filter((u: { signInLocked?: boolean }) => u.signInLocked)).toHaveLength(1);

    const unlock = await t.request(
      `/greer/api/users/${invited.id}/sign-in-lock`,
      bearer(admin.token, { method: "DELETE" }),
    );
    expect(unlock.status).toBe(204);
    expect(row(await users())).not.toHaveProperty("signInLocked");
    const audit = (await listAudit(t.kv, "greer")).filter((a) => a.action === "signin.unlocked");
    expect(audit).toEqual([expect.objectContaining({ by: admin.user.id, target: invited.id, details: {} })]);

    // The same minute, from a new address: texted (the strangers' texts are forgotten too) and let in.
    const res = await signInFrom(t, INVITED, fresh(), null, "greer");
    expect(res.status).toBe(200);
    expect((await res.json()).user.tenants).toEqual([{ code: "greer", name: "City of Greer", roles: ["rider"] }]);

    // Unlocking again finds nothing to lift: 204, and nothing more is recorded.
    const again = await t.request(
      `/greer/api/users/${invited.id}/sign-in-lock`,
      bearer(admin.token, { method: "DELETE" }),
    );
    expect(again.status).toBe(204);
    expect((await listAudit(t.kv, "greer")).filter((a) => a.action === "signin.unlocked")).toHaveLength(1);
  });

  it(
    "is listed in the provider's console, whose Unlock lets anyone in at once, audited",
    { timeout: 30_000 },
    async () => {
      using t = await makeApp();
      const boss = await superAdmin(t);
      await lockByGuessing(t, NEWCOMER);
      const list = await t.request("/api/super/locked-numbers", bearer(boss.token));
      expect(list.status).toBe(200);
      const { numbers } = await list.json();
      expect(numbers).toEqual([{
        phoneNumber: NEWCOMER,
        since: expect.any(Number),
        until: expect.any(Number),
        name: null,
        tenants: [],
      }]);
      expect(numbers[0].until - numbers[0].since).toBe(365 * 24 * 60 * 60 * 1000);

      const unlock = await t.request(`/api/super/locked-numbers/${NEWCOMER}`, bearer(boss.token, { method: "DELETE" }));
      expect(unlock.status).toBe(204);
      expect((await (await t.request("/api/super/locked-numbers", bearer(boss.token))).json()).numbers).toEqual([]);
      // Recorded in the provider's own trail (the number belongs to no organisation), which the console shows.
      const audit = await (await t.request("/api/super/audit", bearer(boss.token))).json();
      expect(audit).toEqual(expect.arrayContaining([
        expect.objectContaining({
          action: "signin.unlocked",
          tenant: "-",
          by: boss.user.id,
          targetName: "(864) 555-0144",
        }),
      ]));
      expect((await signInFrom(t, NEWCOMER, fresh())).status).toBe(200);
    },
  );

  it("records the provider's unlock of a member in each of the member's organisations", async () => {
    using t = await makeApp();
    const boss = await superAdmin(t);
    const { invited } = await greerWithInvited(t);
    await lockByGuessing(t, INVITED);
    const unlock = await t.request(`/api/super/locked-numbers/${INVITED}`, bearer(boss.token, { method: "DELETE" }));
    expect(unlock.status).toBe(204);
    expect((await listAudit(t.kv, "greer")).filter((a) => a.action === "signin.unlocked")).toEqual([
      expect.objectContaining({ by: boss.user.id, target: invited.id }),
    ]);
    expect(await t.kv.get(keys.numberFailures(INVITED))).toMatchObject({ value: null });
  });

  it("refuses a malformed number in the provider's unlock with 400, and anyone but a super admin with 403", async () => {
    using t = await makeApp();
    const boss = await superAdmin(t);
    const admin = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    for (const bad of ["864555014", "86455501444", "(864)5550144", "abcdefghij"]) {
      const res = await t.request(
        `/api/super/locked-numbers/${encodeURIComponent(bad)}`,
        bearer(boss.token, {
          method: "DELETE",
        }),
      );
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toEqual({ error: "Please enter a valid 10-digit phone number" });
    }
    const res = await t.request(`/api/super/locked-numbers/${NEWCOMER}`, bearer(admin.token, { method: "DELETE" }));
    expect(res.status).toBe(403);
    expect((await t.request("/api/super/locked-numbers", bearer(admin.token))).status).toBe(403);
  });
});
