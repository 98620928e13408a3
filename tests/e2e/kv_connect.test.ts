/**
 * Several app machines on one store over KV Connect (KV_PATH=http(s)://… with
 * DENO_KV_ACCESS_TOKEN, docs/operations.md): a server of one isolate
 * (main.ts) and one of two (serve.ts) on one KV Connect server
 * (tests/helpers/kv_connect_server.ts, standing for a self-hosted denokv).
 * Neither takes a file lock, so neither refuses the other; a ride requested
 * at one reaches a driver's socket held by the other, and the driver's move
 * made there shows on the rider's screen at the first. A start with a wrong
 * token stops, naming the variables.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ride } from "../../lib/rides.ts";
import { waitFor } from "../helpers/live.ts";
import { type KvConnectServer, startKvConnectServer } from "../helpers/kv_connect_server.ts";
import { PinnedConnection, type RawSocket } from "../helpers/pinned_connection.ts";
import { type Person, SEEDED_ENV, seedPeople } from "./seeded_people.ts";
import { REPO_ROOT, startServer, type TestServer } from "./server.ts";

const TOKEN = "kv-connect-test-token-0123";
const INSIDE = { lat: 34.9410, lng: -82.2250 };
const INSIDE_2 = { lat: 34.9370, lng: -82.2290 };

let store: KvConnectServer;
let one: TestServer;
let two: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
const held: { close(): void }[] = [];

beforeAll(async () => {
  store = startKvConnectServer(TOKEN);
  Deno.env.set("DENO_KV_ACCESS_TOKEN", TOKEN); // seedPeople opens the store from this process
  people = await seedPeople(store.url, { riders: 1, drivers: 1 });
  const env = { ...SEEDED_ENV, KV_PATH: store.url, DENO_KV_ACCESS_TOKEN: TOKEN };
  one = await startServer({ env });
  two = await startServer({ env, isolates: 2 });
}, 90_000);

afterAll(async () => {
  for (const c of held.splice(0)) c.close();
  await one?.stop();
  await two?.stop();
  await store?.close();
  Deno.env.delete("DENO_KV_ACCESS_TOKEN");
});

const bearer = (p: Person) => ({ authorization: `Bearer ${p.token}` });

async function call(server: TestServer, method: string, path: string, who: Person, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...bearer(who), ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** A driver's socket on `server`, once the server has admitted it (its log says so). */
async function driverSocket(server: TestServer, driver: Person): Promise<RawSocket> {
  const connects = () =>
    server.output().split(`"event":"live.connect","tenant":"greer","userId":"${driver.id}"`).length;
  const before = connects();
  const connection = await PinnedConnection.open(server.port);
  held.push(connection);
  const socket = await connection.websocket(`/greer/ws/drivers?token=${driver.token}`);
  await waitFor(() => connects() > before, "the driver socket admitted", 10_000);
  return socket;
}

describe("app machines on one KV Connect store", () => {
  it("both start on the store, neither refused by a lock, and every request carries the access token", async () => {
    for (const server of [one, two]) {
      expect(server.output()).toContain(`(KV: ${store.url})`);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    }
    expect(store.tokens.length).toBeGreaterThan(0);
    expect(store.tokens.every((t) => t === TOKEN)).toBe(true);
  });

  it("deliver a ride requested at one machine to a driver socket on the other, and the driver's move back", async () => {
    const [rider, driver] = [people.riders[0], people.drivers[0]];
    const online = await call(two, "PUT", "/greer/api/drivers/availability", driver, {
      isAvailable: true,
      location: INSIDE,
    });
    expect(online.status).toBe(200);
    const socket = await driverSocket(two, driver);
    const requested = await call(one, "POST", "/greer/api/rides", rider, {
      pickup: INSIDE,
      dropoff: INSIDE_2,
      passengerCt: 1,
    });
    expect(requested.status).toBe(201);
    const { ride } = requested.json as { ride: Ride };
    await waitFor(
      () => socket.messages<{ type: string; ride?: Ride }>().some((m) => m.type === "new" && m.ride?.id === ride.id),
      "the new ride on the other machine's driver socket",
      10_000,
    );
    const accepted = await call(two, "PUT", `/greer/api/rides/${ride.id}`, driver, { status: "accepted" });
    expect(accepted.status).toBe(200);
    const mine = await call(one, "GET", "/greer/api/rides/my", rider);
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ id: ride.id, status: "accepted", assignedDriverId: driver.id });
  });

  it("stop a start whose token the store refuses, naming KV_PATH and DENO_KV_ACCESS_TOKEN", async () => {
    const refused = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts"],
      cwd: REPO_ROOT,
      clearEnv: true,
      env: {
        ...SEEDED_ENV,
        PATH: Deno.env.get("PATH") ?? "",
        PORT: "0",
        KV_PATH: store.url,
        DENO_KV_ACCESS_TOKEN: "not-the-token-0123",
        MAP_STYLE_URL: "offline",
      },
      stdout: "piped",
      stderr: "piped",
    }).output();
    expect(refused.code).toBe(1);
    const said = new TextDecoder().decode(refused.stderr);
    expect(said).toContain(`Could not open the KV Connect store KV_PATH=${store.url} with DENO_KV_ACCESS_TOKEN`);
    expect(said).toContain("401");
  });
});
