/**
 * The isolates of one process take turns to commit (kv/commit_gate.ts). Two
 * gates on one file stand for two isolates: flock locks of two open files
 * exclude each other even within one process.
 */
import { describe, expect, it } from "vitest";
import { CommitGate } from "../../kv/commit_gate.ts";
import { openStore } from "../../kv/open.ts";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("CommitGate", () => {
  it("runs one isolate's commits side by side, and never at once with another's", async () => {
    const dir = await Deno.makeTempDir();
    const [a, b] = [new CommitGate(`${dir}/s.kv.commits`), new CommitGate(`${dir}/s.kv.commits`)];
    const running = { a: 0, b: 0 };
    const seen: string[] = [];
    const commit = (who: "a" | "b") => async () => {
      running[who]++;
      seen.push(`${who}${running.a}${running.b}`);
      await pause(5);
      running[who]--;
      return who;
    };
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => a.run(commit("a"))),
      ...Array.from({ length: 3 }, () => b.run(commit("b"))),
    ]);
    expect(answers).toEqual(["a", "a", "a", "b", "b", "b"]);
    // Each entry: who entered, then how many of a's and of b's were running. Never both at once.
    expect(seen.every((s) => s[1] === "0" || s[2] === "0")).toBe(true);
    // A's three commits ran under one hold, side by side.
    expect(seen.filter((s) => s.startsWith("a")).map((s) => s[1])).toEqual(["1", "2", "3"]);
    await Deno.remove(dir, { recursive: true });
  });

  it("lets the lock go when a commit fails, and gives the commits that came meanwhile the next turn", async () => {
    const dir = await Deno.makeTempDir();
    const [a, b] = [new CommitGate(`${dir}/s.kv.commits`), new CommitGate(`${dir}/s.kv.commits`)];
    const failed = a.run(async () => {
      await pause(5);
      throw new Error("refused");
    });
    const later = a.run(() => Promise.resolve("a again"));
    await expect(failed).rejects.toThrow("refused");
    expect(await Promise.all([later, b.run(() => Promise.resolve("b"))])).toEqual(["a again", "b"]);
    await Deno.remove(dir, { recursive: true });
  });

  it("gates a store shared by isolates: writes land, and the gate file is the owner's only", async () => {
    const dir = await Deno.makeTempDir();
    const [one, two] = [
      await openStore(`${dir}/s.kv`, { sharedByIsolates: true }),
      await openStore(`${dir}/s.kv`, { sharedByIsolates: true }),
    ];
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).set(["n", i], i)));
    const ops = Array.from({ length: 20 }, (_, i) => (i % 2 ? two : one).atomic().sum(["total"], 1n).commit());
    expect((await Promise.all(ops)).every((r) => r.ok)).toBe(true);
    expect((await one.get(["total"])).value).toEqual(new Deno.KvU64(20n));
    expect((await Array.fromAsync(two.list({ prefix: ["n"] }))).length).toBe(20);
    expect((await Deno.stat(`${dir}/s.kv.commits`)).mode! & 0o777).toBe(0o600);
    one.close();
    two.close();
    await Deno.remove(dir, { recursive: true });
  });
});
