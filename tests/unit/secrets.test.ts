/**
 * A copy of the store holds no key: a local start keeps its
 * generated signing secret beside the KV file (mode 0600), never in it, and
 * the store file itself is the owner's alone.
 */
import { describe, expect, it } from "vitest";
import type { Store } from "../../kv/store.ts";
import { keys } from "../../kv/keys.ts";
import { openStore } from "../../kv/open.ts";
import { localSecret, secretPathFor } from "../../kv/secrets.ts";

const mode = async (path: string) => (await Deno.stat(path)).mode! & 0o777;

async function storeEntries(kv: Store): Promise<string> {
  const out: unknown[] = [];
  for await (const e of kv.list({ prefix: [] })) out.push([e.key, e.value]);
  return JSON.stringify(out);
}

describe("the signing secret of a local start", () => {
  it("is kept in a 0600 file beside the store, never in KV, and is the same on every start", async () => {
    const dir = await Deno.makeTempDir();
    const path = `${dir}/data/shuttle.kv`;
    using kv = await openStore(path);
    const secret = await localSecret(kv, path);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await mode(secretPathFor(path))).toBe(0o600);
    expect(await mode(path)).toBe(0o600);
    await kv.set(["x"], 1); // a write, so SQLite's journal files exist
    for (const side of [`${path}-wal`, `${path}-shm`]) {
      try {
        expect(await mode(side)).toBe(0o600);
      } catch (err) {
        if (!(err instanceof Deno.errors.NotFound)) throw err;
      }
    }
    expect(await storeEntries(kv)).not.toContain(secret);
    expect(await localSecret(kv, path)).toBe(secret);
    await Deno.remove(dir, { recursive: true });
  });

  it("moves an older store's secret out of KV, so its sessions stay signed in", async () => {
    const dir = await Deno.makeTempDir();
    const path = `${dir}/shuttle.kv`;
    using kv = await openStore(path);
    await kv.set(keys.meta("jwt_secret"), "an-old-secret-kept-in-kv-by-older-hopper");
    expect(await localSecret(kv, path)).toBe("an-old-secret-kept-in-kv-by-older-hopper");
    expect((await kv.get(keys.meta("jwt_secret"))).value).toBeNull();
    expect((await Deno.readTextFile(secretPathFor(path))).trim()).toBe("an-old-secret-kept-in-kv-by-older-hopper");
    await Deno.remove(dir, { recursive: true });
  });

  it("lives in memory for the in-memory store", async () => {
    using kv = await openStore(":memory:");
    const secret = await localSecret(kv, ":memory:");
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await storeEntries(kv)).toBe("[]");
  });
});
