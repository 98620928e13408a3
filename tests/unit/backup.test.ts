import { describe, expect, it } from "vitest";
import type { Store } from "../../kv/store.ts";
import { openStore } from "../../kv/open.ts";
import { backedUp, exportEntries, importEntries, NOT_BACKED_UP } from "../../kv/backup.ts";
import { keys } from "../../kv/keys.ts";
import { makeApp, postJson, sentCode, signIn } from "../helpers/app.ts";
import { requestRide, rideWorld } from "../helpers/rides.ts";
import { runAdmin } from "../../scripts/admin.ts";

/** Every entry a backup keeps (backedUp: no sessions, codes, counters or secrets). */
async function everything(kv: Store) {
  const out: { key: Deno.KvKey; value: unknown }[] = [];
  for await (const e of kv.list({ prefix: [] })) if (backedUp(e.key)) out.push({ key: e.key, value: e.value });
  return out;
}

async function everythingRaw(kv: Store) {
  const out: { key: Deno.KvKey; value: unknown }[] = [];
  for await (const e of kv.list({ prefix: [] })) out.push({ key: e.key, value: e.value });
  return out;
}

async function exported(kv: Store): Promise<string[]> {
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
    using copy = await openStore(":memory:");
    expect(await importEntries(copy, lines)).toBe(before.length);
    const after = await everything(copy);
    expect(after).toEqual(before);
    const types = (await copy.get<Record<string, unknown>>(["types", "all"])).value!;
    expect(Object.is((types.weird as number[])[3], -0)).toBe(true);
    expect(types.tagged).toEqual({ $t: "bytes", v: "not really" });
  });

  it("gives away nothing that signs anyone in: no secret, session, code, challenge or counter", async () => {
    using t = await makeApp();
    await t.kv.set(keys.meta("jwt_secret"), "an old store's signing secret");
    const { token } = await signIn(t, "8645550142");
    const sent = await t.request("/api/auth/login", postJson({ phoneNumber: "8645550177" }));
    const { challenge } = await sent.json();
    const code = sentCode(t, "8645550177");
    const { hash } = (await t.kv.get<{ hash: string }>(keys.otp("8645550177"))).value!;
    const prefixes = new Set<string>();
    for await (const e of t.kv.list({ prefix: [] })) prefixes.add(String(e.key[0]));
    for (const p of ["sessions", "sessions_by_user", "otp", "rate_limits", "auth_known_addresses"]) {
      expect(prefixes).toContain(p);
    }

    const text = (await exported(t.kv)).join("");
    for (const p of NOT_BACKED_UP) expect(text).not.toContain(`"key":["${p}"`);
    for (const secret of ["an old store's signing secret", token.split(".")[2], challenge, hash, code]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain("jwt_secret");

    // A backup written before this rule, holding all of it: the import leaves it out.
    const old = [
      JSON.stringify({ key: ["meta", "jwt_secret"], value: "leaked" }),
      JSON.stringify({ key: ["sessions", "s1"], value: { userId: "u" } }),
      JSON.stringify({ key: ["otp", "8645550177"], value: { hash } }),
      JSON.stringify({ key: ["tenants", "x"], value: { code: "x" } }),
    ];
    using copy = await openStore(":memory:");
    expect(await importEntries(copy, old)).toBe(1);
    expect((await everythingRaw(copy)).map((e) => e.key)).toEqual([["tenants", "x"]]);
  });

  it("refuses a non-empty store unless forced, and bad lines", async () => {
    using kv = await openStore(":memory:");
    await kv.set(["x"], 1);
    await expect(importEntries(kv, ['{"key":["y"],"value":2}'])).rejects.toThrow(/not empty/);
    expect(await importEntries(kv, ['{"key":["y"],"value":2}'], { force: true })).toBe(1);
    using empty = await openStore(":memory:");
    await expect(importEntries(empty, ["not json"])).rejects.toThrow("Line 1 is not JSON");
  });

  it("works through the admin CLI with files", async () => {
    using t = await makeApp();
    t.clock.set(Date.now()); // the CLI imports against the real time
    await rideWorld(t);
    const dir = await Deno.makeTempDir();
    const lines: string[] = [];
    const out = (l: string) => void lines.push(l);
    // Even over a file that was readable by others, the backup is the owner's alone.
    await Deno.writeTextFile(`${dir}/backup.jsonl`, "old", { mode: 0o644 });
    await Deno.chmod(`${dir}/backup.jsonl`, 0o644);
    expect(await runAdmin(["export", "--out", `${dir}/backup.jsonl`], t.kv, out)).toBe(0);
    expect((await Deno.stat(`${dir}/backup.jsonl`)).mode! & 0o777).toBe(0o600);
    using copy = await openStore(":memory:");
    expect(await runAdmin(["import", "--in", `${dir}/backup.jsonl`], copy, out)).toBe(0);
    expect(await everything(copy)).toEqual(await everything(t.kv));
    expect(await runAdmin(["import", "--in", `${dir}/backup.jsonl`], copy, out)).toBe(1);
    expect(lines.at(-1)).toMatch(/not empty/);
    expect(await runAdmin(["import", "--in", `${dir}/missing.jsonl`], copy, out)).toBe(1);
    await Deno.remove(dir, { recursive: true });
  });
});
