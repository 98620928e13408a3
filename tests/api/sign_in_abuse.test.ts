/**
 * Sign-in abuse, against the real API with the fake clock:
 * how many code guesses the limits allow in a year, the send limits under
 * bursts, known and unknown numbers alike, nothing secret in the log, and
 * tokens that must not work.
 */
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { updateTenant } from "../../kv/tenants.ts";
import { getOrCreateUserByPhone } from "../../kv/users.ts";
import { SEND_LIMITS } from "../../domain/sign_in/request_code.ts";
import { addCampus, bearer, makeApp, postJson, sentCode, signIn } from "../helpers/app.ts";
import { getFailures } from "../helpers/kv_reads.ts";
import { NUMBER_FAILURES_PER_YEAR } from "../../lib/lockout.ts";
import { LiveClient, serve, upgradeAnswer } from "../helpers/live.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;
const PHONE = "8645550142";
const DAY = 24 * 60 * 60 * 1000;
const YEAR = 365 * DAY;

/** Wrong guesses that reached a live code, as the server logged them. */
const reachedGuesses = (t: TestApp) =>
  t.log.events.filter((e) => e.event === "auth.verify_failed" && e.counted === true).length;

let nextAddress = 0;
/** A client address never used before. */
const freshAddress = () => `198.18.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;
const login = (t: TestApp, phone: string, extra: Record<string, unknown> = {}, address = freshAddress()) =>
  t.request("/api/auth/login", postJson({ phoneNumber: phone, ...extra }), address);
const verify = (t: TestApp, phone: string, code: string, challenge?: string, address = freshAddress()) =>
  t.request("/api/auth/verify", postJson({ phoneNumber: phone, code, challenge }), address);
const wrongCode = (code: string, i: number) => String((Number(code) + 1 + i) % 10_000).padStart(4, "0");

/** The owner's own network: they have signed in from it before the attack begins. */
const OWNER_ADDRESS = "203.0.113.50";
/** The attacker's networks (up to 250 addresses, none of them the owner's). */
const ATTACKER_ADDRESSES = Array.from({ length: 250 }, (_, i) => `198.51.${i >> 8}.${i & 255}`);

/**
 * The owner asks for a code from their own address and signs in with it. Any
 * 429 is waited out on the fake clock; answers the minutes it took.
 */
async function ownerSignsIn(t: TestApp): Promise<number> {
  const started = t.clock.now();
  for (;;) {
    const sent = await login(t, PHONE, {}, OWNER_ADDRESS);
    if (sent.status === 429) {
      t.clock.advance(Number(sent.headers.get("retry-after")) * 1000);
      continue;
    }
    expect(sent.status).toBe(200);
    const { challenge } = await sent.json();
    const res = await verify(t, PHONE, sentCode(t, PHONE), challenge, OWNER_ADDRESS);
    if (res.status === 429) {
      t.clock.advance(Number(res.headers.get("retry-after")) * 1000);
      continue;
    }
    expect(res.status).toBe(200);
    return (t.clock.now() - started) / 60_000;
  }
}

/**
 * The attacker's year from 250 addresses, without the phone: ask for a code
 * (taking its challenge, so every guess reaches it), guess it up to 5 times,
 * move to the next address, and whenever an answer is 429 let the fake clock
 * run its Retry-After. Guesses are wrong on purpose, so the attacker never
 * gets in and uses every try the limits allow. Every `ownerEveryMs` the owner
 * signs in from their own address, and the minutes it took are kept.
 * Answers the guesses checked against a live code, and the owner's waits.
 */
async function attackerYear(t: TestApp, ownerEveryMs = 30 * DAY) {
  const end = t.clock.now() + YEAR;
  let guesses = 0;
  let turn = 0;
  const ownerMinutes: number[] = [];
  let nextOwner = t.clock.now() + ownerEveryMs;
  while (t.clock.now() < end) {
    if (t.clock.now() >= nextOwner) {
      ownerMinutes.push(await ownerSignsIn(t));
      nextOwner = t.clock.now() + ownerEveryMs;
    }
    const address = ATTACKER_ADDRESSES[turn++ % ATTACKER_ADDRESSES.length];
    const sent = await login(t, PHONE, {}, address);
    if (sent.status === 429) {
      t.clock.advance(Number(sent.headers.get("retry-after")) * 1000);
      continue;
    }
    expect(sent.status).toBe(200);
    const { challenge } = await sent.json();
    const code = sentCode(t, PHONE);
    for (let i = 0; i < 5; i++) {
      const res = await verify(t, PHONE, wrongCode(code, i), challenge, address);
      if (res.status === 401) guesses++;
      else {
        expect(res.status).toBe(429);
        t.clock.advance(Number(res.headers.get("retry-after")) * 1000);
        break;
      }
    }
  }
  return { guesses, ownerMinutes };
}

describe("a code guesser from 250 addresses over a simulated year", () => {
  it("gets in with probability at most 1%, and the owner always signs in within 15 minutes", {
    timeout: 60_000,
  }, async () => {
    using t = await makeApp();
    await ownerSignsIn(t); // the owner has used the service from their network before
    const { guesses, ownerMinutes } = await attackerYear(t);
    // Each 401 is a wrong guess the server checked against a live 4-digit code.
    expect(guesses).toBeGreaterThan(0);
    expect(guesses / 10_000).toBeLessThanOrEqual(0.01);
    expect(ownerMinutes.length).toBeGreaterThanOrEqual(11);
    expect(Math.max(...ownerMinutes)).toBeLessThanOrEqual(15);
    // The limits, not the simulation, ended it: the number's year of strangers' failures is used up.
    expect(guesses).toBe(NUMBER_FAILURES_PER_YEAR);
    expect(reachedGuesses(t)).toBe(guesses);
  });

  it("gets no fresh tries when the owner signs in every day meanwhile", { timeout: 60_000 }, async () => {
    using t = await makeApp();
    await ownerSignsIn(t);
    const { guesses, ownerMinutes } = await attackerYear(t, DAY);
    expect(guesses / 10_000).toBeLessThanOrEqual(0.01);
    expect(Math.max(...ownerMinutes)).toBeLessThanOrEqual(15);
  });

  it("cannot lock out an owner by guessing without a code or a challenge: nothing is written", async () => {
    using t = await makeApp();
    await ownerSignsIn(t);
    for (const address of ATTACKER_ADDRESSES) {
      expect((await verify(t, PHONE, "1234", undefined, address)).status).toBe(401);
    }
    expect(await getFailures(t.kv, PHONE)).toBeNull();
    expect(await ownerSignsIn(t)).toBe(0);
  });
});

describe("a code guesser racing the limits", () => {
  it("gets no more than 50 guesses at live codes by sending them 20 at a time", { timeout: 60_000 }, async () => {
    using t = await makeApp();
    let checked = 0;
    let turn = 0;
    const end = t.clock.now() + 30 * DAY;
    while (t.clock.now() < end) {
      const address = ATTACKER_ADDRESSES[turn++ % ATTACKER_ADDRESSES.length];
      const sent = await login(t, PHONE, {}, address);
      if (sent.status === 429) {
        t.clock.advance(Number(sent.headers.get("retry-after")) * 1000);
        continue;
      }
      const { challenge } = await sent.json();
      const code = sentCode(t, PHONE);
      // A burst mixing guesses with requests for new codes, all in flight together.
      const answers = await Promise.all(
        Array.from(
          { length: 20 },
          (_, i) =>
            i % 7 === 6 ? login(t, PHONE, {}, address) : verify(t, PHONE, wrongCode(code, i), challenge, address),
        ),
      );
      const verifies = answers.filter((_, i) => i % 7 !== 6);
      checked += verifies.filter((r) => r.status === 401).length;
      const waits = verifies.filter((r) => r.status === 429).map((r) => Number(r.headers.get("retry-after")));
      t.clock.advance(Math.max(1, ...waits) * 1000);
    }
    // Some 401s reached no code (a burst's login replaced it): the server's own count says which did.
    expect(checked).toBeGreaterThan(0);
    expect(reachedGuesses(t)).toBeLessThanOrEqual(NUMBER_FAILURES_PER_YEAR);
  });
});

describe("send limits", () => {
  it("hold per number under a burst: 3 of 40 simultaneous requests send", async () => {
    using t = await makeApp();
    const statuses = await Promise.all(Array.from({ length: 40 }, () => login(t, PHONE)));
    expect(statuses.filter((r) => r.status === 200)).toHaveLength(3);
    expect(statuses.filter((r) => r.status === 429)).toHaveLength(37);
    expect(t.sms.sent).toHaveLength(3);
  });

  it("hold per client address under a burst: 30 of 45 numbers", async () => {
    using t = await makeApp();
    const statuses = await Promise.all(
      Array.from(
        { length: 45 },
        (_, i) => t.request("/api/auth/login", postJson({ phoneNumber: `86455${30000 + i}` }), "203.0.113.99"),
      ),
    );
    expect(statuses.filter((r) => r.status === 200)).toHaveLength(30);
    expect(t.sms.sent).toHaveLength(30);
  });

  it("hold per tenant: 500 codes an hour for sign-ins naming it; others have their own budget", {
    timeout: 60_000,
  }, async () => {
    using t = await makeApp();
    await addCampus(t);
    const { limit } = SEND_LIMITS.perTenant;
    expect(limit).toBe(500);
    const phone = (i: number) => `8645${String(100000 + i).slice(-6)}`;
    for (let i = 0; i < limit; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, j) => login(t, phone(i + j), { tenantCode: "greer" })),
      );
      expect(batch.every((r) => r.status === 200)).toBe(true);
    }
    const over = await login(t, phone(limit), { tenantCode: "greer" });
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({
      error: "Too many verification codes requested for this service. Please try again later.",
    });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(t.sms.sent).toHaveLength(limit);
    // Another tenant, and sign-ins naming none, are not held back by greer's budget.
    expect((await login(t, phone(limit + 1), { tenantCode: "campus" })).status).toBe(200);
    expect((await login(t, phone(limit + 2))).status).toBe(200);
    // An unknown tenant code counts against the site-wide budget, not a new one of its own.
    expect((await login(t, phone(limit + 3), { tenantCode: "nowhere" })).status).toBe(200);
    t.clock.advance(60 * 60 * 1000);
    expect((await login(t, phone(limit + 4), { tenantCode: "greer" })).status).toBe(200);
  });
});

describe("the client address behind a proxy", () => {
  it("is the entry the proxy appended, not one the client wrote: the 31st login is refused", async () => {
    using t = await makeApp({ TRUST_PROXY: "true" });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.request("/api/auth/login", {
        ...postJson({ phoneNumber: `86455${60000 + i}` }),
        headers: { "content-type": "application/json", "x-forwarded-for": `${crypto.randomUUID()}, 10.9.8.7` },
      }, "10.0.0.1");
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("is the N-th from the right with TRUSTED_PROXY_HOPS=N", async () => {
    using t = await makeApp({ TRUST_PROXY: "true", TRUSTED_PROXY_HOPS: "2" });
    const send = (i: number, forwarded: string) =>
      t.request("/api/auth/login", {
        ...postJson({ phoneNumber: `86455${61000 + i}` }),
        headers: { "content-type": "application/json", "x-forwarded-for": forwarded },
      }, "10.0.0.1");
    for (let i = 0; i < 30; i++) expect((await send(i, `forged-${i}, 10.9.8.7, 10.0.0.2`)).status).toBe(200);
    expect((await send(30, "forged-x, 10.9.8.7, 10.0.0.3")).status).toBe(429);
    expect((await send(31, "10.9.8.8, 10.0.0.2")).status).toBe(200);
  });
});

describe("counters under load", () => {
  it("200 sign-ins for one tenant from 200 addresses, 50 at a time: every one gets its code", async () => {
    using t = await makeApp();
    const phone = (i: number) => `8646${String(200000 + i).slice(-6)}`;
    for (let i = 0; i < 200; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, j) => login(t, phone(i + j), { tenantCode: "greer" })),
      );
      expect(batch.map((r) => r.status)).toEqual(Array(50).fill(200));
    }
    expect(t.sms.sent).toHaveLength(200);
  });

  it("a tenant's own text budget replaces the default", async () => {
    using t = await makeApp();
    await updateTenant(t.kv, "greer", (tenant) => ({ ...tenant, smsPerHour: 5 }));
    const phone = (i: number) => `8646${String(300000 + i).slice(-6)}`;
    for (let i = 0; i < 5; i++) expect((await login(t, phone(i), { tenantCode: "greer" })).status).toBe(200);
    const over = await login(t, phone(5), { tenantCode: "greer" });
    expect(over.status).toBe(429);
    expect((await over.json()).error).toBe(
      "Too many verification codes requested for this service. Please try again later.",
    );
  });
});

describe("known and unknown numbers", () => {
  it("get the same answers from login and verify", async () => {
    using t = await makeApp();
    await getOrCreateUserByPhone(t.kv, "8645550111", t.clock.now());
    for (const phone of ["8645550111", "8645550112"]) await login(t, phone);
    const [known, unknown] = await Promise.all(
      ["8645550111", "8645550112"].map(async (phone) => {
        const address = freshAddress();
        const sent = await login(t, phone, {}, address);
        const { challenge, ...rest } = await sent.json();
        const wrong = await verify(t, phone, wrongCode(sentCode(t, phone), 0), challenge, address);
        return [sent.status, rest, typeof challenge, wrong.status, await wrong.text()];
      }),
    );
    expect(known).toEqual(unknown);
  });

  it("take the same time to log in: p95 apart by under 50 ms over 200 calls each", { timeout: 60_000 }, async () => {
    using t = await makeApp();
    const N = 200;
    const known = Array.from({ length: N }, (_, i) => `86456${String(i).padStart(5, "0")}`);
    const unknown = Array.from({ length: N }, (_, i) => `86457${String(i).padStart(5, "0")}`);
    for (const phone of known) await getOrCreateUserByPhone(t.kv, phone, t.clock.now());
    const times: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
    // Interleaved, so both samples share the machine's noise.
    for (let i = 0; i < N; i++) {
      for (const [kind, phone] of [["known", known[i]], ["unknown", unknown[i]]] as const) {
        const started = performance.now();
        const res = await login(t, phone);
        times[kind].push(performance.now() - started);
        expect(res.status).toBe(200);
      }
    }
    const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];
    expect(Math.abs(p95(times.known) - p95(times.unknown))).toBeLessThan(50);
  });
});

describe("secrets and logs", () => {
  it("never logs a code sent, a token issued or a ticket", async () => {
    using t = await makeApp();
    const server = serve(t.app);
    try {
      const secrets: string[] = [];
      for (const phone of ["8645550142", "8645550143", "8645550100"]) {
        const { token } = await signIn(t, phone, "greer");
        secrets.push(token);
        await verify(t, phone, "0000");
        const ticket = await (await t.request("/greer/api/ws-ticket", bearer(token, { method: "POST" }))).json();
        secrets.push(ticket.ticket);
        for (const query of [`token=${token}`, `ticket=${encodeURIComponent(ticket.ticket)}`]) {
          const socket = new LiveClient(server.ws(`/greer/ws/riders?${query}`));
          await socket.opened;
          await socket.close();
        }
        await t.request("/api/auth/logout", bearer(token, { method: "POST" }));
      }
      const codes = t.sms.sent.map((m) => m.body.match(/\b(\d{4})\b/)![1]);
      expect(codes.length).toBeGreaterThanOrEqual(3);
      const logged = JSON.stringify(t.log.events);
      for (const secret of secrets) expect(logged).not.toContain(secret);
      // A code would be a value of its own or a word in a text: look at every string logged.
      const strings = t.log.events.flatMap((e) => Object.values(e).filter((v): v is string => typeof v === "string"));
      for (const code of codes) {
        const word = new RegExp(`(^|[^0-9A-Za-z])${code}([^0-9A-Za-z]|$)`);
        expect(strings.filter((s) => word.test(s)), `code ${code}`).toEqual([]);
      }
      expect(t.log.events.some((e) => e.event === "live.connect")).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

describe("tokens that must not work", () => {
  const b64 = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

  it("expired, signed with another key, alg none, or of a revoked session: 401 on calls and on sockets", {
    timeout: 30_000,
  }, async () => {
    using t = await makeApp();
    const server = serve(t.app);
    try {
      const good = await signIn(t, PHONE, "greer");
      const claims = JSON.parse(atob(good.token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
      const secret = new TextEncoder().encode(t.config.jwtSecret!);
      const expired = await new SignJWT({ ...claims, exp: Math.floor(t.clock.now() / 1000) - 1 })
        .setProtectedHeader({ alg: "HS256" }).sign(secret);
      const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" })
        .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
      const none = `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`;
      const revoked = (await signIn(t, PHONE, "greer")).token;
      expect((await t.request("/api/auth/logout", bearer(revoked, { method: "POST" }))).status).toBe(200);
      const bad = { expired, otherKey, none, revoked };

      for (const [name, token] of Object.entries(bad)) {
        for (const path of ["/api/users/profile", "/greer/api/rides/my", "/greer/api/user/roles"]) {
          const res = await t.request(path, bearer(token));
          expect(res.status, `${name} ${path}`).toBe(401);
          expect(typeof (await res.json()).error).toBe("string");
        }
        expect((await t.request("/greer/api/ws-ticket", bearer(token, { method: "POST" }))).status).toBe(401);
        // Refused before the upgrade: the socket never opens, and the handshake answers 401.
        const socket = new LiveClient(server.ws(`/greer/ws/riders?token=${token}`));
        expect(await socket.opened, `${name} socket`).toBe(false);
        const answer = await upgradeAnswer(server.http(`/greer/ws/riders?token=${token}`));
        expect(answer, `${name} socket`).toEqual({ status: 401, body: { error: "Session expired" } });
      }
      // The good token still works everywhere: the refusals above were about the tokens.
      expect((await t.request("/greer/api/rides/my", bearer(good.token))).status).toBe(200);
      const socket = new LiveClient(server.ws(`/greer/ws/riders?token=${good.token}`));
      expect(await socket.opened).toBe(true);
      await socket.close();
      expect(socket.closeCode).toBe(1000);
    } finally {
      await server.stop();
    }
  });
});
