/**
 * Reports at a year's size: 100,000 rides over 365 days in KV, a
 * believable mix of outcomes, 40 drivers and 60 pickup places, the completed
 * rides in 12 vans (so the shared-service figures are read too). The rides are
 * written straight to their keys (writing them through kv/rides.ts would take
 * minutes), then `reports:rebuild`'s function builds the rollups, which is
 * itself measured: it is the backfill an operator runs. Then the real server
 * answers GET /greer/api/admin/reports for the whole year, sequentially over
 * HTTP on loopback: median and p95.
 *
 * Run alone: `deno run -A tests/bench/reports.ts` (also part of `deno task bench`).
 */
import { openStore } from "../../kv/open.ts";
import { keys } from "../../kv/keys.ts";
import { rebuildReports } from "../../kv/report_rebuild.ts";
import { localOf } from "../../kv/report_rollups.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";
import { addDays } from "../../lib/reports.ts";
import { ulid } from "../../lib/ids.ts";
import type { Ride, RideStatus } from "../../lib/rides.ts";
import { getUserByPhone } from "../helpers/kv_reads.ts";
import { benchToken, start, TOKEN_ENV } from "./bench_server.ts";

export const YEAR_RIDES = 100_000;
const CALLS = 50;
const TARGET_MS = 200;
const ZONE = "America/New_York";
const MIN = 60_000;
/** The year ends on this day (local), so the range is fixed whatever day the bench runs. */
const LAST_DAY = "2026-10-31";
const FIRST_DAY = addDays(LAST_DAY, -364);

function statusOf(i: number): RideStatus {
  if (i % 50 === 7) return "no-show";
  if (i % 12 === 3) return "canceled";
  return "completed";
}

/** One ride of the year, its times spread over the service day. */
function rideAt(i: number, start: number): Ride {
  const status = statusOf(i);
  const day = Math.floor((i * 365) / YEAR_RIDES);
  const requestedAt = start + day * 24 * 60 * MIN + ((i * 37) % (16 * 60)) * MIN;
  const accepted = status !== "canceled" || i % 2 === 0;
  const acceptedAt = accepted ? requestedAt + (1 + (i % 4)) * MIN : null;
  const arrivedAt = status === "completed" ? requestedAt + (4 + (i % 15)) * MIN : null;
  const driver = accepted ? `bench-driver-${i % 40}` : null;
  return {
    id: ulid(requestedAt),
    tenant: "greer",
    creatorId: `bench-rider-${i % 2000}`,
    assignedDriverId: driver,
    status,
    pickup: { lat: 34.93 + (i % 60) * 0.0003, lng: -82.23 + (i % 60) * 0.0002 },
    ...(i % 4 === 0 && { pickupName: `Stop ${i % 60}` }),
    dropoff: { lat: 34.93 + ((i * 7) % 60) * 0.0003, lng: -82.23 + ((i * 7) % 60) * 0.0002 },
    destination: `Stop ${(i * 7) % 60}`,
    passengerCt: 1 + (i % 3),
    requestedAt,
    acceptedAt,
    onTheWayAt: acceptedAt,
    arrivedAt,
    pickedUpAt: null,
    completedAt: arrivedAt === null ? null : arrivedAt + (6 + (i % 20)) * MIN,
    canceledAt: status === "canceled" ? requestedAt + 5 * MIN : null,
    noShowAt: status === "no-show" ? requestedAt + 15 * MIN : null,
    riderName: `Rider ${i % 2000}`,
    riderPhone: "8645559999",
    riderPhotoUrl: null,
    driverName: driver && `Driver ${i % 40}`,
    driverPhone: driver && "8645550101",
    updatedAt: requestedAt + 30 * MIN,
    ...(status === "canceled" && { canceledBy: i % 2 === 0 ? "staff" as const : "rider" as const }),
    ...(status === "completed" && i % 3 === 0 && { feedback: { rating: 3 + (i % 3), comment: null, at: 0 } }),
    local: localOf(requestedAt, ZONE),
    ...(status === "completed" && { vehicleId: `bench-van-${i % 12}` }),
  };
}

