/**
 * Live-socket benchmarks: the real server as a child process on a
 * seeded KV file, driver sockets and ride requests from this process.
 *
 * - latency: 1,000 driver sockets over 100 tenants while riders request 200
 *   rides/s through POST /{tenant}/api/rides; each sample is one socket's
 *   delay from just before the POST was sent to its `new` message.
 * - fan-out: 5,000 driver sockets of one tenant, rides requested one at a
 *   time; each sample is the delay until the last socket has the ride.
 * - memory: the server's RSS before and after connecting those 5,000 sockets.
 *
 * Run alone: `deno run -A tests/bench/sockets.ts` (also part of `deno task bench`).
 * SOCKET_SECONDS sets the latency run's length (default 10).
 */
import { closeSockets, openSockets, percentile, Probes, requestRide, until } from "./sockets_clients.ts";
import {
  type BenchServer,
  type BenchTenant,
  cpuMs,
  kvCommitCeiling,
  seedWorld,
  settledRssKiB,
  startServer,
} from "./sockets_world.ts";
import type { WireSocket } from "./sockets_wire.ts";

const RATE = 200;
const TENANTS = 100;
const DRIVERS_PER_TENANT = 10;
const FAN_OUT = 5_000;
const FAN_OUT_RIDES = 100;
const WARM_UP_SECONDS = 1;
/** Where the server's KV file lives: the system's temp folder (a disk, as in production) unless set. */
const KV_DIR = Deno.env.get("SOCKET_KV_DIR") || undefined;

const f = (n: number, digits = 1) => n.toFixed(digits);
const mark = (ok: boolean) => (ok ? "✓" : "✗");

