/**
 * What the isolates of one `deno serve --parallel` process share (server/isolates.ts): who holds the store and when it
 * is ready, who has stopped, and the drops of reused reads a write makes. Two IsolateGroups in one isolate meet on the
 * BroadcastChannel as two isolates do; each has a store of its own here, standing for its own handle on the one KV
 * file. Also the retry of writes SQLite refuses as busy (kv/busy_retry.ts). The server itself with two isolates:
 * tests/e2e/isolates.test.ts.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { BUSY_ATTEMPTS, retryWhenBusy, whileBusy } from "../../kv/busy_retry.ts";
import { dropNoted } from "../../kv/forget_apply.ts";
import { type ForgetNote, shareForgets } from "../../kv/forget_notes.ts";
import { keys } from "../../kv/keys.ts";
import { demoTenant } from "../../kv/seed.ts";
import { forgetTenants, recentTenant } from "../../kv/tenants.ts";
import { IsolateGroup } from "../../server/isolates.ts";
import { waitFor } from "../helpers/live.ts";

const opened: { close(): void }[] = [];
// Deno sends a BroadcastChannel message a moment after postMessage, and drops the process's channel once the last one
// closes: a send still pending then throws. One channel stays open for the whole file (serve.ts never closes its own).
const anchor = new BroadcastChannel("hopper:isolates");
afterEach(() => {
  for (const o of opened.splice(0)) o.close();
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  anchor.close();
});

async function isolate() {
  const group = new IsolateGroup();
  const kv = await Deno.openKv(":memory:");
  opened.push(group, kv);
  const heard: ForgetNote[] = [];
  shareForgets(
    kv,
    group.shareForgets((note) => {
      dropNoted(kv, note);
      heard.push(note);
    }),
  );
  return { group, kv, heard };
}

describe("the isolates of one process", () => {
  it("wait for the holder of the store to be ready, and know when none is here", async () => {
    const a = await isolate();
    const b = await isolate();
    expect(await b.group.holderHere(50)).toBe(false);
    a.group.hold();
    expect(await b.group.holderHere(5_000)).toBe(true);
    const ready = b.group.whenReady();
    a.group.ready({ demo: { code: "greer", name: "City of Greer" } });
    expect(await ready).toEqual({ demo: { code: "greer", name: "City of Greer" } });
    // One that starts later still hears it.
    const c = await isolate();
    expect(await c.group.holderHere(5_000)).toBe(true);
    expect(await c.group.whenReady()).toEqual({ demo: { code: "greer", name: "City of Greer" } });
  });

  it("let the holder end the process only once the others have stopped", async () => {
    const a = await isolate();
    const b = await isolate();
    await waitFor(() => a.group.peers === 1 && b.group.peers === 1, "both isolates known to each other");
    const others = a.group.othersStopped(5_000);
    b.group.stopped(0);
    expect(await others).toBe(0);
    const c = await isolate();
    await waitFor(() => a.group.peers === 2, "the third isolate known");
    c.group.stopped(1);
    expect(await a.group.othersStopped(5_000)).toBe(1); // one failed: the process exits 1
  });

  it("ask the others to stop, and again one that says hello after the signal came", async () => {
    const a = await isolate();
    const b = await isolate();
    let bAsked = 0;
    b.group.onStopAsked(() => bAsked++);
    await waitFor(() => a.group.peers === 1, "b known to a");
    a.group.stopping();
    await waitFor(() => bAsked === 1, "b asked to stop");
    // An isolate still loading when the signal came says hello later: it is asked too.
    const late = new IsolateGroup();
    opened.push(late);
    let lateAsked = 0;
    late.onStopAsked(() => lateAsked++);
    await waitFor(() => lateAsked === 1, "the late isolate asked to stop");
  });

  it("drop a tenant read in every isolate when one writes it", async () => {
    const a = await isolate();
    const b = await isolate();
    const tenant = { ...demoTenant(Date.now()), code: "shared" };
    expect(await recentTenant(b.kv, "shared")).toBeNull(); // B keeps "no such tenant" for 2 s
    await b.kv.set(keys.tenant("shared"), tenant); // the one file, as B's handle sees it
    expect(await recentTenant(b.kv, "shared")).toBeNull();
    await waitFor(() => a.group.peers === 1, "A knowing B");
    forgetTenants(a.kv, "shared"); // A wrote it
    await a.group.settled(5_000); // what serve.ts waits for before answering a write
    expect(b.heard.length).toBe(1); // B dropped its copy before it answered
    expect(b.heard).toEqual([{ what: "tenants", group: "shared" }]);
    expect(a.heard).toEqual([]); // no echo
    expect(await recentTenant(b.kv, "shared")).toMatchObject({ code: "shared" });
  });

  it("answer a write without waiting long for an isolate that does not answer", async () => {
    const a = await isolate();
    const mute = new BroadcastChannel("hopper:isolates"); // an isolate that says hello and then nothing
    opened.push(mute);
    mute.postMessage({ type: "hello", id: "mute", answer: false });
    await waitFor(() => a.group.peers === 1, "A knowing the mute isolate");
    forgetTenants(a.kv, "any");
    await a.group.settled(50); // resolves after the wait, not never
    await a.group.settled(5_000); // and the unanswered note is not waited for again
  });
});

describe("writes SQLite answers busy", () => {
  const busy = () => new TypeError("database is locked");

  it("are tried again until they land", async () => {
    let calls = 0;
    const answer = await whileBusy(() => ++calls < 4 ? Promise.reject(busy()) : Promise.resolve("landed"));
    expect(answer).toBe("landed");
    expect(calls).toBe(4);
  });

  it("give up after BUSY_ATTEMPTS, and other errors pass at once", async () => {
    let calls = 0;
    await expect(whileBusy(() => (calls++, Promise.reject(busy()))), "busy throughout").rejects.toThrow("locked");
    expect(calls).toBe(BUSY_ATTEMPTS);
    calls = 0;
    await expect(whileBusy(() => (calls++, Promise.reject(new Error("disk full"))))).rejects.toThrow("disk full");
    expect(calls).toBe(1);
  });

  it("change nothing else about a store's writes", async () => {
    const kv = retryWhenBusy(await Deno.openKv(":memory:"));
    opened.push(kv);
    await kv.set(["a"], 1);
    const entry = await kv.get(["a"]);
    expect((await kv.atomic().check(entry).set(["a"], 2).commit()).ok).toBe(true);
    expect((await kv.atomic().check(entry).set(["a"], 3).commit()).ok).toBe(false);
    await kv.delete(["a"]);
    expect((await kv.get(["a"])).value).toBeNull();
  });
});
