/**
 * The wait at the pickup before a no-show (lib/no_show_wait.ts) on the
 * production start: two isolates on one KV file (`deno serve --parallel`),
 * each request on a connection pinned to one of them
 * (tests/helpers/pinned_connection.ts). The arrival one isolate records from
 * a location report is what the other refuses an early no-show with; two
 * reports reaching the pickup at once on both isolates record one arrival;
 * once the tenant's wait (set to its shortest, 1 minute) has passed on the
 * real clock, the no-show goes through and the rider is texted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { openStore } from "../../kv/open.ts";
import type { FeedEntry } from "../../kv/feed.ts";
import { keys } from "../../kv/keys.ts";
import { updateTenant } from "../../kv/tenants.ts";
import { DEFAULT_NO_SHOW } from "../../lib/no_show.ts";
import type { Ride } from "../../lib/rides.ts";
import { waitFor } from "../helpers/live.ts";
import { PinnedConnection } from "../helpers/pinned_connection.ts";
import { type Person, SEEDED_ENV, seedPeople } from "./seeded_people.ts";
import { startServer, type TestServer } from "./server.ts";

/** The pickup, and where the driver waits for the ride: about 300 m from it. */
const PICKUP = { lat: 34.9410, lng: -82.2250 };
const AWAY = { lat: 34.9387, lng: -82.2271 };

let dir: string;
let server: TestServer;
let people: Awaited<ReturnType<typeof seedPeople>>;
const held: PinnedConnection[] = [];

beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "hopper-no-show-" });
  const kvPath = join(dir, "hopper.kv");
  people = await seedPeople(kvPath, { riders: 1, drivers: 1 });
  const kv = await openStore(kvPath);
  try {
    // The shortest wait the setting takes: the test waits it out on the real clock.
    await updateTenant(kv, "greer", (t) => ({ ...t, noShow: { ...DEFAULT_NO_SHOW, ...t.noShow, waitMinutes: 1 } }));
  } finally {
    kv.close();
  }
  server = await startServer({ env: { KV_PATH: kvPath, ...SEEDED_ENV }, isolates: 2 });
}, 60_000);

afterAll(async () => {
  for (const c of held.splice(0)) c.close();
  await server?.stop();
  await Deno.remove(dir, { recursive: true }).catch(() => {});
});

const bearer = (p: Person) => ({ authorization: `Bearer ${p.token}` });

async function call(on: PinnedConnection, method: string, path: string, who: Person, body?: unknown) {
  const res = await on.request(method, path, { headers: bearer(who), ...(body !== undefined && { body }) });
  return { status: res.status, data: res.text ? res.json<Record<string, unknown>>() : null };
}

describe("the wait at the pickup on two isolates", () => {
  it("records one arrival from both isolates and holds the no-show on either until the wait is over", async () => {
    const [a, b] = await PinnedConnection.onEachIsolate(server.port, 2);
    held.push(a, b);
    expect(a.isolate).not.toBe(b.isolate);
    const [rider] = people.riders;
    const [driver] = people.drivers;

    expect(
      (await call(a, "PUT", "/greer/api/drivers/availability", driver, { isAvailable: true, location: AWAY }))
        .status,
    ).toBe(200);
    const asked = await call(a, "POST", "/greer/api/rides", rider, {
      pickup: PICKUP,
      destination: "Library",
      passengerCt: 1,
    });
    expect(asked.status).toBe(201);
    const id = (asked.data!.ride as Ride).id;
    const moveOn = (on: PinnedConnection, status: string) =>
      call(on, "PUT", `/greer/api/rides/${id}`, driver, { status });
    expect((await moveOn(b, "accepted")).status).toBe(200);
    expect((await moveOn(a, "on-the-way")).status).toBe(200);

    // Accepted, on the way, no-show in a second: refused on either isolate.
    for (const on of [a, b]) {
      expect(await moveOn(on, "no-show")).toEqual({
        status: 409,
        data: {
          error: "A no-show can be marked only after waiting at the pickup. Your location has not reached it yet.",
        },
      });
    }

    // Both isolates hear the driver reach the pickup at once: one arrival is recorded, with one feed entry.
    const before = Date.now();
    const reports = await Promise.all(
      [a, b].map((on) => call(on, "PUT", "/greer/api/users/location", driver, { location: PICKUP })),
    );
    expect(reports.map((r) => r.status)).toEqual([200, 200]);
    const kv = await openStore(server.kvPath);
    let ride: Ride;
    try {
      ride = (await kv.get<Ride>(keys.ride("greer", id))).value!;
      const arrivals = (await Array.fromAsync(kv.list<FeedEntry>({ prefix: keys.feedFrom("greer") })))
        .map((e) => e.value)
        .filter((e) => e.ride.id === id && e.previous === "on-the-way" && e.ride.status === "on-the-way");
      expect(arrivals).toHaveLength(1);
      expect(arrivals[0].ride.reachedPickupAt).toBe(ride.reachedPickupAt);
    } finally {
      kv.close();
    }
    expect(ride.reachedPickupAt).toBeGreaterThanOrEqual(before);
    expect(ride.noShowFrom).toBe(ride.reachedPickupAt! + 60_000);

    // The other isolate's list carries the same arrival, and it refuses with the time left.
    for (const on of [b, a]) {
      const list = await call(on, "GET", "/greer/api/driver/rides", driver);
      expect((list.data as unknown as Ride[]).find((r) => r.id === id)).toMatchObject({ noShowFrom: ride.noShowFrom });
      const early = await moveOn(on, "no-show");
      expect(early.status).toBe(409);
      expect(early.data!.error).toMatch(/^Wait (1:00|0:[0-5]\d) more at the pickup before marking a no-show\.$/);
    }
    // Driving away and back does not restart the wait.
    await call(b, "PUT", "/greer/api/users/location", driver, { location: AWAY });
    await call(a, "PUT", "/greer/api/users/location", driver, { location: PICKUP });

    // Past the wait on the real clock (a minute), the no-show goes through.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ride.noShowFrom! - Date.now()) + 200));
    const done = await moveOn(b, "no-show");
    expect(done.status, JSON.stringify(done.data)).toBe(200);
    expect(done.data!.ride as Ride).toMatchObject({ status: "no-show", reachedPickupAt: ride.reachedPickupAt });
    // The rider is texted (the console sender prints it), once.
    const text =
      `[sms to ${rider.phone}] City of Greer: Your driver waited 1 min at the pickup and marked your ride a no-show.`;
    await waitFor(() => server.output().includes(text), "the rider's no-show text", 10_000);
    expect(server.output().split(text).length - 1).toBe(1);
  }, 120_000);
});
