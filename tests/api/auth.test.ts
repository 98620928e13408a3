import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { bearer, makeApp, postJson, sentCode, signIn } from "../helpers/app.ts";
import { getFailures } from "../helpers/kv_reads.ts";
import { snapshotKv } from "../helpers/kv_snapshot.ts";

const PHONE = "8645550142";
const WRONG = "Invalid verification code. Please try again.";

/** A code that is not the one texted. */
function otherThan(code: string): string {
  return String((Number(code) + 1) % 10000).padStart(4, "0");
}

describe("POST /api/auth/login", () => {
  it("texts a 4-digit code to a 10-digit number, however it is written", async () => {
    using t = await makeApp();
    const res = await t.request("/api/auth/login", postJson({ phoneNumber: "(864) 555-0142" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, challenge: expect.any(String) });
    expect(t.sms.sent).toHaveLength(1);
    expect(t.sms.sent[0].to).toBe(PHONE);
    expect(t.sms.sent[0].body).toMatch(/Your Hopper verification code is \d{4}\./);
  });

  it("keeps only a hash of the code, expiring in 10 minutes", async () => {
    using t = await makeApp();
    await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }));
    const stored = await t.kv.get<{ hash: string; expiresAt: number }>(keys.otp(PHONE));
    expect(stored.value?.expiresAt).toBe(t.clock.now() + 10 * 60 * 1000);
    // Only these fields, none of them the code. (Searching the whole JSON for the four digits failed whenever they
    // happened to appear inside the expiry's epoch milliseconds or the base64 hash.)
    const code = sentCode(t, PHONE);
    expect(Object.keys(stored.value!).sort()).toEqual(["address", "attempts", "challenge", "expiresAt", "hash"]);
    expect(Object.values(stored.value!).map(String)).not.toContain(code);
    expect(stored.value!.hash).not.toBe(code);
    expect(stored.value!.hash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  for (const phoneNumber of ["555-0142", "186455501423", "", "phone"]) {
    it(`refuses ${JSON.stringify(phoneNumber)} with 400 and texts nothing`, async () => {
      using t = await makeApp();
      const res = await t.request("/api/auth/login", postJson({ phoneNumber }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Please enter a valid 10-digit phone number" });
      expect(t.sms.sent).toHaveLength(0);
    });
  }

  it("refuses a missing or non-text phone number with 400", async () => {
    using t = await makeApp();
    for (const body of [{}, { phoneNumber: 8645550142 }]) {
      const res = await t.request("/api/auth/login", postJson(body));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("Please enter a valid 10-digit phone number");
    }
  });

  it("answers a known and an unknown number alike", async () => {
    using t = await makeApp();
    const known = await t.request("/api/auth/login", postJson({ phoneNumber: DEMO_ADMIN_PHONE }));
    const unknown = await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }));
    // The same shape; the challenge is random for everyone.
    const body = async (res: Response) => ({ ...(await res.json()), challenge: "random" });
    expect([known.status, await body(known)]).toEqual([unknown.status, await body(unknown)]);
  });

  it("allows 3 codes per number per 15 minutes, then 429 with Retry-After", async () => {
    using t = await makeApp();
    for (let i = 0; i < 3; i++) {
      expect((await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }))).status).toBe(200);
    }
    const limited = await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }));
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toMatch(
      /^Too many codes sent to this number\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(t.sms.sent).toHaveLength(3);
    t.clock.advance(15 * 60 * 1000);
    expect((await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }))).status).toBe(200);
  });

  it("allows 10 codes per number per day", async () => {
    using t = await makeApp();
    t.clock.set(Date.UTC(2026, 0, 5, 0, 0, 0));
    let sent = 0;
    for (let i = 0; i < 20; i++) {
      const res = await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }), `198.51.100.${i}`);
      if (res.status === 200) sent++;
      t.clock.advance(16 * 60 * 1000);
    }
    expect(sent).toBe(10);
  });

  it("allows 30 codes per client address per hour", async () => {
    using t = await makeApp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const phone = `86455${String(10000 + i).slice(-5)}`;
      statuses.push((await t.request("/api/auth/login", postJson({ phoneNumber: phone }), "203.0.113.50")).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }), "203.0.113.51")).status).toBe(200);
  });

  it("answers 502 when the SMS provider fails", async () => {
    using t = await makeApp();
    t.sms.send = () => Promise.reject(new Error("provider down"));
    const res = await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: "Failed to send verification code. Please try again." });
  });

  it("never writes the code to the log", async () => {
    using t = await makeApp();
    await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }));
    const code = sentCode(t, PHONE);
    await t.request("/api/auth/verify", postJson({ phoneNumber: PHONE, code }));
    const logged = JSON.stringify(t.log.events);
    expect(logged).not.toContain(code);
    expect(logged).not.toContain(PHONE);
    expect(t.log.events.map((e) => e.event)).toEqual(expect.arrayContaining(["auth.code_sent", "auth.sign_in"]));
  });
});

