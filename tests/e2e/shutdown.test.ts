/**
 * Stopping the real server: SIGTERM and SIGINT stop
 * accepting, close sockets with 1001, answer what is in flight, exit 0; a
 * second server on the same KV file is refused, the admin CLI is not.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { openStore } from "../../kv/open.ts";
import { keys } from "../../kv/keys.ts";
import type { Ride } from "../../lib/rides.ts";
import { STOPPING } from "../../server/shutdown.ts";
import { LiveClient } from "../helpers/live.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { type Person, SEEDED_ENV, seedPeople } from "./seeded_people.ts";
import { REPO_ROOT, startServer, type TestServer } from "./server.ts";

const INSIDE = { lat: 34.9410, lng: -82.2250 };
const INSIDE_2 = { lat: 34.9370, lng: -82.2290 };

let dir: string;
let kvPath: string;
const servers: TestServer[] = [];

beforeEach(async () => {
  dir = await Deno.makeTempDir({ prefix: "hopper-shutdown-" });
  kvPath = join(dir, "hopper.kv");
});
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
  await Deno.remove(dir, { recursive: true });
});

async function start(): Promise<TestServer> {
  const server = await startServer({ env: { KV_PATH: kvPath, ...SEEDED_ENV } });
  servers.push(server);
  return server;
}

async function goOnline(server: TestServer, driver: Person) {
  const res = await fetch(`${server.url}/greer/api/drivers/availability`, {
    method: "PUT",
    headers: { authorization: `Bearer ${driver.token}`, "content-type": "application/json" },
    body: JSON.stringify({ isAvailable: true, location: INSIDE }),
  });
  expect(res.status).toBe(200);
  await res.body?.cancel();
}

/** Whether a new TCP connection to the port is refused (the listener is closed). */
async function refuses(port: number): Promise<boolean> {
  try {
    (await Deno.connect({ hostname: "127.0.0.1", port })).close();
    return false;
  } catch {
    return true;
  }
}

/**
 * A ride request sent over a raw connection in two halves, so it is provably
 * in flight (headers read, body half there) when the test chooses. Answers
 * `finish`, which sends the rest and reads the whole answer.
 */
async function halfSentRideRequest(port: number, rider: Person) {
  const body = JSON.stringify({ pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 2 });
  const head = `POST /greer/api/rides HTTP/1.1\r\nhost: localhost:${port}\r\n` +
    `authorization: Bearer ${rider.token}\r\ncontent-type: application/json\r\n` +
    `content-length: ${body.length}\r\nconnection: close\r\n\r\n`;
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const encoder = new TextEncoder();
  const half = Math.floor(body.length / 2);
  await conn.write(encoder.encode(head + body.slice(0, half)));
  return async () => {
    await conn.write(encoder.encode(body.slice(half)));
    let text = "";
    const decoder = new TextDecoder();
    for await (const chunk of conn.readable) text += decoder.decode(chunk, { stream: true });
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
    return { status, body: text.slice(text.indexOf("\r\n\r\n") + 4) };
  };
}

describe("graceful shutdown", () => {
  it("on SIGTERM answers the request in flight, closes sockets with 1001, turns new requests away, exits 0", async () => {
    const people = await seedPeople(kvPath, { riders: 2, drivers: 1 });
    const server = await start();
    await goOnline(server, people.drivers[0]);
    const socket = new LiveClient(`ws://127.0.0.1:${server.port}/greer/ws/riders?token=${people.riders[1].token}`);
    expect(await socket.opened).toBe(true);
    const finish = await halfSentRideRequest(server.port, people.riders[0]);
    await new Promise((r) => setTimeout(r, 500)); // the server reads the head and starts the handler (ms on any machine)

    const exited = server.kill("SIGTERM");
    expect((await socket.closed).code).toBe(1001);
    // While the request in flight finishes, new ones are turned away with a JSON 503.
    const late = await fetch(`${server.url}/greer/api/rides/my`, {
      headers: { authorization: `Bearer ${people.riders[1].token}` },
    });
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBe("1");
    expect(await late.json()).toEqual({ error: STOPPING });

    const answer = await finish();
    expect(answer.status, answer.body + server.output()).toBe(201);
    const ride = JSON.parse(answer.body).ride as Ride;
    expect(ride.status).toBe("pending");
    expect((await exited).code, server.output()).toBe(0);
    expect(await refuses(server.port)).toBe(true);

    const log = server.output();
    expect(log).toMatch(/"event":"server\.stopping","signal":"SIGTERM"/);
    expect(log).toMatch(/"event":"server\.stopped","sockets":1,/);
    // The in-flight request's own line made it out before exit (the batched log was flushed).
    expect(log).toMatch(/"event":"request","method":"POST","path":"\/greer\/api\/rides","status":201/);

    const kv = await openStore(kvPath);
    try {
      expect((await kv.get<Ride>(keys.ride("greer", ride.id))).value?.passengerCt).toBe(2);
      expect(await rideIndexProblems(kv)).toEqual([]);
    } finally {
      kv.close();
    }
  });

  it("stops the same way on SIGINT (Ctrl-C)", async () => {
    const server = await start();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await server.kill("SIGINT")).code).toBe(0);
    expect(server.output()).toMatch(/"event":"server\.stopped"/);
  });
});

describe("one server per KV file", () => {
  it("refuses a second server on the same file with exit code 1 and a message naming the file", async () => {
    const first = await start();
    const second = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts"],
      cwd: REPO_ROOT,
      env: { PORT: "0", KV_PATH: kvPath, ...SEEDED_ENV },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const printed = new TextDecoder().decode(second.stderr);
    expect(second.code).toBe(1);
    expect(printed).toContain(`Another Hopper server (pid ${first.pid}) is already using the KV file ${kvPath}`);
    expect(new TextDecoder().decode(second.stdout)).not.toContain("listening");
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  });

  it("lets the admin CLI use the file while the server runs, and a new server start after a SIGKILL", async () => {
    const first = await start();
    const admin = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "scripts/admin.ts", "tenant:list"],
      cwd: REPO_ROOT,
      env: { KV_PATH: kvPath },
      stdin: "null",
    }).output();
    expect(admin.code).toBe(0);
    expect(new TextDecoder().decode(admin.stdout)).toContain("greer");
    expect((await first.kill("SIGKILL")).signal).toBe("SIGKILL");
    const next = await start(); // the lock died with the process
    expect((await fetch(`${next.url}/healthz`)).status).toBe(200);
  });
});
