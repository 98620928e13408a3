/**
 * Crash safety: the real server under write load from
 * riders and drivers is killed with SIGKILL at random moments, 60 times, and
 * restarted on the same KV file each time. Afterwards every acknowledged
 * write is there (each ride answered 201 exists; each status answered 200 is
 * the ride's status or one the transition table leads to from it) and every
 * index agrees with the rides (tests/helpers/ride_indexes.ts).
 *
 * In the e2e project, not the unit one: it runs main.ts as a child process
 * for about two minutes, and the e2e project runs one file at a time, so it
 * neither competes with the parallel unit tests for the CPU nor is timed by them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { openStore } from "../../kv/open.ts";
import { keys } from "../../kv/keys.ts";
import { updateTenant } from "../../kv/tenants.ts";
import type { Ride } from "../../lib/rides.ts";
import type { RideStatus } from "../../lib/rides.ts";
import { rideIndexProblems } from "../helpers/ride_indexes.ts";
import { type Person, SEEDED_ENV, seedPeople } from "./seeded_people.ts";
import { startServer, type TestServer } from "./server.ts";

const KILLS = 60;
const RIDERS = 16;
const DRIVERS = 4;
const INSIDE = { lat: 34.9410, lng: -82.2250 };
const INSIDE_2 = { lat: 34.9370, lng: -82.2290 };

/** The spec's transitions (section 4), drivers' and cancels together: what may follow an acknowledged status. */
const NEXT: Record<RideStatus, RideStatus[]> = {
  pending: ["accepted", "canceled"],
  accepted: ["on-the-way", "canceled"],
  "on-the-way": ["arrived", "no-show", "canceled"],
  arrived: ["completed", "canceled"],
  "picked-up": ["completed", "canceled"],
  completed: [],
  canceled: [],
  "no-show": [],
  // A booking is handed over to pending or canceled; this test books none.
  scheduled: ["pending", "canceled"],
};

function reachable(from: RideStatus, to: RideStatus): boolean {
  const seen = new Set<RideStatus>([from]);
  const queue = [from];
  while (queue.length) for (const s of NEXT[queue.shift()!]) if (!seen.has(s)) seen.add(s) && queue.push(s);
  return seen.has(to);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];

/** What the clients were told: every acknowledged (ride, status), and any answer a client should never get. */
const acked: { id: string; status: RideStatus; round: number }[] = [];
const created = new Set<string>();
const serverErrors: string[] = [];
let failedInFlight = 0;

type Answer = { status: number; body: unknown } | null;