describe("POST /api/auth/verify", () => {
  it("creates the user on first sign-in and answers the user and a token", async () => {
    using t = await makeApp();
    const { user, token } = await signIn(t, PHONE);
    expect(user).toMatchObject({ phoneNumber: PHONE, name: null, email: null, photoUrl: null, tenants: [] });
    expect(token.split(".")).toHaveLength(3);
    const again = await signIn(t, PHONE);
    expect(again.user.id).toBe(user.id);
  });

  it("makes a new user a rider of the tenant it signs in at, and keeps existing roles", async () => {
    using t = await makeApp();
    expect((await signIn(t, PHONE, "greer")).user.tenants).toEqual([{
      code: "greer",
      name: "City of Greer",
      roles: ["rider"],
    }]);
    expect((await signIn(t, DEMO_ADMIN_PHONE, "greer")).user.tenants).toEqual([
      { code: "greer", name: "City of Greer", roles: ["admin"] },
    ]);
    expect((await signIn(t, "8645550177", "atlantis")).user.tenants).toEqual([]);
  });

  it("answers the same account a profile read then answers, on a first sign-in and after it", async () => {
    using t = await makeApp();
    const profile = async (token: string) =>
      (await (await t.request("/api/users/profile", bearer(token))).json() as { user: unknown }).user;
    for (const tenant of ["greer", undefined, "greer"]) {
      const { user, token } = await signIn(t, PHONE, tenant);
      expect(user).toEqual(await profile(token));
    }
    const other = await signIn(t, "8645550178");
    expect(other.user).toEqual(await profile(other.token));
  });

  it("carries only the user id and session id in an HS256 token", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, PHONE);
    const [header, payload] = token.split(".").slice(0, 2).map((p) =>
      JSON.parse(atob(p.replace(/-/g, "+").replace(/_/g, "/")))
    );
    expect(header.alg).toBe("HS256");
    expect(Object.keys(payload).sort()).toEqual(["aud", "exp", "iat", "iss", "sid", "sub"]);
    expect(payload.sub).toBe(user.id);
    expect(payload.exp - payload.iat).toBe(30 * 24 * 60 * 60);
  });

  it("refuses a code that is not 4 digits with 400", async () => {
    using t = await makeApp();
    for (const code of ["123", "12345", "12a4", 1234, null, undefined]) {
      const res = await t.request("/api/auth/verify", postJson({ phoneNumber: PHONE, code }));
      expect(res.status, String(code)).toBe(400);
      expect(await res.json()).toEqual({ error: "Please enter the 4-digit verification code" });
    }
  });

  it("refuses a wrong code with 401", async () => {
    using t = await makeApp();
    await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }));
    const res = await t.request(
      "/api/auth/verify",
      postJson({ phoneNumber: PHONE, code: otherThan(sentCode(t, PHONE)) }),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: WRONG });
    expect(t.log.events.some((e) => e.event === "auth.verify_failed")).toBe(true);
  });

  it("accepts a code once", async () => {
    using t = await makeApp();
    await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }));
    const code = sentCode(t, PHONE);
    expect((await t.request("/api/auth/verify", postJson({ phoneNumber: PHONE, code }))).status).toBe(200);
    const reuse = await t.request("/api/auth/verify", postJson({ phoneNumber: PHONE, code }));
    expect(reuse.status).toBe(401);
  });

  it("lets exactly one of two simultaneous verifies of the same code in", async () => {
    using t = await makeApp();
    await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }));
    const code = sentCode(t, PHONE);
    const [a, b] = await Promise.all(
      [1, 2].map(() => t.request("/api/auth/verify", postJson({ phoneNumber: PHONE, code }))),
    );
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    // One session: the losing verify opened none (the code's use and the session are one commit).
    const { user } = await (a.status === 200 ? a : b).json();
    expect(await Array.fromAsync(t.kv.list({ prefix: keys.userSessions(user.id) }))).toHaveLength(1);
  });

  it("voids a code after 5 wrong tries: the 6th fails even when right", async () => {
    using t = await makeApp();
    await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }));
    const code = sentCode(t, PHONE);
    for (let i = 0; i < 5; i++) {
      expect((await t.request("/api/auth/verify", postJson({ phoneNumber: PHONE, code: otherThan(code) }))).status)
        .toBe(401);
    }
    const right = await t.request("/api/auth/verify", postJson({ phoneNumber: PHONE, code }));
    expect(right.status).toBe(401);
    expect(await right.json()).toEqual({ error: WRONG });
  });

  it("expires a code after 10 minutes", async () => {
    using t = await makeApp();
    await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }));
    t.clock.advance(10 * 60 * 1000 + 1);
    const res = await t.request("/api/auth/verify", postJson({ phoneNumber: PHONE, code: sentCode(t, PHONE) }));
    expect(res.status).toBe(401);
  });
});

