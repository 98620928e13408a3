/**
 * The trips CSV with a year of rides: 100,000 rides of the demo
 * tenant in a KV file, then the real server streams
 * GET /greer/api/admin/trips.csv for a tenth of the year and for the whole
 * year, each on a fresh server. Reported: the time to the whole file, its
 * size, and how far the server's peak RSS rose above its RSS before the
 * download (the kernel's high-water mark, VmHWM, reset through
 * /proc/{pid}/clear_refs first). RSS also holds garbage V8 has not collected
 * yet, so the proof of constant memory is a third run: the year again on a
 * server whose JavaScript heap is capped below the size of the file. A server
 * that held the rides or the file would run out of memory; a streaming one
 * sends every row.
 *
 * The rides are written as ride records alone, in big commits: the CSV reads
 * nothing else (one key range of ["rides", tenant, id]), and writing 100,000
 * through kv/rides.ts with every index would take minutes (tests/bench/admin_trips.ts
 * does that for 10,000).
 *
 * Run alone: `deno run -A tests/bench/trips_csv.ts`.
 */
import { openStore } from "../../kv/open.ts";
import { keys } from "../../kv/keys.ts";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";
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
  const kv = await openStore(kvPath);
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

async function status(pid: number): Promise<{ rss: number; hwm: number; cpuMs: number }> {
  const text = await Deno.readTextFile(`/proc/${pid}/status`);
  const kib = (name: string) => Number(text.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1]);
  // utime and stime, in 100 Hz ticks: the server's own work, which the machine's other load does not stretch.
  const stat = (await Deno.readTextFile(`/proc/${pid}/stat`)).split(") ")[1].split(" ");
  return { rss: kib("VmRSS"), hwm: kib("VmHWM"), cpuMs: (Number(stat[11]) + Number(stat[12])) * 10 };
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
  return {
    ms,
    firstByteMs,
    cpuMs: after.cpuMs - before.cpuMs,
    bytes,
    rows: lines - 1,
    rssBefore: before.rss,
    peakGrowth: after.hwm - before.rss,
  };
}

/** The V8 flag of the capped run: an old space this small holds neither the year's rides nor its file beside the app. */
const CAPPED_HEAP = "--max-old-space-size=32";

/** Serves the store on a fresh server (`env` added), warms it up with a week, and downloads `range`. */
async function measure(kvPath: string, token: string, range: { from: string; to: string }, env = {}) {
  // The allocator setting `deno task start` runs the server with.
  const server = await start("main.ts", { KV_PATH: kvPath, MALLOC_ARENA_MAX: "2", ...TOKEN_ENV, ...env });
  try {
    const path = (r: { from: string; to: string }) =>
      `${server.url}/greer/api/admin/trips.csv?from=${r.from}&to=${r.to}`;
    // Warm up: the route, the JIT and the KV file's pages.
    await download(path({ from: "2025-06-01", to: "2025-06-07" }), token, server.pid);
    return await download(path(range), token, server.pid);
  } finally {
    await server.stop();
  }
}

/** Seeds a store, serves it, and answers the report's rows. */
export async function benchTripsCsv(): Promise<string[]> {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/trips_csv.kv`;
  const rows: string[] = [];
  const mib = (kib: number) => (kib / 1024).toFixed(1);
  const n = (count: number) => count.toLocaleString("en-US");
  try {
    const { token, seedMs } = await seed(kvPath);
    const tenth = await measure(kvPath, token, TENTH);
    const year = await measure(kvPath, token, YEAR);
    const capped = await measure(kvPath, token, YEAR, { DENO_V8_FLAGS: CAPPED_HEAP });
    for (
      const [what, r] of [[`${TENTH.from} to ${TENTH.to}`, tenth], [
        `the year ${YEAR.from} to ${YEAR.to}`,
        year,
      ]] as const
    ) {
      rows.push(
        `| trips CSV, ${n(CSV_RIDES)} rides in KV: ${what} (${n(r.rows)} rows, ${
          (r.bytes / 1024 / 1024).toFixed(1)
        } MiB) | ${(r.ms / 1000).toFixed(2)} s (first byte ${r.firstByteMs.toFixed(0)} ms, server CPU ${
          (r.cpuMs / 1000).toFixed(2)
        } s); server peak RSS +${mib(r.peakGrowth)} MiB over ${mib(r.rssBefore)} MiB | | (no target) |`,
      );
    }
    rows.push(
      `| trips CSV: the year again on a server whose JavaScript heap is capped (${CAPPED_HEAP}; the file alone is ${
        (year.bytes / 1024 / 1024).toFixed(1)
      } MiB) | ${n(capped.rows)} rows in ${(capped.ms / 1000).toFixed(2)} s; peak RSS +${
        mib(capped.peakGrowth)
      } MiB over ${mib(capped.rssBefore)} MiB | | constant memory: every row sent ${
        capped.rows === CSV_RIDES && year.rows === CSV_RIDES ? "✓" : "✗"
      } |`,
    );
    rows.push(
      `| trips CSV: writing the ${n(CSV_RIDES)} ride records (set-up, not a target) | ${
        (seedMs / 1000).toFixed(1)
      } s | | |`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  return rows;
}

if (import.meta.main) {
  for (const row of await benchTripsCsv()) console.log(row);
}
