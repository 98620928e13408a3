/**
 * The kv/ helpers every module shares: one commit retry (kv/retry.ts) with
 * one bound and one failure, and one short-lived read cache
 * (kv/recent_reads.ts).
 */
import { describe, expect, it } from "vitest";
import { recentReads } from "../../kv/recent_reads.ts";
import { committed, commitWithRetry, ContentionError, MAX_COMMIT_ATTEMPTS, RETRY } from "../../kv/retry.ts";

describe("commitWithRetry", () => {
  it("tries again after a lost race and answers the try that landed", async () => {
    using kv = await Deno.openKv(":memory:");
    let tries = 0;
    const answer = await commitWithRetry("count", async () => {
      tries++;
      const entry = await kv.get<number>(["n"]);
      if (tries < 3) await kv.set(["n"], tries); // another writer moves the key between read and commit
      return await committed(kv.atomic().check(entry).set(["n"], 100), "landed");
    });
    expect(answer).toBe("landed");
    expect(tries).toBe(3);
    expect((await kv.get(["n"])).value).toBe(100);
  });

  it("throws ContentionError after MAX_COMMIT_ATTEMPTS lost races, never more", async () => {
    let tries = 0;
    const losing = commitWithRetry("do the thing", () => {
      tries++;
      return Promise.resolve(RETRY);
    });
    await expect(losing).rejects.toBeInstanceOf(ContentionError);
    await expect(losing).rejects.toThrow("Could not do the thing: too much contention");
    expect(tries).toBe(MAX_COMMIT_ATTEMPTS);
  });
});

describe("recentReads", () => {
  const store = () => Deno.openKv(":memory:");

  it("shares a read under way and reuses it within the window", async () => {
    using kv = await store();
    const cache = recentReads<number>(60_000);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    const answers = await Promise.all([1, 2, 3].map(() => cache.read(kv, "g", "k", load)));
    expect(answers).toEqual([1, 1, 1]);
    expect(await cache.read(kv, "g", "k", load)).toBe(1);
    expect(await cache.read(kv, "g", "other", load)).toBe(2);
  });

  it("reads again once the window has passed", async () => {
    using kv = await store();
    const cache = recentReads<number>(5);
    let loads = 0;
    await cache.read(kv, "g", "k", () => Promise.resolve(++loads));
    await new Promise((r) => setTimeout(r, 20));
    expect(await cache.read(kv, "g", "k", () => Promise.resolve(++loads))).toBe(2);
  });

  it("drops one group, or the whole store, on forget", async () => {
    using kv = await store();
    const cache = recentReads<string>(60_000);
    let n = 0;
    const load = () => Promise.resolve(`v${++n}`);
    await cache.read(kv, "a", "k", load); // v1
    await cache.read(kv, "b", "k", load); // v2
    cache.forget(kv, "a");
    expect(await cache.read(kv, "a", "k", load)).toBe("v3");
    expect(await cache.read(kv, "b", "k", load)).toBe("v2");
    cache.forget(kv);
    expect(await cache.read(kv, "b", "k", load)).toBe("v4");
  });

  it("does not reuse a failed read", async () => {
    using kv = await store();
    const cache = recentReads<string>(60_000);
    await expect(cache.read(kv, "", "k", () => Promise.reject(new Error("KV down")))).rejects.toThrow("KV down");
    expect(await cache.read(kv, "", "k", () => Promise.resolve("back"))).toBe("back");
  });

  it("starts a group again empty past its bound", async () => {
    using kv = await store();
    const cache = recentReads<number>(60_000, 2);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    for (const key of ["a", "b", "c"]) await cache.read(kv, "", key, load);
    expect(await cache.read(kv, "", "a", load)).toBe(4);
  });
});