describe("guesses that reach no code", () => {
  it("a number with no live code: 401, and nothing in KV changes", async () => {
    using t = await makeApp();
    const before = await snapshotKv(t.kv);
    for (let i = 0; i < 30; i++) {
      const res = await t.request(
        "/api/auth/verify",
        postJson({ phoneNumber: PHONE, code: "0000" }),
        `198.51.100.${i}`,
      );
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: WRONG });
    }
    expect(await snapshotKv(t.kv)).toEqual(before);
  });

  it("without the challenge, only the address that asked for the code reaches it", async () => {
    using t = await makeApp();
    const sent = await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }), "203.0.113.7");
    expect(await sent.json()).toEqual({ ok: true, challenge: expect.stringMatching(/^[\w-]{22}$/) });
    const code = sentCode(t, PHONE);
    const before = await snapshotKv(t.kv);
    // A stranger elsewhere, even with the right code, does not reach it, and voids nothing.
    for (let i = 0; i < 10; i++) {
      const res = await t.request("/api/auth/verify", postJson({ phoneNumber: PHONE, code }), "198.51.100.9");
      expect(res.status).toBe(401);
    }
    expect(await snapshotKv(t.kv)).toEqual(before);
    const mine = await t.request("/api/auth/verify", postJson({ phoneNumber: PHONE, code }), "203.0.113.7");
    expect(mine.status).toBe(200);
  });

  it("with the challenge, any address reaches the code; a wrong challenge reaches nothing", async () => {
    using t = await makeApp();
    const { challenge } = await (await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }))).json();
    const code = sentCode(t, PHONE);
    const before = await snapshotKv(t.kv);
    const forged = await t.request(
      "/api/auth/verify",
      postJson({ phoneNumber: PHONE, code, challenge: "A".repeat(22) }),
      "203.0.113.7",
    );
    expect(forged.status).toBe(401);
    expect(await snapshotKv(t.kv)).toEqual(before);
    const moved = await t.request("/api/auth/verify", postJson({ phoneNumber: PHONE, code, challenge }), "192.0.2.44");
    expect(moved.status).toBe(200);
  });

  it("keeps no record of the challenge itself, only its hash", async () => {
    using t = await makeApp();
    const { challenge } = await (await t.request("/api/auth/login", postJson({ phoneNumber: PHONE }))).json();
    expect(JSON.stringify(await snapshotKv(t.kv))).not.toContain(challenge);
  });
});

