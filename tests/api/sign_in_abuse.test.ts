/**
 * Sign-in abuse (issue 10, item 2), against the real API with the fake clock:
 * how many code guesses the limits allow in a year, the send limits under
 * bursts, known and unknown numbers alike, nothing secret in the log, and
 * tokens that must not work.
 */
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { getOrCreateUserByPhone } from "../../kv/users.ts";
import { SEND_LIMITS } from "../../routes/api/auth.ts";
import { addCampus, bearer, makeApp, postJson, sentCode, signIn } from "../helpers/app.ts";
import { LiveClient, serve } from "../helpers/live.ts";

type TestApp = Awaited<ReturnType<typeof makeApp>>;
const PHONE = "8645550142";
const DAY = 24 * 60 * 60 * 1000;
const YEAR = 365 * DAY;

let nextAddress = 0;
/** A client address never used before: the attacker has as many as they like. */
const freshAddress = () => `198.18.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;
const login = (t: TestApp, phone: string, extra: Record<string, unknown> = {}) =>
  t.request("/api/auth/login", postJson({ phoneNumber: phone, ...extra }), freshAddress());
const verify = (t: TestApp, phone: string, code: string) =>
  t.request("/api/auth/verify", postJson({ phoneNumber: phone, code }), freshAddress());
const wrongCode = (code: string, i: number) => String((Number(code) + 1 + i) % 10_000).padStart(4, "0");

/**
 * The attacker's year: ask for a code, guess it up to 5 times (a code is void
 * after 5), and whenever an answer is 429 let the fake clock run exactly its
 * Retry-After. Guesses are wrong on purpose, so the attacker never gets in and
 * uses every try the limits allow; `owner` signs in between when given.
 * Answers the guesses checked against a live code.
 */
async function attackerYear(t: TestApp, owner?: { everyMs: number }) {
  const end = t.clock.now() + YEAR;
  let guesses = 0;
  let nextOwnerSignIn = t.clock.now() + (owner?.everyMs ?? Infinity);
  while (t.clock.now() < end) {
    if (t.clock.now() >= nextOwnerSignIn) {
      await signInQuietly(t);
      nextOwnerSignIn = t.clock.now() + owner!.everyMs;
    }
    const sent = await login(t, PHONE);
    if (sent.status === 429) {
      t.clock.advance(Number(sent.headers.get("retry-after")) * 1000);
      continue;
    }
    expect(sent.status).toBe(200);
    const code = sentCode(t, PHONE);
    for (let i = 0; i < 5; i++) {
      const res = await verify(t, PHONE, wrongCode(code, i));
      if (res.status === 401) guesses++;
      else {
        expect(res.status).toBe(429);
        t.clock.advance(Number(res.headers.get("retry-after")) * 1000);
        break;
      }
    }
  }
  return guesses;
}

/** The owner signs in with the code texted to them (unless the number is locked). */
async function signInQuietly(t: TestApp) {
  const sent = await login(t, PHONE);
  if (sent.status !== 200) return;
  await verify(t, PHONE, sentCode(t, PHONE));
}

describe("a code guesser over a simulated year", () => {
  it("gets in with probability at most 1%: at most 100 guesses at 4-digit codes", { timeout: 60_000 }, async () => {
    using t = await makeApp();
    const guesses = await attackerYear(t);
    expect(guesses / 10_000).toBeLessThanOrEqual(0.01);
    // The limits, not the simulation, ended it: the number is locked for good.
    await login(t, PHONE);
    const last = await verify(t, PHONE, sentCode(t, PHONE));
    expect(last.status).toBe(429);
    expect((await last.json()).error).toMatch(/locked after too many failed attempts/);
  });

  it("gets no fresh tries when the owner signs in every day meanwhile", { timeout: 60_000 }, async () => {
    using t = await makeApp();
    const guesses = await attackerYear(t, { everyMs: DAY });
    expect(guesses / 10_000).toBeLessThanOrEqual(0.01);
  });
});

describe("a code guesser racing the lockout", () => {
  it("gets no more than 100 guesses checked by sending them 20 at a time", { timeout: 60_000 }, async () => {
    using t = await makeApp();
    let checked = 0;
    const end = t.clock.now() + 30 * DAY;
    while (t.clock.now() < end) {
      const sent = await login(t, PHONE);
      if (sent.status === 429) {
        t.clock.advance(Number(sent.headers.get("retry-after")) * 1000);
        continue;
      }
      const code = sentCode(t, PHONE);
      // A burst mixing guesses with requests for new codes, all in flight together.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => i % 7 === 6 ? login(t, PHONE) : verify(t, PHONE, wrongCode(code, i))),
      );
      const verifies = answers.filter((_, i) => i % 7 !== 6);
      checked += verifies.filter((r) => r.status === 401).length;
      const waits = verifies.filter((r) => r.status === 429).map((r) => Number(r.headers.get("retry-after")));
      t.clock.advance(Math.max(1, ...waits) * 1000);
    }
    // Each answer 401 is a guess the server checked; at most 100, so at most a 1% chance at 4-digit codes.
    expect(checked).toBeLessThanOrEqual(100);
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

describe("known and unknown numbers", () => {
  it("get the same answers from login and verify", async () => {
    using t = await makeApp();
    await getOrCreateUserByPhone(t.kv, "8645550111", t.clock.now());
    for (const phone of ["8645550111", "8645550112"]) await login(t, phone);
    const [known, unknown] = await Promise.all(
      ["8645550111", "8645550112"].map(async (phone) => {
        const sent = await login(t, phone);
        const wrong = await verify(t, phone, wrongCode(sentCode(t, phone), 0));
        return [sent.status, await sent.text(), wrong.status, await wrong.text()];
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

  it("expired, signed with another key, alg none, or of a revoked session: 401, and sockets close 1008", {
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
        const socket = new LiveClient(server.ws(`/greer/ws/riders?token=${token}`));
        expect((await socket.closed).code, `${name} socket`).toBe(1008);
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
