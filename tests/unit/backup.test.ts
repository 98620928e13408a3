import { describe, expect, it } from "vitest";
import { exportEntries, importEntries } from "../../kv/backup.ts";
import { keys } from "../../kv/keys.ts";
import { getSession } from "../helpers/kv_reads.ts";
import { makeApp, signIn } from "../helpers/app.ts";
import { requestRide, rideWorld } from "../helpers/rides.ts";
import { runAdmin } from "../../scripts/admin.ts";

async function everything(kv: Deno.Kv) {
  const out: { key: Deno.KvKey; value: unknown }[] = [];
  for await (const e of kv.list({ prefix: [] })) out.push({ key: e.key, value: e.value });
  return out;
}

async function exported(kv: Deno.Kv): Promise<string[]> {
  const lines: string[] = [];
  await exportEntries(kv, (line) => void lines.push(line));
  return lines;
}

describe("export and import", () => {
  it("round-trips a populated store exactly, every type included", async () => {
    using t = await makeApp();
    const w = await rideWorld(t);
    await requestRide(t, w.rider.token, { destination: "Library" });
    await t.kv.set(["types", "all"], {
      big: 12345678901234567890n,
      bytes: new Uint8Array([0, 1, 254, 255]),
      date: new Date(Date.UTC(2026, 0, 1)),
      map: new Map<unknown, unknown>([["a", 1], [2, new Set(["x"])]]),
      weird: [NaN, Infinity, -Infinity, -0, undefined, null],
      tagged: { $t: "bytes", v: "not really" },
    });
    await t.kv.set(["types", 1n, true, new Uint8Array([9])], new Deno.KvU64(42n));
    const before = await everything(t.kv);
    expect(before.some((e) => e.key[0] === "feed_head")).toBe(true);

    const lines = await exported(t.kv);
    expect(lines).toHaveLength(before.length);
    using copy = await Deno.openKv(":memory:");
    expect(await importEntries(copy, lines, { now: t.clock.now() })).toBe(before.length);
    const after = await everything(copy);
    expect(after).toEqual(before);
    const types = (await copy.get<Record<string, unknown>>(["types", "all"])).value!;
    expect(Object.is((types.weird as number[])[3], -0)).toBe(true);
    expect(types.tagged).toEqual({ $t: "bytes", v: "not really" });
  });

  it("keeps sessions alive for the time they had left, and drops expired ones", async () => {
    using t = await makeApp();
    const { token } = await signIn(t, "8645550142");
    const sid = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sid;
    const lines = await exported(t.kv);
    using copy = await Deno.openKv(":memory:");
    await importEntries(copy, lines, { now: t.clock.now() });
    expect(await getSession(copy, sid, t.clock.now())).not.toBeNull();
    using late = await Deno.openKv(":memory:");
    await importEntries(late, lines, { now: t.clock.now() + 31 * 24 * 60 * 60 * 1000 });
    expect((await late.get(keys.session(sid))).value).toBeNull();
  });

  it("refuses a non-empty store unless forced, and bad lines", async () => {
    using kv = await Deno.openKv(":memory:");
    await kv.set(["x"], 1);
    await expect(importEntries(kv, ['{"key":["y"],"value":2}'])).rejects.toThrow(/not empty/);
    expect(await importEntries(kv, ['{"key":["y"],"value":2}'], { force: true })).toBe(1);
    using empty = await Deno.openKv(":memory:");
    await expect(importEntries(empty, ["not json"])).rejects.toThrow("Line 1 is not JSON");
  });

  it("works through the admin CLI with files", async () => {
    using t = await makeApp();
    t.clock.set(Date.now()); // the CLI imports against the real time
    await rideWorld(t);
    const dir = await Deno.makeTempDir();
    const lines: string[] = [];
    const out = (l: string) => void lines.push(l);
    expect(await runAdmin(["export", "--out", `${dir}/backup.jsonl`], t.kv, out)).toBe(0);
    using copy = await Deno.openKv(":memory:");
    expect(await runAdmin(["import", "--in", `${dir}/backup.jsonl`], copy, out)).toBe(0);
    expect(await everything(copy)).toEqual(await everything(t.kv));
    expect(await runAdmin(["import", "--in", `${dir}/backup.jsonl`], copy, out)).toBe(1);
    expect(lines.at(-1)).toMatch(/not empty/);
    expect(await runAdmin(["import", "--in", `${dir}/missing.jsonl`], copy, out)).toBe(1);
    await Deno.remove(dir, { recursive: true });
  });
});
