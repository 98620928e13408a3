/**
 * Live sockets on the production start (serve.ts under `deno serve
 * --parallel`, two isolates on one KV file), each socket opened on a
 * connection known to reach a given isolate (tests/helpers/pinned_connection.ts):
 * the bounds of 5 sockets per session, 10 per user and 100 per address hold
 * for the server, not for each isolate (kv/socket_leases.ts); a closed
 * socket's place is free within 2 s and a killed server's within 60 s; the
 * admin CLI's user:super reopens or closes a person's sockets on both
 * isolates; and sockets with no credentials are refused before the upgrade,
 * so what they send costs the server no memory.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { openStore } from "../../kv/open.ts";
import { createSession } from "../../kv/sessions.ts";
import { tokenSigner } from "../../lib/jwt.ts";
import { TOO_MANY_SOCKETS } from "../../live/open_counts.ts";
import { delay, waitFor } from "../helpers/live.ts";
import { PinnedConnection, type RawSocket } from "../helpers/pinned_connection.ts";
import { type Person, SEEDED_ENV, seedPeople } from "./seeded_people.ts";
import { REPO_ROOT, startServer, type TestServer } from "./server.ts";

let dir: string;
let kvPath: string;
let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
/** Two more sessions of the first rider (three in all). */
let moreSessions: string[];
let a: PinnedConnection;
let b: PinnedConnection;
const held: PinnedConnection[] = [];

async function start() {
  server = await startServer({ env: { KV_PATH: kvPath, ...SEEDED_ENV }, isolates: 2 });
  [a, b] = await PinnedConnection.onEachIsolate(server.port, 2);
  held.push(a, b);
}

beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "hopper-isolate-sockets-" });
  kvPath = join(dir, "hopper.kv");
  people = await seedPeople(kvPath, { riders: 21, drivers: 1 });
  const kv = await openStore(kvPath);
  const signer = tokenSigner(SEEDED_ENV.JWT_SECRET, SEEDED_ENV.PUBLIC_URL);
  moreSessions = [];
  for (let i = 0; i < 2; i++) {
    const session = await createSession(kv, people.riders[0].id, Date.now());
    moreSessions.push(await signer.sign({ userId: people.riders[0].id, sessionId: session.id }, Date.now()));
  }
  kv.close();
  await start();
}, 60_000);

afterAll(async () => {
  for (const c of held.splice(0)) c.close();
  await server?.stop();
  await Deno.remove(dir, { recursive: true }).catch(() => {});
});

interface Opened {
  socket: RawSocket;
  isolate: string;
}

const riders = (token: string) => `/greer/ws/riders?token=${encodeURIComponent(token)}`;

/** A socket on `on`'s isolate, once the server greeted it (a rider's socket gets the drivers at once) or closed it. */
async function socketOn(on: PinnedConnection, path: string): Promise<Opened> {
  const conn = await on.another();
  held.push(conn);
  const socket = await conn.websocket(path);
  await waitFor(() => socket.texts.length > 0 || socket.closeCode !== null, "the socket greeted or closed", 15_000);
  return { socket, isolate: conn.isolate };
}

/** The sockets at `paths`, opened at once, every other one on each isolate. */
function many(paths: string[]): Promise<Opened[]> {
  return Promise.all(paths.map((path, i) => socketOn(i % 2 ? b : a, path)));
}

const stillOpen = (list: Opened[]) => list.filter((s) => s.socket.closeCode === null);
const refused = (list: Opened[]) => list.filter((s) => s.socket.closeCode === 1008);

/** Closes them all, and gives the server a moment to hear it (a closed socket's place is written back at once). */
async function closeAll(list: Opened[]): Promise<void> {
  for (const s of list) s.socket.close();
  await delay(500);
}

async function expectRefusedWithReason(list: Opened[]): Promise<void> {
  for (const s of refused(list)) expect(await s.socket.closed).toEqual({ code: 1008, reason: TOO_MANY_SOCKETS });
}