async function withWorld<T>(
  shape: Parameters<typeof seedWorld>[1],
  run: (server: Awaited<ReturnType<typeof startServer>>, tenants: BenchTenant[]) => Promise<T>,
): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "hopper-sockets-", dir: KV_DIR });
  try {
    const kvPath = `${dir}/bench.kv`;
    const tenants = await seedWorld(kvPath, shape);
    const server = await startServer(kvPath);
    try {
      return await run(server, tenants);
    } finally {
      await server.stop();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Serial commits/s of a KV file where the server's lives (the disk's sync is the store's ceiling). */
async function commitCeiling(): Promise<number> {
  const dir = await Deno.makeTempDir({ prefix: "hopper-ceiling-", dir: KV_DIR });
  try {
    return await kvCommitCeiling(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Sends `count` rides at `rate` per second, round-robin over tenants, each from a rider with no ride yet. */
async function rideLoad(
  http: string,
  tenants: BenchTenant[],
  probes: Probes,
  { count, rate, firstRider }: { count: number; rate: number; firstRider: number },
): Promise<number> {
  const sends: Promise<unknown>[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const tenant = tenants[i % tenants.length];
    const rider = tenant.riders[firstRider + Math.floor(i / tenants.length)];
    sends.push(requestRide(http, tenant.code, rider.token, probes));
  }
  const elapsed = performance.now() - started;
  await Promise.all(sends);
  return (count * 1000) / elapsed;
}

export async function benchSocketLatency(seconds = Number(Deno.env.get("SOCKET_SECONDS") ?? 10)): Promise<string[]> {
  const warm = RATE * WARM_UP_SECONDS;
  const count = RATE * seconds;
  const ridersPerTenant = Math.ceil((warm + count) / TENANTS);
  const shape = { tenants: TENANTS, driversPerTenant: DRIVERS_PER_TENANT, onlinePerTenant: DRIVERS_PER_TENANT };
  const commits = await commitCeiling();
  return await withWorld({ ...shape, ridersPerTenant }, async (server, tenants) => {
    const sink = { probes: new Probes() };
    const sockets = await openSockets(
      server.ws,
      tenants.flatMap((t) => t.drivers.map((d) => ({ tenant: t.code, token: d.token }))),
      sink,
    );
    await rideLoad(server.http, tenants, sink.probes, { count: warm, rate: RATE, firstRider: 0 });
    const measured = sink.probes = new Probes();
    const [serverCpu, started] = [await cpuMs(server.pid), performance.now()];
    const rate = await rideLoad(server.http, tenants, measured, {
      count,
      rate: RATE,
      firstRider: warm / TENANTS,
    });
    const serverShare = (await cpuMs(server.pid) - serverCpu) / (performance.now() - started);
    const all = [...measured.byTag.values()];
    await until(() => all.every((p) => p.delays.length >= DRIVERS_PER_TENANT), 5000);
    closeSockets(sockets);
    const failed = all.filter((p) => p.status !== 201).length;
    const delays = all.flatMap((p) => p.delays).sort((a, b) => a - b);
    const missed = all.length * DRIVERS_PER_TENANT - delays.length;
    const p50 = percentile(delays, 50), p99 = percentile(delays, 99);
    const ok = p50 <= 10 && p99 <= 25 && failed === 0 && missed === 0;
    return [
      `| sockets: ride request → every driver socket of its tenant (${sockets.length} driver sockets over ${TENANTS} ` +
      `tenants, ${f(rate, 0)} rides/s for ${seconds} s) | p50 ${f(p50)} ms, p99 ${f(p99)} ms ` +
      `(${delays.length} deliveries, ${missed} missed, ${failed} failed requests; server CPU ${
        f(serverShare * 100, 0)
      }% ` +
      `of a core; the KV file's own ceiling ` +
      `${f(commits, 0)} commits/s) | | p50 ≤ 10 ms, p99 ≤ 25 ms ${mark(ok)} |`,
    ];
  });
}

/** Rides requested one after another; for each, the delay until the last of `sockets` has it. */
async function fanOutDelays(
  server: BenchServer,
  tenant: string,
  riders: { token: string }[],
  sockets: WireSocket[],
  probes: Probes,
) {
  const lasts: number[] = [];
  let missed = 0;
  const [serverCpu, selfCpu] = [await cpuMs(server.pid), await cpuMs("self")];
  for (const rider of riders) {
    const probe = await requestRide(server.http, tenant, rider.token, probes);
    await until(() => probe.delays.length >= sockets.length, 5000);
    if (probe.status !== 201) throw new Error(`a ride request answered ${probe.status}`);
    missed += sockets.length - probe.delays.length;
    lasts.push(Math.max(...probe.delays));
    await new Promise((r) => setTimeout(r, 20));
  }
  lasts.sort((a, b) => a - b);
  return {
    p50: percentile(lasts, 50),
    p99: percentile(lasts, 99),
    missed,
    serverPerRide: (await cpuMs(server.pid) - serverCpu) / riders.length,
    selfPerRide: (await cpuMs("self") - selfCpu) / riders.length,
  };
}

export async function benchFanOut(): Promise<string[]> {
  const shape = { tenants: 1, driversPerTenant: FAN_OUT, onlinePerTenant: 1, ridersPerTenant: FAN_OUT_RIDES + 5 };
  const rows = await withWorld(shape, async (server, [tenant]) => {
    const all = tenant.drivers.map((d) => ({ tenant: tenant.code, token: d.token }));
    const probes = new Probes();
    const sink = { probes };
    // Warm the server's socket and ride paths, so the baseline holds the code they need.
    const warm = await openSockets(server.ws, all.slice(0, 100), sink);
    for (const rider of tenant.riders.slice(FAN_OUT_RIDES)) {
      await requestRide(server.http, tenant.code, rider.token, probes);
    }
    closeSockets(warm);
    const before = await settledRssKiB(server.pid);
    const opened = performance.now();
    const sockets = await openSockets(server.ws, all, sink);
    const openMs = performance.now() - opened;
    const after = await settledRssKiB(server.pid);
    const perSocket = (after - before) / sockets.length;
    const run = await fanOutDelays(server, tenant.code, tenant.riders.slice(0, FAN_OUT_RIDES), sockets, probes);
    const afterRides = await settledRssKiB(server.pid);
    closeSockets(sockets);
    return [
      `| sockets: fan-out to ${sockets.length} driver sockets of one tenant, until the last has the ride ` +
      `(${FAN_OUT_RIDES} rides one after another) | p50 ${f(run.p50)} ms, p99 ${
        f(run.p99)
      } ms (${run.missed} missed; ` +
      `CPU per ride: server ${f(run.serverPerRide)} ms, load generator ${f(run.selfPerRide)} ms) | | ` +
      `p99 ≤ 75 ms ${mark(run.p99 <= 75 && run.missed === 0)} |`,
      `| sockets: server RSS added per connected socket (${sockets.length} sockets, RSS ${f(before / 1024)} → ` +
      `${f(after / 1024)} MiB; ${f(afterRides / 1024)} MiB after the rides; opening took ${f(openMs / 1000, 2)} s) ` +
      `| ${f(perSocket)} KiB | | ≤ 32 KiB ${mark(perSocket <= 32)} |`,
    ];
  });
  return [rows[0], await fanOutFloor(), rows[1]];
}

/** The same fan-out from a bare Deno.serve (fanout_floor.ts) to the same load generator: the most it can reach. */
async function fanOutFloor(): Promise<string> {
  const server = await startServer(":memory:", "tests/bench/fanout_floor.ts");
  try {
    const probes = new Probes();
    const drivers = Array.from({ length: FAN_OUT }, () => ({ tenant: "floor", token: "none" }));
    const sockets = await openSockets(server.ws, drivers, { probes });
    const riders = Array.from({ length: FAN_OUT_RIDES }, () => ({ token: "none" }));
    await fanOutDelays(server, "floor", riders.slice(0, 5), sockets, probes); // warm-up
    const run = await fanOutDelays(server, "floor", riders, sockets, probes);
    closeSockets(sockets);
    return `| for comparison: bare Deno.serve sending one ride-sized message to ${sockets.length} sockets in a loop, ` +
      `same load generator | p50 ${f(run.p50)} ms, p99 ${f(run.p99)} ms (${run.missed} missed; CPU per ride: ` +
      `server ${f(run.serverPerRide)} ms, load generator ${
        f(run.selfPerRide)
      } ms) | | (the most a fan-out can reach) |`;
  } finally {
    await server.stop();
  }
}

export async function benchSockets(): Promise<string[]> {
  return [...await benchSocketLatency(), ...await benchFanOut()];
}

if (import.meta.main) {
  const only = Deno.args[0];
  const rows = only === "latency"
    ? await benchSocketLatency()
    : only === "fanout"
    ? await benchFanOut()
    : await benchSockets();
  console.log(rows.join("\n"));
}
