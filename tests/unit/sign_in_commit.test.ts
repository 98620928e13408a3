/**
 * A sign-in's writes in one commit: kv/sign_in.ts makes the user,
 * the membership and the session together, kv/otp.ts guessCode makes them in
 * the commit that uses a right code up, and kv/rate_limits.ts hitRateLimits
 * counts several limits with the code's write, or none of them.
 */
import { describe, expect, it } from "vitest";
import { openStore } from "../../kv/open.ts";
import { keys } from "../../kv/keys.ts";
import { addCode, guessCode } from "../../kv/otp.ts";
import { hitRateLimits, SHARDED_FROM, SHARDS } from "../../kv/rate_limits.ts";
import { recordOptOut } from "../../kv/sms_opt_outs.ts";
import { beforeCode, signInOnRight } from "../../kv/sign_in.ts";
import type { Tenant } from "../../lib/schemas.ts";
import { startSignedIn } from "../helpers/kv_reads.ts";

describe("startSignedIn", () => {
  it("makes one user for a number signing in twice at once, a rider membership once, and a session each", async () => {
    using kv = await openStore(":memory:");
    const now = Date.parse("2026-11-26T12:00:00Z");
    const [a, b] = await Promise.all([
      startSignedIn(kv, { phone: "8645550100", tenant: "greer", now }),
      startSignedIn(kv, { phone: "8645550100", tenant: "greer", now }),
    ]);
    expect(a.user.id).toBe(b.user.id);
    expect(a.session.id).not.toBe(b.session.id);
    expect((await kv.get(keys.userByPhone("8645550100"))).value).toBe(a.user.id);
    expect((await kv.get(keys.member("greer", a.user.id))).value).toEqual({ roles: ["rider"], joinedAt: now });
    for (const s of [a.session, b.session]) {
      expect((await kv.get(keys.session(s.id))).value).toEqual({ ...s, userId: a.user.id });
      expect((await kv.get(keys.userSession(a.user.id, s.id))).value).toBe(true);
    }
  });

  it("leaves an existing membership as it is (a driver stays a driver; a blocked member stays blocked)", async () => {
    using kv = await openStore(":memory:");
    const now = Date.parse("2026-11-26T12:00:00Z");
    const first = await startSignedIn(kv, { phone: "8645550101", tenant: null, now });
    expect(await Array.fromAsync(kv.list({ prefix: keys.userTenant(first.user.id, "").slice(0, 2) }))).toEqual([]);
    const blocked = { roles: ["driver"], joinedAt: 1, blocked: true };
    await kv.set(keys.member("greer", first.user.id), blocked);
    const again = await startSignedIn(kv, { phone: "8645550101", tenant: "greer", now: now + 1 });
    expect(again.user).toEqual(first.user);
    expect((await kv.get(keys.member("greer", first.user.id))).value).toEqual(blocked);
  });
});

describe("guessCode with the sign-in's writes", () => {
  const phone = "8645550102";
  const address = "203.0.113.9";

  it("uses a right code up in the commit that makes the user, the membership and the session", async () => {
    using kv = await openStore(":memory:");
    const now = Date.parse("2026-11-26T12:00:00Z");
    const op = kv.atomic();
    addCode(op, phone, { hash: "right", challenge: "c", address }, now);
    await op.commit();
    const greer = { code: "greer", name: "Greer" } as Tenant;
    const signIn = signInOnRight(kv, { phone, tenant: greer, now });
    const device = { carried: null, fresh: "device-hash" };

    const wrong = await guessCode(kv, { phone, hash: "wrong", challenge: "c", address, device, now }, signIn);
    expect(wrong).toEqual({ outcome: "wrong", counted: true });
    expect((await kv.get(keys.userByPhone(phone))).value).toBe(null);

    const right = await guessCode(kv, { phone, hash: "right", challenge: "c", address, device, now }, signIn);
    if (right.outcome !== "ok") throw new Error(`answered ${right.outcome}`);
    const { user, session } = right.right;
    const [code, known, made, member, opened, kept] = await kv.getMany([
      keys.otp(phone),
      keys.knownAddress(phone, address),
      keys.user(user.id),
      keys.member("greer", user.id),
      keys.session(session.id),
      keys.deviceKey(phone, "device-hash"),
    ]);
    expect(code.value).toBe(null);
    expect(made.value).toEqual(user);
    expect(member.value).toEqual({ roles: ["rider"], joinedAt: now });
    // Entries written by one commit share its versionstamp.
    expect(kept.value).toEqual({ signedInAt: now, misses: 0 });
    expect(new Set([known, made, member, opened, kept].map((e) => e.versionstamp)).size).toBe(1);
  });
});

