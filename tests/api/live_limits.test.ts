/**
 * Open sockets are bounded per session, per user and per client address
 * (one rider opened 300 sockets with one token). Past a
 * bound the new socket closes 1008 with a reason; closing one frees its place.
 * The counts are in KV, so the bounds hold for every isolate at once (the
 * production start's two: tests/e2e/isolate_sockets.test.ts).
 */
import { afterEach, describe, expect, it } from "vitest";
import { liveStats } from "../../routes/live/hub.ts";
import { forgetSocketHolders, HOLDER_TTL_MS } from "../../kv/socket_leases.ts";
import { OpenCounts, TOO_MANY_SOCKETS } from "../../routes/live/open_counts.ts";
import { makeApp, signIn } from "../helpers/app.ts";
import { delay, LiveClient, serve, waitFor } from "../helpers/live.ts";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup() {
  const t = await makeApp();
  const server = serve(t.app);
  const clients: LiveClient[] = [];
  cleanups.push(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await waitFor(() => liveStats(t.kv).watchers === 0, "the watchers to stop").catch(() => {});
    await server.stop();
    t.kv.close();
  });
  /** Opens `n` riders' sockets with `token` at once; answers them once each is settled (open or closed). */
  async function many(token: string, n: number) {
    const opened = Array.from({ length: n }, () => {
      const client = new LiveClient(server.ws(`/greer/ws/riders?token=${encodeURIComponent(token)}`));
      clients.push(client);
      return client;
    });
    await Promise.all(opened.map((c) => c.opened));
    await delay(300); // refused sockets open, then close with their code
    return opened;
  }
  return { t, many };
}

const stillOpen = (clients: LiveClient[]) => clients.filter((c) => c.socket.readyState === WebSocket.OPEN);
const refused = (clients: LiveClient[]) => clients.filter((c) => c.closeCode === 1008);

describe("open sockets", () => {
  it("50 with one token leave 5 open; the others close 1008 with a reason", async () => {
    const { t, many } = await setup();
    const rider = await signIn(t, "8645550142", "greer");
    const clients = await many(rider.token, 50);
    expect(stillOpen(clients)).toHaveLength(5);
    expect(refused(clients)).toHaveLength(45);
    expect((await refused(clients)[0].closed).reason).toBe(TOO_MANY_SOCKETS);
    // Closing one frees its place.
    await stillOpen(clients)[0].close();
    expect(stillOpen(await many(rider.token, 2))).toHaveLength(1);
  });

  it("a user gets 10 across sessions", async () => {
    const { t, many } = await setup();
    const sessions = [];
    for (let i = 0; i < 3; i++) sessions.push(await signIn(t, "8645550142", "greer"));
    const clients = [...await many(sessions[0].token, 5), ...await many(sessions[1].token, 5)];
    expect(stillOpen(clients)).toHaveLength(10);
    const third = await many(sessions[2].token, 3);
    expect(stillOpen(third)).toHaveLength(0);
    expect(refused(third)).toHaveLength(3);
  });
});

describe("OpenCounts, in KV: every isolate counts every isolate's sockets", () => {
  /** Two isolates' counts on one store, with a clock the test moves. */
  async function isolates() {
    const kv = await Deno.openKv(":memory:");
    let now = 1_000_000;
    const limits = { perSession: 5, perUser: 10, perAddress: 100 };
    const a = new OpenCounts(kv, limits, { now: () => now });
    const b = new OpenCounts(kv, limits, { now: () => now });
    cleanups.push(async () => {
      for (const counts of [a, b]) {
        await counts.leases.settle();
        counts.leases.stop();
      }
      kv.close();
    });
    return { kv, a, b, advance: (ms: number) => now += ms };
  }
  const owner = (i: number, address = "198.51.100.1") => ({ sessionId: `s${i}`, userId: `u${i}`, address });

  it("holds 100 sockets per client address across users and isolates, then 10 refusals, and frees a place on release", async () => {
    const { a, b } = await isolates();
    const taken = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).take(owner(i))));
    expect(taken.map((t) => t.verdict)).toEqual(Array(100).fill("open"));
    // Past the bound: counted as refusals while they are told so, 10 at most; then no socket at all.
    const refused = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).take(owner(100 + i))));
    expect(refused.map((t) => t.verdict).sort()).toEqual(["answer", "answer", ...Array(10).fill("refuse")]);
    expect((await a.take(owner(200, "198.51.100.2"))).verdict).toBe("open");
    taken[0].release!();
    taken[0].release!(); // twice counts once
    for (const r of refused) r.release?.();
    await b.leases.settle();
    expect((await a.take(owner(201))).verdict).toBe("open");
    expect((await a.take(owner(202))).verdict).toBe("refuse");
  });

  it("holds 5 per session and 10 per user when both isolates take at once", async () => {
    const { a, b } = await isolates();
    const session = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).take(owner(1))));
    expect(session.filter((t) => t.verdict === "open")).toHaveLength(5);
    const user = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).take({ ...owner(2), sessionId: `s2-${i % 4}` })),
    );
    expect(user.filter((t) => t.verdict === "open")).toHaveLength(10);
  });

  it("stops counting an isolate that stopped renewing, 20 s after its last renewal", async () => {
    const { a, b, advance } = await isolates();
    for (let i = 0; i < 5; i++) expect((await a.take(owner(1))).verdict).toBe("open");
    a.leases.stop(); // its process froze or was killed: no release, no renewal
    expect((await b.take(owner(1))).verdict).toBe("refuse");
    advance(HOLDER_TTL_MS - 1);
    expect((await b.take(owner(1))).verdict).toBe("refuse");
    advance(2);
    expect((await b.take(owner(1))).verdict).toBe("open");
  });

  it("frees an isolate's places at once when it stops gracefully, its sockets still closing", async () => {
    const { a, b } = await isolates();
    for (let i = 0; i < 5; i++) expect((await a.take(owner(1))).verdict).toBe("open");
    expect((await b.take(owner(1))).verdict).toBe("refuse");
    await a.leases.retire();
    expect((await b.take(owner(1))).verdict).toBe("open");
  });

  it("forgets a stopped process's sockets when a local store starts", async () => {
    const { kv, a, b } = await isolates();
    for (let i = 0; i < 5; i++) expect((await a.take(owner(1))).verdict).toBe("open");
    a.leases.stop();
    expect(await forgetSocketHolders(kv)).toBe(1);
    expect((await b.take(owner(1))).verdict).toBe("open");
  });
});
