/**
 * Open sockets are bounded per session, per user and per client address
 * (issue 16, item 4: one rider opened 300 sockets with one token). Past a
 * bound the new socket closes 1008 with a reason; closing one frees its place.
 */
import { afterEach, describe, expect, it } from "vitest";
import { liveStats } from "../../routes/live/hub.ts";
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

describe("OpenCounts", () => {
  it("holds 100 sockets per client address across users, and frees a place on release", () => {
    const counts = new OpenCounts({ perSession: 5, perUser: 10, perAddress: 100 });
    const owner = (i: number) => ({ sessionId: `s${i}`, userId: `u${i}`, address: "198.51.100.1" });
    const releases = Array.from({ length: 100 }, (_, i) => counts.take(owner(i)));
    expect(releases.every((r) => r !== null)).toBe(true);
    expect(counts.take(owner(100))).toBeNull();
    expect(counts.take({ ...owner(100), address: "198.51.100.2" })).not.toBeNull();
    releases[0]!();
    releases[0]!(); // twice counts once
    expect(counts.take(owner(101))).not.toBeNull();
    expect(counts.take(owner(102))).toBeNull();
  });
});