describe("open sockets, counted once for both isolates", () => {
  it("50 with one token leave 5 open, the rest closed 1008 with the reason; a closed one's place is free within 2 s", async () => {
    const path = riders(people.riders[0].token);
    const sockets = await many(Array(50).fill(path));
    expect(new Set(sockets.map((s) => s.isolate)).size).toBe(2);
    expect(stillOpen(sockets)).toHaveLength(5);
    expect(refused(sockets)).toHaveLength(45);
    await expectRefusedWithReason(sockets);

    // Closed on one isolate, its place is taken on the other.
    const leaving = stillOpen(sockets)[0];
    const other = leaving.isolate === a.isolate ? b : a;
    leaving.socket.close();
    const closedAt = performance.now();
    let again: Opened;
    do again = await socketOn(other, path); while (
      again.socket.closeCode !== null && performance.now() - closedAt < 2000
    );
    const ms = Math.round(performance.now() - closedAt);
    console.log(`a socket closed on isolate ${leaving.isolate}: its place taken on ${other.isolate} after ${ms} ms`);
    expect(again.socket.closeCode).toBeNull();
    expect(ms).toBeLessThan(2000);
    await closeAll([...sockets, again]);
  });

  it("15 of one user over 3 sessions leave 10 open", async () => {
    const tokens = [people.riders[0].token, ...moreSessions];
    const sockets = await many(tokens.flatMap((token) => Array(5).fill(riders(token))));
    expect(stillOpen(sockets)).toHaveLength(10);
    expect(refused(sockets)).toHaveLength(5);
    await expectRefusedWithReason(sockets);
    await closeAll(sockets);
  });

  it("105 from one address leave 100 open", async () => {
    // 21 riders, 5 sockets each: no session or user is past its own bound.
    const sockets = await many(people.riders.flatMap((p) => Array(5).fill(riders(p.token))));
    expect(sockets).toHaveLength(105);
    expect(stillOpen(sockets)).toHaveLength(100);
    expect(refused(sockets)).toHaveLength(5);
    await expectRefusedWithReason(sockets);
    await closeAll(sockets);
  }, 60_000);
});

describe("the admin CLI's user:super on both isolates", () => {
  async function admin(...args: string[]) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "scripts/admin.ts", ...args],
      cwd: REPO_ROOT,
      env: { KV_PATH: kvPath },
      stdout: "piped",
      stderr: "piped",
    }).output();
    return new TextDecoder().decode(out.stdout);
  }

  /** A drivers socket of `driver` on each isolate, once the server has admitted both (its log says so). */
  async function onBoth(driver: Person, query: string): Promise<RawSocket[]> {
    const connects = () =>
      server.output().split(`"event":"live.connect","tenant":"greer","userId":"${driver.id}"`).length;
    const before = connects();
    const sockets: RawSocket[] = [];
    for (const on of [a, b]) {
      const conn = await on.another();
      held.push(conn);
      sockets.push(await conn.websocket(`/greer/ws/drivers?${query}token=${driver.token}`));
    }
    await waitFor(() => connects() >= before + 2, "both sockets admitted", 15_000);
    expect(sockets.map((s) => s.closeCode)).toEqual([null, null]);
    return sockets;
  }

  it(
    "making a driver a super admin reopens their sockets (1012); unmaking closes what only a super may hold (1008)",
    async () => {
      const driver: Person = people.drivers[0];
      const plain = await onBoth(driver, "");
      expect(await admin("user:super", "--phone", driver.phone)).toContain("now a super admin");
      for (const s of plain) expect(await s.closed).toEqual({ code: 1012, reason: "Access changed" });

      // Every ride of the tenant: a super admin's right, not a driver's.
      const everything = await onBoth(driver, "scope=all&");
      expect(await admin("user:super", "--phone", driver.phone, "--revoke")).toContain("no longer a super admin");
      for (const s of everything) expect(await s.closed).toEqual({ code: 1008, reason: "Access revoked" });
    },
    60_000,
  );
});

