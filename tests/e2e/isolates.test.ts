/**
 * One isolate per core: the production start (serve.ts under
 * `deno serve --parallel`) with two isolates on one KV file, each request
 * sent on a connection known to reach a given isolate
 * (tests/helpers/pinned_connection.ts; GET /healthz names the isolate).
 * What one isolate does reaches what the other holds: a ride requested
 * through A reaches a driver's socket on B, a role removed through A closes
 * the socket on B, the sign-in limits are counted once, and neither keeps a
 * reused read the other's write made stale. Latencies are logged, not
 * asserted (no timed assertions in tests).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { lockStore } from "../../kv/lock.ts";
import type { Ride } from "../../lib/rides.ts";
import { waitFor } from "../helpers/live.ts";
import { PinnedConnection, type RawSocket } from "../helpers/pinned_connection.ts";
import { type Person, SEEDED_ENV, seedPeople } from "./seeded_people.ts";
import { REPO_ROOT, startServer, type TestServer } from "./server.ts";

const INSIDE = { lat: 34.9410, lng: -82.2250 };
const INSIDE_2 = { lat: 34.9370, lng: -82.2290 };

let dir: string;
let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
/** Connections held open by a test, closed at the end. */
const held: PinnedConnection[] = [];

beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "hopper-isolates-" });
  const kvPath = join(dir, "hopper.kv");
  people = await seedPeople(kvPath, { riders: 3, drivers: 2, admins: 1 });
  server = await startServer({ env: { KV_PATH: kvPath, ...SEEDED_ENV }, isolates: 2 });
}, 60_000);

afterAll(async () => {
  for (const c of held.splice(0)) c.close();
  await server?.stop();
  await Deno.remove(dir, { recursive: true }).catch(() => {});
});

/** A connection on each of the two isolates: [A, B]. */
async function twoIsolates(): Promise<[PinnedConnection, PinnedConnection]> {
  const [a, b] = await PinnedConnection.onEachIsolate(server.port, 2);
  held.push(a, b);
  expect(a.isolate).not.toBe(b.isolate);
  return [a, b];
}

const bearer = (p: Person) => ({ authorization: `Bearer ${p.token}` });

async function goOnline(on: PinnedConnection, driver: Person): Promise<void> {
  const res = await on.request("PUT", "/greer/api/drivers/availability", {
    headers: bearer(driver),
    body: { isAvailable: true, location: INSIDE },
  });
  expect(res.status, res.text).toBe(200);
}

/** A driver's socket on `on`'s isolate (a connection of its own), once the server has admitted it (its log says so). */
async function driverSocket(on: PinnedConnection, driver: Person): Promise<RawSocket> {
  const connects = () =>
    server.output().split(`"event":"live.connect","tenant":"greer","userId":"${driver.id}"`).length;
  const before = connects();
  const socket = await (await on.another()).websocket(`/greer/ws/drivers?token=${driver.token}`);
  await waitFor(() => connects() > before, "the driver socket admitted", 10_000);
  return socket;
}

