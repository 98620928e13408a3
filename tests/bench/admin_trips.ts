/**
 * The admin trips page with a long history: 10,000 rides in KV,
 * written through kv/rides.ts (so counters and the trip-status index are
 * kept as in production), then the real server answers the calls the trips
 * screen makes when it opens: the first page, the counts, and a first page
 * filtered to a rare status. Reported as median and p95 of sequential calls
 * over HTTP on loopback.
 *
 * Run alone: `deno run -A tests/bench/admin_trips.ts` (also part of `deno task bench`).
 */
import { openStore } from "../../kv/open.ts";
import { createRide, updateRideStatus } from "../../kv/rides.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";
import { getUserByPhone } from "../helpers/kv_reads.ts";
import type { RideStatus } from "../../lib/rides.ts";
import { benchToken, start, TOKEN_ENV } from "./bench_server.ts";

export const RIDES = 10_000;
const CALLS = 200;
/** The trips screen asks for 50 at a time (islands/AdminTrips.tsx PAGE_SIZE). */
const TARGET_MS = 50;

/** A believable mix, most rides long finished: 1 in 100 no-show, so the filtered page must skip far. */
function finalStatus(i: number): RideStatus {
  if (i % 100 === 7) return "no-show";
  if (i % 10 === 3) return "canceled";
  if (i >= RIDES - 20) return i % 2 ? "pending" : "accepted";
  return "completed";
}

/** Writes the demo tenant and RIDES rides through kv/; answers a bearer token of the demo admin. */
export async function seedTrips(kvPath: string): Promise<{ token: string; seedMs: number }> {
  const kv = await openStore(kvPath);
  const started = performance.now();
  try {
    const now = Date.now() - RIDES * 60_000;
    await seedDemoTenant(kv, now);
    for (let i = 0; i < RIDES; i++) {
      const at = now + i * 60_000;
      const res = await createRide(kv, {
        timeZone: "America/New_York",
        tenant: "greer",
        // Each rider holds one active ride at a time: spread the few active ones over riders.
        creatorId: `bench-rider-${i}`,
        pickup: { lat: 34.9387, lng: -82.2271 },
        dropoff: null,
        destination: `Stop ${i}`,
        passengerCt: 1 + (i % 5),
        rider: { name: `Rider ${i}`, phoneNumber: "8645559999", photoUrl: null },
      }, at);
      if (!res.ok) throw new Error(`ride ${i}: ${res.reason}`);
      const to = finalStatus(i);
      if (to === "pending") continue;
      await updateRideStatus(kv, {
        tenant: "greer",
        id: res.ride.id,
        to,
        actorId: "bench-driver",
        driver: { name: "Bench Driver", phoneNumber: "8645550101" },
        now: at + 30_000,
        decide: () => Promise.resolve({ ok: true }),
      });
    }
    const admin = await getUserByPhone(kv, DEMO_ADMIN_PHONE);
    if (!admin) throw new Error("the demo admin was not seeded");
    const token = await benchToken(kv, admin.id);
    return { token, seedMs: performance.now() - started };
  } finally {
    kv.close();
  }
}

async function timeCalls(url: string, token: string): Promise<{ p50: number; p95: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < CALLS + 10; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${new TextDecoder().decode(body)}`);
    // The first 10 warm the server up (JIT, KV page cache).
    if (i >= 10) times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(CALLS / 2)], p95: times[Math.floor(CALLS * 0.95)], bytes };
}

/** Seeds a store, serves it, and answers the report's rows. */
export async function benchAdminTrips(): Promise<string[]> {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/trips.kv`;
  const { token, seedMs } = await seedTrips(kvPath);
  const server = await start("main.ts", { KV_PATH: kvPath, ...TOKEN_ENV });
  const rows: string[] = [];
  try {
    const f = (n: number) => n.toFixed(2);
    for (
      const [what, path] of [
        ["first page of 50", "/greer/api/admin/rides?limit=50"],
        ["counts (tiles, Y of 'Showing X of Y')", "/greer/api/admin/rides/counts"],
        ["first page filtered to no-show (1 in 100)", "/greer/api/admin/rides?limit=50&status=no-show"],
      ]
    ) {
      const t = await timeCalls(server.url + path, token);
      rows.push(
        `| admin trips, ${RIDES.toLocaleString("en-US")} rides in KV: ${what} | median ${f(t.p50)} ms, p95 ${
          f(t.p95)
        } ms (${t.bytes} bytes) | | p95 ≤ ${TARGET_MS} ms ${t.p95 <= TARGET_MS ? "✓" : "✗"} |`,
      );
    }
    rows.push(
      `| admin trips: writing the ${RIDES.toLocaleString("en-US")} rides through kv/ (set-up, not a target) | ${
        (seedMs / 1000).toFixed(1)
      } s | | |`,
    );
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
  return rows;
}

if (import.meta.main) {
  for (const row of await benchAdminTrips()) console.log(row);
}