/** The server's resident memory: the process and any children (/proc). */
async function residentBytes(pid: number): Promise<number> {
  let total = 0;
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    const status = await Deno.readTextFile(`/proc/${pids[i]}/status`).catch(() => "");
    total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    for await (const task of Deno.readDir(`/proc/${pids[i]}/task`)) {
      const children = await Deno.readTextFile(`/proc/${pids[i]}/task/${task.name}/children`).catch(() => "");
      pids.push(...children.split(" ").filter(Boolean).map(Number));
    }
  }
  return total;
}

const MB = 1024 * 1024;

/**
 * Asks for a riders socket with no credentials and sends, without waiting for
 * the answer, one masked 50 MB binary frame, as a client whose socket opened
 * would. Answers the HTTP status the server gave.
 */
async function unauthenticatedWithFrame(port: number, payload: Uint8Array): Promise<number> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const head = new TextEncoder().encode(
    `GET /greer/ws/riders HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nupgrade: websocket\r\nconnection: Upgrade\r\n` +
      `sec-websocket-key: ${btoa("0123456789abcdef")}\r\nsec-websocket-version: 13\r\n\r\n`,
  );
  const frame = new Uint8Array(14);
  frame[0] = 0x82; // FIN, binary
  frame[1] = 0x80 | 127; // masked, 64-bit length
  new DataView(frame.buffer).setBigUint64(2, BigInt(payload.length)); // the mask (last 4 bytes) stays zero
  const answer = (async () => {
    const buffer = new Uint8Array(256);
    const n = await conn.read(buffer).catch(() => null);
    return n ? Number(/^HTTP\/1\.1 (\d{3})/.exec(new TextDecoder().decode(buffer.subarray(0, n)))?.[1]) : 0;
  })();
  try {
    for (const part of [head, frame]) await conn.write(part);
    for (let at = 0; at < payload.length; at += MB) {
      const chunk = payload.subarray(at, at + MB);
      let written = 0;
      while (written < chunk.length) written += await conn.write(chunk.subarray(written));
    }
  } catch {
    // The server answered and closed the connection: the rest of the frame had nowhere to go.
  }
  const status = await answer;
  conn.close();
  return status;
}

describe("sockets with no credentials", () => {
  it(
    "20 sending 50 MB each are refused with 401 before the upgrade and raise the server's memory by at most 32 MB",
    async () => {
      const payload = new Uint8Array(50 * MB);
      expect(await unauthenticatedWithFrame(server.port, new Uint8Array(1024))).toBe(401); // warm up the path
      await delay(500);
      const before = await residentBytes(server.pid);
      let peak = before;
      let sending = true;
      const sampling = (async () => {
        while (sending) {
          peak = Math.max(peak, await residentBytes(server.pid));
          await delay(50);
        }
      })();
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () => unauthenticatedWithFrame(server.port, payload)),
      );
      await delay(500);
      sending = false;
      await sampling;
      peak = Math.max(peak, await residentBytes(server.pid));
      console.log(`RSS ${Math.round(before / MB)} MB before, ${Math.round(peak / MB)} MB at most after 20 × 50 MB`);
      expect(statuses).toEqual(Array(20).fill(401));
      expect(peak - before).toBeLessThanOrEqual(32 * MB);
    },
    60_000,
  );
});

describe("a killed server (last: it replaces the server)", () => {
  it("frees its sockets' places within 60 s", async () => {
    const path = riders(people.riders[1].token);
    const sockets = await many(Array(6).fill(path));
    expect(stillOpen(sockets)).toHaveLength(5);
    await server.kill("SIGKILL");
    const killedAt = performance.now();
    for (const c of held.splice(0)) c.close();
    await server.stop(); // its temporary directory; the KV file is this test's
    await start();
    let again: Opened[];
    do again = await many(Array(5).fill(path)); while (
      stillOpen(again).length < 5 && performance.now() - killedAt < 60_000 && (await closeAll(again), true)
    );
    console.log(`killed: the places were free ${Math.round(performance.now() - killedAt)} ms later`);
    expect(stillOpen(again)).toHaveLength(5);
    await closeAll(again);
  }, 90_000);
});