/** Writes the demo tenant and a year of rides; answers the admin's token and how long the backfill took. */
export async function seedYear(kvPath: string): Promise<{ token: string; writeMs: number; rebuildMs: number }> {
  const kv = await openStore(kvPath);
  try {
    await seedDemoTenant(kv, Date.now());
    // 6:00 (7:00 in summer time) on the first day in Greer; each day's rides fall in the next 16 hours.
    const start = Date.parse(`${FIRST_DAY}T11:00:00Z`);
    let started = performance.now();
    for (let i = 0; i < YEAR_RIDES; i += 500) {
      const op = kv.atomic();
      for (let j = i; j < Math.min(YEAR_RIDES, i + 500); j++) {
        const ride = rideAt(j, start);
        op.set(keys.ride("greer", ride.id), ride);
      }
      await op.commit();
    }
    // Each day's service: 12 vehicles for 16 hours, 150 miles each (location reports add these sums).
    for (let day = 0; day < 365; day += 50) {
      const op = kv.atomic();
      for (let d = day; d < Math.min(365, day + 50); d++) {
        op.sum(keys.reportServiceMs("greer", addDays(FIRST_DAY, d)), BigInt(12 * 16 * 60 * MIN));
        op.sum(keys.reportServiceMeters("greer", addDays(FIRST_DAY, d)), BigInt(12 * 241_402));
        op.sum(keys.reportServiceVehicleMs("greer", addDays(FIRST_DAY, d)), BigInt(12 * 16 * 60 * MIN));
      }
      await op.commit();
    }
    const writeMs = performance.now() - started;
    started = performance.now();
    await rebuildReports(kv, "greer", ZONE);
    const rebuildMs = performance.now() - started;
    const admin = await getUserByPhone(kv, DEMO_ADMIN_PHONE);
    if (!admin) throw new Error("the demo admin was not seeded");
    return { token: await benchToken(kv, admin.id), writeMs, rebuildMs };
  } finally {
    kv.close();
  }
}

async function timeCalls(url: string, token: string) {
  const times: number[] = [];
  let bytes = 0;
  let requested = 0;
  let shared = 0;
  for (let i = 0; i < CALLS + 5; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${body}`);
    if (i >= 5) times.push(performance.now() - started);
    bytes = body.length;
    const report = JSON.parse(body);
    requested = report.requested;
    shared = report.sharing?.rides ?? 0;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(CALLS / 2)], p95: times[Math.floor(CALLS * 0.95)], bytes, requested, shared };
}

export async function benchReports(): Promise<string[]> {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/reports.kv`;
  const { token, writeMs, rebuildMs } = await seedYear(kvPath);
  const server = await start("main.ts", { KV_PATH: kvPath, ...TOKEN_ENV });
  const f = (n: number) => n.toFixed(1);
  const n = YEAR_RIDES.toLocaleString("en-US");
  try {
    const year = await timeCalls(`${server.url}/greer/api/admin/reports?from=${FIRST_DAY}&to=${LAST_DAY}`, token);
    if (year.requested !== YEAR_RIDES) throw new Error(`the year's report counted ${year.requested} rides`);
    if (!year.shared) throw new Error("the year's report has no shared-service figures");
    const month = await timeCalls(`${server.url}/greer/api/admin/reports?from=2026-10-01&to=${LAST_DAY}`, token);
    return [
      `| reports: a year with ${n} rides, \`GET /greer/api/admin/reports\` for all 365 days | median ${
        f(year.p50)
      } ms, p95 ${f(year.p95)} ms (${year.bytes} bytes) | | ≤ ${TARGET_MS} ms ${year.p95 <= TARGET_MS ? "✓" : "✗"} |`,
      `| reports: the same store, one month | median ${f(month.p50)} ms, p95 ${f(month.p95)} ms | | |`,
      `| reports: \`reports:rebuild\` of the ${n} rides (the backfill) | ${(rebuildMs / 1000).toFixed(1)} s | | |`,
      `| reports: writing the ${n} rides straight to KV (set-up, not a target) | ${
        (writeMs / 1000).toFixed(1)
      } s | | |`,
    ];
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  for (const row of await benchReports()) console.log(row);
}
