/**
 * The trips CSV with a year of rides (issue 22): 100,000 rides of the demo
 * tenant in a KV file, then the real server streams
 * GET /greer/api/admin/trips.csv for a tenth of the year and for the whole
 * year. Reported: the time to the whole file, its size, and how far the
 * server's peak RSS rose above its RSS before each download (the kernel's
 * high-water mark, VmHWM, reset through /proc/{pid}/clear_refs first). A file
 * written in constant memory rises about as much for the year as for the
 * tenth; one held whole would rise by at least the file's size.
 *
 * The rides are written as ride records alone, in big commits: the CSV reads
 * nothing else (one key range of ["rides", tenant, id]), and writing 100,000
 * through kv/rides.ts with every index would take minutes (tests/bench/admin_trips.ts
 * does that for 10,000).
 *
 * Run alone: `deno run -A tests/bench/trips_csv.ts`.
 */
import { keys } from "../../kv/keys.ts";
import { DEMO_ADMIN_PHONE, seedDemoTenant } from "../../kv/seed.ts";
import { zonedMoment } from "../../lib/booking.ts";
import { ulid } from "../../lib/ids.ts";
import type { Ride, RideStatus } from "../../lib/rides.ts";
import { getUserByPhone } from "../helpers/kv_reads.ts";
import { benchToken, start, TOKEN_ENV } from "./bench_server.ts";

export const CSV_RIDES = 100_000;
const YEAR = { from: "2025-01-01", to: "2025-12-31" };
/** About a tenth of the year's rides. */
const TENTH = { from: "2025-01-01", to: "2025-02-06" };
const MINUTE = 60_000;
/** Ride records per commit (KV takes at most 1,000 writes and 800 KB in one). */
const PER_COMMIT = 250;

function benchRide(i: number, at: number): Ride {
  const status: RideStatus = i % 10 === 3 ? "canceled" : i % 100 === 7 ? "no-show" : "completed";
  const done = status === "completed";
  return {
    id: ulid(at),
    tenant: "greer",
    creatorId: `bench-rider-${i % 2000}`,
    assignedDriverId: status === "canceled" ? null : `bench-driver-${i % 12}`,
    status,
    pickup: { lat: 34.9387 + (i % 50) / 10_000, lng: -82.2271 - (i % 37) / 10_000 },
    dropoff: i % 4 === 0 ? null : { lat: 34.9370, lng: -82.2290 },
    destination: i % 5 === 0 ? `Stop ${i}, "north" door` : `Stop ${i}`,
    passengerCt: 1 + (i % 4),
    requestedAt: at,
    acceptedAt: status === "canceled" ? null : at + 2 * MINUTE,
    onTheWayAt: status === "canceled" ? null : at + 3 * MINUTE,
    arrivedAt: done ? at + (5 + (i % 20)) * MINUTE : null,
    pickedUpAt: null,
    completedAt: done ? at + (20 + (i % 20)) * MINUTE : null,
    canceledAt: status === "canceled" ? at + MINUTE : null,
    noShowAt: status === "no-show" ? at + 15 * MINUTE : null,
    riderName: i % 9 === 0 ? `=Rider ${i}` : `Rider ${i}, Jr.`,
    riderPhone: "8645559999",
    riderPhotoUrl: null,
    driverName: `Driver ${i % 12}`,
    driverPhone: "8645550101",
    updatedAt: at + 40 * MINUTE,
    ...(done && i % 3 === 0 && { feedback: { rating: 1 + (i % 5), comment: null, at: at + 60 * MINUTE } }),
  };
}

