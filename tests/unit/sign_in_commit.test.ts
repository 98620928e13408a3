/**
 * A sign-in's writes in one commit (issue 24): kv/sign_in.ts makes the user,
 * the membership and the session together, and kv/rate_limits.ts
 * hitRateLimits counts several limits with the code's write, or none of them.
 */
import { describe, expect, it } from "vitest";
import { keys } from "../../kv/keys.ts";
import { hitRateLimits } from "../../kv/rate_limits.ts";
import { startSignedIn } from "../../kv/sign_in.ts";

describe("startSignedIn", () => {
  it("makes one user for a number signing in twice at once, a rider membership once, and a session each", async () => {
    using kv = await Deno.openKv(":memory:");
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
    using kv = await Deno.openKv(":memory:");
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

describe("hitRateLimits", () => {
  const limits = [
    { bucket: "a", subject: "x", limit: 2, windowMs: 60_000 },
    { bucket: "b", subject: "x", limit: 1, windowMs: 60_000 },
  ];

  it("counts every limit and the extra write together, and nothing once one of them is full", async () => {
    using kv = await Deno.openKv(":memory:");
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
    using kv = await Deno.openKv(":memory:");
    const answers = await Promise.all(Array.from({ length: 10 }, () => hitRateLimits(kv, [limits[0]], 0)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(2);
  });
});
