/**
 * The kv/ helpers every module shares: one commit retry (kv/retry.ts) with
 * one bound and one failure, and one short-lived read cache
 * (kv/recent_reads.ts).
 */
import { describe, expect, it } from "vitest";
import { openStore } from "../../kv/open.ts";
import { recentReads } from "../../kv/recent_reads.ts";
import { committed, commitWithRetry, ContentionError, MAX_COMMIT_ATTEMPTS, RETRY } from "../../kv/retry.ts";

describe("commitWithRetry", () => {
  it("tries again after a lost race and answers the try that landed", async () => {
    using kv = await openStore(":memory:");
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
  const store = () => openStore(":memory:");
  let reads = 0;
  /** A reused read of its own for each test (names are unique in a process). */
  const cache = <V>(reuseMs: number, maxKept?: number) => recentReads<V>(`test read ${++reads}`, reuseMs, maxKept);

  it("shares a read under way and reuses it within the window", async () => {
    using kv = await store();
    const reused = cache<number>(60_000);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    const answers = await Promise.all([1, 2, 3].map(() => reused.read(kv, "g", "k", load)));
    expect(answers).toEqual([1, 1, 1]);
    expect(await reused.read(kv, "g", "k", load)).toBe(1);
    expect(await reused.read(kv, "g", "other", load)).toBe(2);
  });

  it("reads again once the window has passed", async () => {
    using kv = await store();
    const reused = cache<number>(5);
    let loads = 0;
    await reused.read(kv, "g", "k", () => Promise.resolve(++loads));
    await new Promise((r) => setTimeout(r, 20));
    expect(await reused.read(kv, "g", "k", () => Promise.resolve(++loads))).toBe(2);
  });

  it("drops one group, or the whole store, on forget", async () => {
    using kv = await store();
    const reused = cache<string>(60_000);
    let n = 0;
    const load = () => Promise.resolve(`v${++n}`);
    await reused.read(kv, "a", "k", load); // v1
    await reused.read(kv, "b", "k", load); // v2
    reused.forget(kv, "a");
    expect(await reused.read(kv, "a", "k", load)).toBe("v3");
    expect(await reused.read(kv, "b", "k", load)).toBe("v2");
    reused.forget(kv);
    expect(await reused.read(kv, "b", "k", load)).toBe("v4");
  });

  it("does not reuse a failed read", async () => {
    using kv = await store();
    const reused = cache<string>(60_000);
    await expect(reused.read(kv, "", "k", () => Promise.reject(new Error("KV down")))).rejects.toThrow("KV down");
    expect(await reused.read(kv, "", "k", () => Promise.resolve("back"))).toBe("back");
  });

  it("starts a group again empty past its bound", async () => {
    using kv = await store();
    const reused = cache<number>(60_000, 2);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    for (const key of ["a", "b", "c"]) await reused.read(kv, "", key, load);
    expect(await reused.read(kv, "", "a", load)).toBe(4);
  });

  it("keeps each store's reads apart, and each read's: forgetting one leaves the other", async () => {
    using one = await store();
    using two = await store();
    const [first, second] = [cache<string>(60_000), cache<string>(60_000)];
    let n = 0;
    const load = () => Promise.resolve(`v${++n}`);
    expect(await first.read(one, "", "k", load)).toBe("v1");
    expect(await first.read(two, "", "k", load)).toBe("v2"); // another store reads for itself
    expect(await second.read(one, "", "k", load)).toBe("v3"); // another read of the same key too
    first.forget(one);
    expect(await first.read(one, "", "k", load)).toBe("v4");
    expect(await second.read(one, "", "k", load)).toBe("v3");
    expect(await first.read(two, "", "k", load)).toBe("v2");
  });

  it("refuses a second reused read under a name taken, which the other isolates drop by", () => {
    const name = `test read ${++reads}`;
    recentReads(name, 1000);
    expect(() => recentReads(name, 1000)).toThrow(`A reused read is already named ${name}`);
  });
});