/** Writes the demo tenant and CSV_RIDES rides spread over 2025 (Greer's time); answers the admin's token. */
async function seed(kvPath: string): Promise<{ token: string; seedMs: number }> {
  const kv = await Deno.openKv(kvPath);
  const started = performance.now();
  try {
    await seedDemoTenant(kv, Date.UTC(2024, 11, 1));
    const first = zonedMoment(YEAR.from, "00:00", "America/New_York");
    const step = Math.floor((365 * 24 * 60 * MINUTE) / CSV_RIDES);
    for (let i = 0; i < CSV_RIDES; i += PER_COMMIT) {
      const op = kv.atomic();
      for (let j = i; j < Math.min(CSV_RIDES, i + PER_COMMIT); j++) {
        const ride = benchRide(j, first + j * step);
        op.set(keys.ride("greer", ride.id), ride);
      }
      if (!(await op.commit()).ok) throw new Error(`commit at ride ${i} failed`);
    }
    const admin = await getUserByPhone(kv, DEMO_ADMIN_PHONE);
    if (!admin) throw new Error("the demo admin was not seeded");
    return { token: await benchToken(kv, admin.id), seedMs: performance.now() - started };
  } finally {
    kv.close();
  }
}

async function status(pid: number): Promise<{ rss: number; hwm: number }> {
  const text = await Deno.readTextFile(`/proc/${pid}/status`);
  const kib = (name: string) => Number(text.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1]);
  return { rss: kib("VmRSS"), hwm: kib("VmHWM") };
}

/** Downloads the CSV of `range`, reading it as it comes (this process holds one chunk at a time). */
async function download(url: string, token: string, pid: number) {
  // "5" resets the peak (VmHWM) to the RSS now (Linux proc(5), clear_refs).
  await Deno.writeTextFile(`/proc/${pid}/clear_refs`, "5");
  const before = await status(pid);
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  for await (const chunk of res.body!) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.length;
    for (let k = 0; k < chunk.length; k++) if (chunk[k] === 10) lines++;
  }
  const ms = performance.now() - started;
  const after = await status(pid);
  return { ms, firstByteMs, bytes, rows: lines - 1, rssBefore: before.rss, peakGrowth: after.hwm - before.rss };
}

/** Seeds a store, serves it, and answers the report's rows. */
export async function benchTripsCsv(): Promise<string[]> {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/trips_csv.kv`;
  const { token, seedMs } = await seed(kvPath);
  // The allocator setting `deno task start` runs the server with.
  const server = await start("main.ts", { KV_PATH: kvPath, MALLOC_ARENA_MAX: "2", ...TOKEN_ENV });
  const rows: string[] = [];
  const mib = (kib: number) => (kib / 1024).toFixed(1);
  try {
    const path = (r: { from: string; to: string }) =>
      `${server.url}/greer/api/admin/trips.csv?from=${r.from}&to=${r.to}`;
    // Warm up: the route, the JIT and the KV file's pages.
    await download(path({ from: "2025-06-01", to: "2025-06-07" }), token, server.pid);
    const tenth = await download(path(TENTH), token, server.pid);
    const year = await download(path(YEAR), token, server.pid);
    if (year.rows !== CSV_RIDES) throw new Error(`the year's file has ${year.rows} rows, not ${CSV_RIDES}`);
    for (
      const [what, r] of [[`${TENTH.from} to ${TENTH.to}`, tenth], [
        `the year ${YEAR.from} to ${YEAR.to}`,
        year,
      ]] as const
    ) {
      rows.push(
        `| trips CSV, ${CSV_RIDES.toLocaleString("en-US")} rides in KV: ${what} (${
          r.rows.toLocaleString("en-US")
        } rows, ${(r.bytes / 1024 / 1024).toFixed(1)} MiB) | ${(r.ms / 1000).toFixed(2)} s (first byte ${
          r.firstByteMs.toFixed(0)
        } ms); server peak RSS +${mib(r.peakGrowth)} MiB over ${
          mib(r.rssBefore)
        } MiB | | constant memory: peak growth < file size ${r.peakGrowth * 1024 < r.bytes ? "✓" : "✗"} |`,
      );
    }
    rows.push(
      `| trips CSV: writing the ${CSV_RIDES.toLocaleString("en-US")} ride records (set-up, not a target) | ${
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
  for (const row of await benchTripsCsv()) console.log(row);
}
