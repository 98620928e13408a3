/**
 * One server process per KV file (kv/lock.ts): the lock is
 * exclusive, names the file when refused, and a killed holder leaves no stale
 * lock. The second server refused end to end: tests/e2e/shutdown.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { lockPathOf, lockStore, StoreLockedError } from "../../kv/lock.ts";

let dir: string;
beforeEach(async () => void (dir = await Deno.makeTempDir({ prefix: "hopper-lock-" })));
afterEach(async () => await Deno.remove(dir, { recursive: true }));

const LOCK_MODULE = new URL("../../kv/lock.ts", import.meta.url).href;

/** A separate process that takes the lock, says so, then waits to be killed. */
function holderProcess(kvPath: string) {
  const script = `const { lockStore } = await import(${JSON.stringify(LOCK_MODULE)});
    await lockStore(${JSON.stringify(kvPath)}); console.log("locked"); setInterval(() => {}, 1000);`;
  return new Deno.Command(Deno.execPath(), {
    args: ["eval", script],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
}

async function firstLine(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  return new TextDecoder().decode(value);
}

describe("lockStore", () => {
  it("refuses a second holder of the same file, naming the file and the holder's pid", async () => {
    const kvPath = join(dir, "sub", "hopper.kv");
    const lock = await lockStore(kvPath);
    expect(lock?.lockPath).toBe(lockPathOf(kvPath));
    const second = await lockStore(kvPath).catch((err) => err);
    expect(second).toBeInstanceOf(StoreLockedError);
    expect(second.message).toContain(kvPath);
    expect(second.message).toContain(`pid ${Deno.pid}`);
    lock!.release();
    const again = await lockStore(kvPath);
    expect(again).not.toBeNull();
    again!.release();
  });

  it("lets two different files be locked at once", async () => {
    const a = await lockStore(join(dir, "a.kv"));
    const b = await lockStore(join(dir, "b.kv"));
    expect(a && b).toBeTruthy();
    a!.release();
    b!.release();
  });

  it("needs no lock for the in-memory store or the managed one", async () => {
    expect(await lockStore(":memory:")).toBeNull();
    expect(await lockStore(null)).toBeNull();
  });

  it("is free again as soon as a holder is killed with SIGKILL: no stale lock", async () => {
    const kvPath = join(dir, "hopper.kv");
    const holder = holderProcess(kvPath);
    expect(await firstLine(holder.stdout)).toContain("locked");
    await expect(lockStore(kvPath)).rejects.toThrow(`pid ${holder.pid}`);
    holder.kill("SIGKILL");
    await holder.status;
    const lock = await lockStore(kvPath);
    expect(lock).not.toBeNull();
    lock!.release();
  });
});