describe("failure limits", () => {
  /** Asks for a code from `address` and misses it once from there; answers the status. */
  async function miss(t: Awaited<ReturnType<typeof makeApp>>, phone: string, address: string) {
    await t.request("/api/auth/login", postJson({ phoneNumber: phone }), address);
    const res = await t.request(
      "/api/auth/verify",
      postJson({ phoneNumber: phone, code: otherThan(sentCode(t, phone)) }),
      address,
    );
    return res;
  }

  it("an address gets 20 failures an hour across all numbers, then 429 until the hour ends", async () => {
    using t = await makeApp();
    const phone = (i: number) => `86455${String(40000 + i)}`;
    for (let i = 0; i < 20; i++) expect((await miss(t, phone(i), "198.51.100.7")).status).toBe(401);
    const over = await miss(t, phone(20), "198.51.100.7");
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ error: "Too many failed attempts from your network. Please try again later." });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back, and the same one is free again next hour.
    expect((await miss(t, phone(21), "198.51.100.8")).status).toBe(401);
    t.clock.advance(60 * 60 * 1000);
    expect((await miss(t, phone(22), "198.51.100.7")).status).toBe(401);
  });

  it("a number takes 50 strangers' failures a year; then its own addresses still sign in", async () => {
    using t = await makeApp();
    await signIn(t, PHONE); // from 203.0.113.7: now one of the number's addresses
    let failures = 0;
    for (let i = 0; failures < 50; i++) {
      const address = `198.51.${i >> 8}.${i & 255}`;
      const res = await miss(t, PHONE, address);
      expect(res.status).toBe(401);
      failures++;
      t.clock.advance(150 * 60 * 1000); // within the number's send limits (10 a day)
    }
    const locked = await miss(t, PHONE, "192.0.2.1");
    expect(locked.status).toBe(429);
    expect((await locked.json()).error).toMatch(/^This number is locked after too many failed attempts/);
    // The owner, from the address they signed in from, is not locked out.
    await signIn(t, PHONE);
    // The records expire: a year after the first failure strangers may try again.
    t.clock.advance(365 * 24 * 60 * 60 * 1000);
    expect((await miss(t, PHONE, "192.0.2.1")).status).toBe(401);
  });

  it("failures from the number's own addresses do not count against it", async () => {
    using t = await makeApp();
    await signIn(t, PHONE);
    for (let i = 0; i < 60; i++) {
      expect((await miss(t, PHONE, "203.0.113.7")).status).toBe(401);
      t.clock.advance(16 * 60 * 1000); // within the address's send and failure limits
    }
    expect(await getFailures(t.kv, PHONE)).toBeNull();
  });
});

describe("sessions", () => {
  it("revokes the session on logout: the token then gets 401", async () => {
    using t = await makeApp();
    const { token } = await signIn(t, PHONE, "greer");
    expect((await t.request("/greer/api/user/roles", bearer(token))).status).toBe(200);
    const out = await t.request("/api/auth/logout", bearer(token, { method: "POST" }));
    expect(out.status).toBe(200);
    const after = await t.request("/greer/api/user/roles", bearer(token));
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: "Your session has expired. Please log in again." });
    expect(t.log.events.some((e) => e.event === "auth.sign_out")).toBe(true);
  });

  it("answers 401 without a token, with a malformed one, or after the token expires", async () => {
    using t = await makeApp();
    expect((await t.request("/api/users/profile")).status).toBe(401);
    expect((await t.request("/api/users/profile", bearer("not.a.token"))).status).toBe(401);
    expect((await t.request("/api/auth/logout", { method: "POST" })).status).toBe(401);
    const { token } = await signIn(t, PHONE);
    t.clock.advance(30 * 24 * 60 * 60 * 1000 + 1000);
    expect((await t.request("/api/users/profile", bearer(token))).status).toBe(401);
  });

  it("refuses tokens signed with another key, with alg none, or for someone else's session", async () => {
    using t = await makeApp();
    const { token, user } = await signIn(t, PHONE);
    const [, payload] = token.split(".");
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(
      new TextEncoder().encode("another-secret-another-secret-another-secret"),
    );
    expect((await t.request("/api/users/profile", bearer(forged))).status).toBe(401);
    const none = `${btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "")}.${payload}.`;
    expect((await t.request("/api/users/profile", bearer(none))).status).toBe(401);
    // A correctly signed token that pairs this user with another user's session.
    const other = await signIn(t, "8645550143");
    const otherClaims = JSON.parse(atob(other.token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    const mixed = await new SignJWT({ ...claims, sid: otherClaims.sid }).setProtectedHeader({ alg: "HS256" }).sign(
      new TextEncoder().encode(t.config.jwtSecret!),
    );
    expect(claims.sub).toBe(user.id);
    expect((await t.request("/api/users/profile", bearer(mixed))).status).toBe(401);
    expect((await t.request("/api/users/profile", bearer(token))).status).toBe(200);
  });
});