describe("hitRateLimits", () => {
  const limits = [
    { bucket: "a", subject: "x", limit: 2, windowMs: 60_000 },
    { bucket: "b", subject: "x", limit: 1, windowMs: 60_000 },
  ];

  it("counts every limit and the extra write together, and nothing once one of them is full", async () => {
    using kv = await openStore(":memory:");
    const now = 60_000 * 1000 + 10_000;
    const also = (n: number) => (op: Deno.AtomicOperation) => op.set(["written", n], true);
    expect(await hitRateLimits(kv, limits, now, also(1))).toEqual({ allowed: true, retryAfter: 50 });
    // The second limit is full: the first is not counted again, and the write is not made.
    expect(await hitRateLimits(kv, limits, now, also(2))).toEqual({ allowed: false, refusedBy: 1, retryAfter: 50 });
    expect((await kv.get(keys.rateWindow("a", "x", 60_000 * 1000))).value).toBe(1);
    expect((await kv.get(["written", 1])).value).toBe(true);
    expect((await kv.get(["written", 2])).value).toBe(null);
  });

  it("holds a limit exactly when hits race", async () => {
    using kv = await openStore(":memory:");
    const answers = await Promise.all(Array.from({ length: 10 }, () => hitRateLimits(kv, [limits[0]], 0)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(2);
  });

  it("counts 50 hits at once on a shared budget in one commit a shard, none losing a race", async () => {
    using kv = await openStore(":memory:");
    const commits: boolean[] = [];
    const atomic = kv.atomic.bind(kv);
    kv.atomic = () => {
      const op = atomic();
      const commit = op.commit.bind(op);
      op.commit = async () => {
        const result = await commit();
        commits.push(result.ok);
        return result;
      };
      return op;
    };
    const budget = { bucket: "texts", subject: "greer", limit: SHARDED_FROM * 5, windowMs: 60_000 };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => hitRateLimits(kv, [{ ...limits[0], subject: `n${i}` }, budget], 0)),
    );
    expect(answers.every((a) => a.allowed)).toBe(true);
    expect(commits).toEqual(Array(SHARDS).fill(true));
    const shards = await kv.getMany<number[]>(
      Array.from({ length: SHARDS }, (_, i) => keys.rateWindow("texts", "greer", 0, i)),
    );
    expect(shards.reduce((sum, e) => sum + (e.value ?? 0), 0)).toBe(50);
    const own = await kv.getMany<number[]>(Array.from({ length: 10 }, (_, i) => keys.rateWindow("a", `n${i}`, 0)));
    expect(own.map((e) => e.value)).toEqual(Array(10).fill(1));
  });

  it("counts each hit of a turn against the ones before it: a one-key limit holds exactly, and a refused hit writes nothing", async () => {
    using kv = await openStore(":memory:");
    const budget = { bucket: "texts", subject: "greer", limit: SHARDED_FROM * 5, windowMs: 60_000 };
    const answers = await Promise.all(
      Array.from(
        { length: 24 },
        (_, i) => hitRateLimits(kv, [limits[0], budget], 0, (op) => op.set(["written", i], true)),
      ),
    );
    expect(answers.filter((a) => a.allowed)).toHaveLength(2);
    expect(answers.filter((a) => !a.allowed).every((a) => !a.allowed && a.refusedBy === 0)).toBe(true);
    expect((await kv.get(keys.rateWindow("a", "x", 0))).value).toBe(2);
    const shards = await kv.getMany<number[]>(
      Array.from({ length: SHARDS }, (_, i) => keys.rateWindow("texts", "greer", 0, i)),
    );
    expect(shards.reduce((sum, e) => sum + (e.value ?? 0), 0)).toBe(2);
    expect(await Array.fromAsync(kv.list({ prefix: ["written"] }))).toHaveLength(2);
  });

  it("spreads hits at once on a shared budget evenly over its shards, so they count side by side", async () => {
    using kv = await openStore(":memory:");
    const budget = { bucket: "texts", subject: "greer", limit: SHARDED_FROM * 5, windowMs: 60_000 };
    const answers = await Promise.all(Array.from({ length: SHARDS * 2 }, () => hitRateLimits(kv, [budget], 0)));
    expect(answers.every((a) => a.allowed)).toBe(true);
    const shards = await kv.getMany<number[]>(
      Array.from({ length: SHARDS }, (_, i) => keys.rateWindow("texts", "greer", 0, i)),
    );
    expect(shards.map((e) => e.value)).toEqual(Array(SHARDS).fill(2));
  });

  it("counts limits whose keys are more than one read holds (three single keys and a shared budget)", async () => {
    using kv = await openStore(":memory:");
    const many = [
      ...["a", "b", "c"].map((bucket) => ({ bucket, subject: "x", limit: 1, windowMs: 60_000 })),
      { bucket: "texts", subject: "greer", limit: SHARDED_FROM, windowMs: 60_000 },
    ];
    expect(await hitRateLimits(kv, many, 0)).toEqual({ allowed: true, retryAfter: 60 });
    expect(await hitRateLimits(kv, many, 0)).toEqual({ allowed: false, refusedBy: 0, retryAfter: 60 });
    expect(await hitRateLimits(kv, many.slice(2), 0)).toEqual({ allowed: false, refusedBy: 0, retryAfter: 60 });
    expect(await hitRateLimits(kv, many.slice(3), 0)).toEqual({ allowed: true, retryAfter: 60 });
  });
});