describe("two isolates on one KV file (deno serve --parallel)", () => {
  it("start as one server: one prints the start, both answer, and a second server on the file is refused", async () => {
    expect(server.output()).toContain("listening on http://localhost:");
    const [a, b] = await twoIsolates();
    expect((await a.request("GET", "/healthz")).json()).toMatchObject({ status: "ok", isolate: a.isolate });
    expect((await b.request("GET", "/healthz")).json()).toMatchObject({ status: "ok", isolate: b.isolate });
    const second = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts"],
      cwd: REPO_ROOT,
      env: { PORT: "0", KV_PATH: server.kvPath, MAP_STYLE_URL: "offline", CONTACT_EMAIL: "hello@hopper.test" },
      stdout: "piped",
      stderr: "piped",
    });
    const refused = await second.output();
    expect(refused.code).toBe(1);
    expect(new TextDecoder().decode(refused.stderr)).toContain(`is already using the KV file ${server.kvPath}`);
  });

  it("deliver a ride requested through one isolate to a driver socket held by the other", async () => {
    const [a, b] = await twoIsolates();
    const driver = people.drivers[0];
    await goOnline(b, driver);
    const socket = await driverSocket(b, driver);
    const sent = performance.now();
    const res = await a.request("POST", "/greer/api/rides", {
      headers: bearer(people.riders[0]),
      body: { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1 },
    });
    const answered = performance.now();
    expect(res.status, res.text).toBe(201);
    const { ride } = res.json<{ ride: Ride }>();
    const arrived = () =>
      socket.messages<{ type: string; ride?: Ride }>().findIndex((m) => m.type === "new" && m.ride?.id === ride.id);
    await waitFor(() => arrived() >= 0, "the new ride on the other isolate's driver socket", 10_000);
    const at = socket.times[arrived()];
    console.log(
      `ride ${ride.id}: answered by isolate ${a.isolate} in ${Math.round(answered - sent)} ms; ` +
        `on the driver socket of isolate ${b.isolate} ${Math.round(at - answered)} ms after the answer ` +
        `(${Math.round(at - sent)} ms after sending)`,
    );
    socket.close();
  });

  it("close a driver's socket on one isolate when a role is removed through the other, and refuse their calls there", async () => {
    const [a, b] = await twoIsolates();
    const driver = people.drivers[1];
    const admin = people.admins[0];
    await goOnline(b, driver); // B now reuses who is asking for this driver (kv/signed_in.ts, 5 s)
    const socket = await driverSocket(b, driver);
    const before = await b.request("GET", "/greer/api/drivers/availability", { headers: bearer(driver) });
    expect(before.status).toBe(200);
    const removing = performance.now();
    const removed = await a.request("DELETE", `/greer/api/user/${driver.id}/roles?role=driver`, {
      headers: bearer(admin),
    });
    expect(removed.status, removed.text).toBe(200);
    // Within B's 5 s reuse window, B already knows: A's write dropped B's copy.
    const after = await b.request("GET", "/greer/api/drivers/availability", { headers: bearer(driver) });
    expect(after.status).toBe(403);
    const { code } = await socket.closed;
    expect(code).toBe(1008);
    console.log(
      `role removed through isolate ${a.isolate}: socket on ${b.isolate} closed after ` +
        `${Math.round(performance.now() - removing)} ms`,
    );
  });

  it("keep no active ride the other isolate's write has changed", async () => {
    const [a, b] = await twoIsolates();
    const rider = people.riders[1];
    await goOnline(a, people.drivers[0]);
    const made = await a.request("POST", "/greer/api/rides", {
      headers: bearer(rider),
      body: { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1 },
    });
    expect(made.status, made.text).toBe(201);
    const { ride } = made.json<{ ride: Ride }>();
    // B reads the rider's active ride and reuses it for 2 s (kv/rides.ts recentActiveRideOf).
    const mine = await b.request("GET", "/greer/api/rides/my", { headers: bearer(rider) });
    expect(mine.json<Ride | null>()?.id).toBe(ride.id);
    const canceled = await a.request("PUT", `/greer/api/rides/${ride.id}`, {
      headers: bearer(rider),
      body: { status: "canceled" },
    });
    expect(canceled.status, canceled.text).toBe(200);
    const now = await b.request("GET", "/greer/api/rides/my", { headers: bearer(rider) });
    expect(now.json<Ride | null>()).toBeNull();
  });

  it("show a tenant's new name on the other isolate's pages at once", async () => {
    const [a, b] = await twoIsolates();
    // B renders the page and keeps its answer (server/page_shortcut.ts) and the tenant (kv/tenants.ts) for 2 s.
    const before = await b.request("GET", "/greer/login");
    expect(before.status).toBe(200);
    expect(before.text).toContain("City of Greer");
    const renamed = await a.request("PUT", "/greer/api/admin/settings", {
      headers: bearer(people.admins[0]),
      body: { name: "Greer Link" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const after = await b.request("GET", "/greer/login");
    expect(after.status).toBe(200);
    expect(after.text).toContain("Greer Link");
  });

  it("count the sign-in limits once: a number gets 3 codes in 15 minutes across both isolates", async () => {
    const [a, b] = await twoIsolates();
    const login = (on: PinnedConnection, phoneNumber: string) =>
      on.request("POST", "/api/auth/login", { body: { phoneNumber } });
    const taking = [a, b, a, b, a, b];
    const statuses: number[] = [];
    for (const on of taking) statuses.push((await login(on, "8645550177")).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);

    // A burst over both at once: still three.
    const connections = [a, b, await a.another(), await b.another(), await a.another(), await b.another()];
    held.push(...connections.slice(2));
    const burst = await Promise.all(connections.map((on) => login(on, "8645550178")));
    expect(
      burst.map((r) => r.status).sort(),
      server.output().split("\n").filter((l) => l.includes('"level":"error"')).join("\n"),
    ).toEqual([
      200,
      200,
      200,
      429,
      429,
      429,
    ]);
  });
});

describe("deno task start's launcher (scripts/serve.ts)", () => {
  it("refuses PORT=0, which would give each isolate a port of its own", async () => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-run", "--allow-env", "--allow-read", "scripts/serve.ts"],
      cwd: REPO_ROOT,
      env: { PORT: "0" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    expect(out.code).toBe(1);
    expect(new TextDecoder().decode(out.stderr)).toContain("PORT must be a port number (1-65535)");
  });
});

describe("a stop signal as the server starts", () => {
  it("stops and exits 0 when SIGTERM comes as soon as the server says it listens", async () => {
    // The second isolate may still be starting then. One that already listened keeps the signal and stops once
    // started; one still loading hears the first isolate's "stop" when it says hello; one that never said hello
    // served nothing and ends with the process. It used to miss the signal: the process waited out the grace and
    // exited 1, or did not stop. A race, so several starts.
    for (let i = 0; i < 4; i++) {
      const fresh = await startServer({ isolates: 2 });
      const status = await fresh.kill("SIGTERM");
      expect(status.code, fresh.output()).toBe(0);
      // Each isolate that began to stop finished draining; none was forced or late.
      const stopping = fresh.output().match(/"event":"server\.stopping"/g)?.length ?? 0;
      expect(stopping, fresh.output()).toBeGreaterThan(0);
      expect(fresh.output().match(/"event":"server\.stopped","sockets"/g), fresh.output()).toHaveLength(stopping);
      expect(fresh.output(), fresh.output()).not.toMatch(/stop_forced|"level":"warn","event":"server\.stopped"/);
      await fresh.stop();
    }
  }, 60_000);
});

describe("stopping two isolates (last: it ends the server)", () => {
  it("drains both on SIGTERM, closes their sockets with 1001, exits 0 and frees the KV file", async () => {
    const [a, b] = await twoIsolates();
    await goOnline(a, people.drivers[0]);
    const onA = await driverSocket(a, people.drivers[0]);
    const onB = await driverSocket(b, people.drivers[0]);
    const status = await server.kill("SIGTERM");
    expect(status.code, server.output()).toBe(0);
    expect((await onA.closed).code).toBe(1001);
    expect((await onB.closed).code).toBe(1001);
    expect(server.output().match(/"event":"server\.stopped"/g)).toHaveLength(2);
    const lock = await lockStore(server.kvPath); // the process is gone, and so is its lock
    expect(lock).not.toBeNull();
    lock!.release();
  });
});