/** One API call; null when the connection failed (the server was killed under it). */
async function call(base: string, who: Person, method: string, path: string, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(`${base}/greer/api${path}`, {
      method,
      headers: { authorization: `Bearer ${who.token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = { status: res.status, body: await res.json() };
    if (res.status >= 500) serverErrors.push(`${method} ${path}: ${res.status} ${JSON.stringify(answer.body)}`);
    return answer;
  } catch {
    failedInFlight++;
    return null;
  }
}

function ack(ride: Ride, round: number) {
  acked.push({ id: ride.id, status: ride.status, round });
}

/** A rider: requests a ride when they have none, sometimes cancels it, otherwise checks on it. */
async function riderStep(base: string, rider: Person, known: Map<string, string | null>, round: number) {
  const mine = known.get(rider.id);
  if (!mine) {
    const res = await call(base, rider, "POST", "/rides", { pickup: INSIDE, dropoff: INSIDE_2, passengerCt: 1 });
    if (res?.status === 201) {
      const ride = (res.body as { ride: Ride }).ride;
      created.add(ride.id);
      ack(ride, round);
      known.set(rider.id, ride.id);
      return true;
    }
    if (res?.status !== 409) return res !== null;
  } else if (Math.random() < 0.3) {
    const res = await call(base, rider, "PUT", `/rides/${mine}`, { status: "canceled" });
    if (res?.status === 200) {
      ack((res.body as { ride: Ride }).ride, round);
      known.set(rider.id, null);
      return true;
    }
    if (res === null) return false;
  }
  // A 409 (a ride already active: a request that committed unanswered before a kill) or a check-in: read it.
  const now = await call(base, rider, "GET", "/rides/my");
  if (now === null) return false;
  known.set(rider.id, (now.body as Ride | null)?.id ?? null);
  return true;
}

/** A driver: moves their own ride one stage on (sometimes cancels it), else accepts a pending one. */
async function driverStep(base: string, driver: Person, round: number) {
  const list = await call(base, driver, "GET", "/driver/rides");
  if (list === null) return false;
  const rides = list.status === 200 ? list.body as Ride[] : [];
  const own = rides.find((r) => r.assignedDriverId === driver.id);
  let target: Ride | undefined;
  let to: RideStatus;
  if (own) {
    target = own;
    const onward: Partial<Record<RideStatus, RideStatus>> = {
      accepted: "on-the-way",
      "on-the-way": Math.random() < 0.8 ? "arrived" : "no-show",
      arrived: "completed",
      "picked-up": "completed",
    };
    to = Math.random() < 0.1 ? "canceled" : onward[own.status] ?? "canceled";
  } else {
    const pending = rides.filter((r) => r.status === "pending");
    if (pending.length === 0) return true;
    target = pick(pending);
    to = "accepted";
  }
  const res = await call(base, driver, "PUT", `/rides/${target.id}`, { status: to });
  if (res?.status === 200) ack((res.body as { ride: Ride }).ride, round);
  return res !== null;
}

let dir: string;
let kvPath: string;
let people: Awaited<ReturnType<typeof seedPeople>>;

beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "hopper-crash-" });
  kvPath = join(dir, "hopper.kv");
  people = await seedPeople(kvPath, { riders: RIDERS, drivers: DRIVERS });
  // Drivers here mark riders no-show at random; the no-show pause would stop their requests, and the load
  // with them, so it is set as loose as it goes. A no-show needs the driver to have waited at the pickup: drivers say
  // they are at INSIDE, every ride's pickup, as each round starts, and the wait is the shortest, so rides held over
  // a minute of rounds can be marked (a refused one is a 409, never acknowledged).
  const kv = await openStore(kvPath);
  try {
    await updateTenant(kv, "greer", (t) => ({
      ...t,
      noShow: { warnAt: 20, suspendAt: 20, suspendDays: 1, windowDays: 1, waitMinutes: 1 },
    }));
  } finally {
    kv.close();
  }
});
afterAll(async () => await Deno.remove(dir, { recursive: true }));

async function start(): Promise<TestServer> {
  return await startServer({ env: { KV_PATH: kvPath, ...SEEDED_ENV } });
}

describe("crash safety", () => {
  it(`keeps every acknowledged ride write and consistent indexes through ${KILLS} SIGKILLs under load`, async () => {
    const known = new Map<string, string | null>();
    let roundsWithWrites = 0;
    for (let round = 0; round < KILLS; round++) {
      const server = await start();
      for (const d of people.drivers) {
        const res = await call(server.url, d, "PUT", "/drivers/availability", { isAvailable: true, location: INSIDE });
        expect(res?.status, server.output()).toBe(200);
      }
      const before = acked.length;
      let stop = false;
      const loop = async (step: () => Promise<boolean>) => {
        while (!stop && await step()) await sleep(Math.random() * 20);
      };
      const loops = [
        ...people.riders.map((r) => loop(() => riderStep(server.url, r, known, round))),
        ...people.drivers.map((d) => loop(() => driverStep(server.url, d, round))),
      ];
      await sleep(200 + Math.random() * 600); // a random moment, with requests of every kind in flight
      const status = await server.kill("SIGKILL");
      stop = true;
      await Promise.all(loops);
      await server.stop();
      expect(status.signal).toBe("SIGKILL");
      if (acked.length > before) roundsWithWrites++;
    }

    const kv = await openStore(kvPath);
    const missing: string[] = [];
    try {
      for (const { id, status, round } of acked) {
        const ride = (await kv.get<Ride>(keys.ride("greer", id))).value;
        if (!ride) missing.push(`ride ${id} (${status}, acknowledged in round ${round}) is gone`);
        else if (!reachable(status, ride.status)) {
          missing.push(`ride ${id} was acknowledged ${status} in round ${round}, is now ${ride.status}`);
        }
      }
      expect(await rideIndexProblems(kv)).toEqual([]);
    } finally {
      kv.close();
    }
    expect(missing).toEqual([]);
    expect(serverErrors).toEqual([]);
    // The load was real: many writes acknowledged across most rounds, and kills cut requests off mid-flight.
    expect(created.size).toBeGreaterThan(KILLS);
    expect(acked.length).toBeGreaterThan(KILLS * 5);
    expect(roundsWithWrites).toBeGreaterThan(KILLS * 0.8);
    expect(failedInFlight).toBeGreaterThan(KILLS);
    console.log(
      `crash test: ${KILLS} kills, ${created.size} rides created, ${acked.length} writes acknowledged, ` +
        `${failedInFlight} requests cut off by a kill`,
    );

    // And the store still serves and stops cleanly.
    const last = await start();
    const mine = await call(last.url, people.riders[0], "GET", "/rides/my");
    expect(mine?.status).toBe(200);
    expect((await last.kill("SIGTERM")).code).toBe(0);
    await last.stop();
  }, 300_000);
});