describe("beforeCode", () => {
  const phone = "8645550103";
  const address = "203.0.113.10";
  const invite = { code: "greer", name: "Greer", joinPolicy: "invite" } as Tenant;

  it("reads whether the number opted out, signed in from this address, and is let in where it signs in", async () => {
    using kv = await openStore(":memory:");
    const now = Date.parse("2026-11-26T12:00:00Z");
    const device = null;
    expect(await beforeCode(kv, { tenant: null, phone, address, device })).toEqual({
      admission: null,
      optedOut: false,
      knownAddress: false,
      knownDevice: false,
    });
    expect((await beforeCode(kv, { tenant: invite, phone, address, device })).admission).toBe("uninvited");

    await recordOptOut(kv, phone, now);
    await kv.set(keys.knownAddress(phone, address), now);
    const { user } = await startSignedIn(kv, { phone, tenant: "greer", now });
    await kv.set(keys.deviceKey(phone, "kept"), { signedInAt: now, misses: 0 });
    expect(await beforeCode(kv, { tenant: invite, phone, address, device: "kept" })).toEqual({
      admission: "welcome",
      optedOut: true,
      knownAddress: true,
      knownDevice: true,
    });
    const elsewhere = await beforeCode(kv, { tenant: invite, phone, address: "203.0.113.11", device: "other" });
    expect([elsewhere.knownAddress, elsewhere.knownDevice]).toEqual([false, false]);

    await kv.set(keys.member("greer", user.id), { roles: ["rider"], joinedAt: now, blocked: true });
    expect((await beforeCode(kv, { tenant: invite, phone, address, device })).admission).toBe("blocked");
  });
});
