/**
 * The big tenant (issue 24): one tenant with 1,000 or 5,000 drivers online,
 * each holding a drivers socket, and rides requested one after another
 * through POST /{tenant}/api/rides. For each ride it measures how long the
 * request took to answer, and how long after that answer each driver socket
 * had the ride (the last socket's delay is the ride's fan-out). Each shape
 * runs on the one-isolate start (main.ts) and on the production start
 * (serve.ts under `deno serve --parallel`, one isolate per core), on the same
 * seeded KV file.
 *
 * Run alone: `deno run -A tests/bench/big_tenant.ts [1000|5000]` (also part of
 * `deno task bench`). BIG_TENANT_RIDES sets the rides per run (default 100).
 */
import { closeSockets, openSockets, percentile, Probes, requestRide, until } from "./sockets_clients.ts";
import { type BenchServer, cpuMs, pinSelf, seedWorld, startServer } from "./sockets_world.ts";

const RIDES = Number(Deno.env.get("BIG_TENANT_RIDES") ?? 100);
const WARM_RIDES = 10;
const KV_DIR = Deno.env.get("SOCKET_KV_DIR") || undefined;

const f = (n: number, digits = 1) => n.toFixed(digits);
const mark = (ok: boolean) => (ok ? "✓" : "✗");

export interface BigTenantRun {
  answer: { p50: number; p99: number };
  /** Each socket's delay after the answer, over every delivery. */
  delivery: { p50: number; p99: number };
  /** The last socket's delay after the answer, over the rides. */
  last: { p50: number; p99: number };
  missed: number;
  serverCpuPerRide: number;
}

async function measure(
  server: BenchServer,
  tenant: { code: string; drivers: { token: string }[]; riders: { token: string }[] },
  riders: { token: string }[],
): Promise<BigTenantRun> {
  const probes = new Probes();
  const sink = { probes };
  const sockets = await openSockets(
    server.ws,
    tenant.drivers.map((d) => ({ tenant: tenant.code, token: d.token })),
    sink,
  );
  try {
    const [warm, measured] = [riders.slice(0, WARM_RIDES), riders.slice(WARM_RIDES)];
    const answers: number[] = [], deliveries: number[] = [], lasts: number[] = [];
    let missed = 0, cpu = 0;
    for (const [i, rider] of [...warm, ...measured].entries()) {
      const cpuBefore = await cpuMs(server.pid);
      const probe = await requestRide(server.http, tenant.code, rider.token, probes);
      if (probe.status !== 201) throw new Error(`a ride request answered ${probe.status}`);
      await until(() => probe.delays.length >= sockets.length, 5000);
      const cpuAfter = await cpuMs(server.pid);
      await new Promise((r) => setTimeout(r, 30));
      if (i < warm.length) continue;
      const answer = probe.answeredAt! - probe.sentAt;
      answers.push(answer);
      if (Deno.env.get("BIG_TENANT_TRACE")) {
        console.error(`ride ${i}: answer ${f(answer)} ms, last ${f(Math.max(...probe.delays) - answer)} ms`);
      }
      const after = probe.delays.map((d) => Math.max(0, d - answer));
      deliveries.push(...after);
      lasts.push(Math.max(...after));
      missed += sockets.length - probe.delays.length;
      cpu += cpuAfter - cpuBefore;
    }
    const stats = (values: number[]) => {
      values.sort((a, b) => a - b);
      return { p50: percentile(values, 50), p99: percentile(values, 99) };
    };
    return {
      answer: stats(answers),
      delivery: stats(deliveries),
      last: stats(lasts),
      missed,
      serverCpuPerRide: cpu / measured.length,
    };
  } finally {
    closeSockets(sockets);
  }
}

/** How a run splits the machine between the server and the load generator. */
interface Start {
  isolates: number;
  /** The server's cores and the load generator's (taskset); none: both use every core. */
  pin?: { server: string; generator: string };
}

const CORES = navigator.hardwareConcurrency;
/** One isolate with a core to itself and the generator on another; then the production start on every core. */
const STARTS: Start[] = [
  { isolates: 1, pin: { server: "0", generator: `1-${CORES - 1}` } },
  { isolates: 1 },
  { isolates: CORES },
];

/** Every start on one seeded world of `drivers` online drivers; a row each. */
export async function benchBigTenant(drivers: number, starts = STARTS) {
  const perRun = WARM_RIDES + RIDES;
  const dir = await Deno.makeTempDir({ prefix: "hopper-big-tenant-", dir: KV_DIR });
  const rows: string[] = [];
  try {
    const kvPath = `${dir}/bench.kv`;
    const [tenant] = await seedWorld(kvPath, {
      tenants: 1,
      driversPerTenant: drivers,
      onlinePerTenant: drivers,
      ridersPerTenant: perRun * starts.length,
    });
    for (const [n, start] of starts.entries()) {
      const server = await startServer(kvPath, undefined, {
        ...(start.isolates > 1 && { isolates: start.isolates }),
        cpus: start.pin?.server,
      });
      try {
        if (start.pin) await pinSelf(start.pin.generator);
        const run = await measure(server, tenant, tenant.riders.slice(n * perRun, (n + 1) * perRun));
        rows.push(row(drivers, start, run));
      } finally {
        if (start.pin) await pinSelf();
        await server.stop();
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  return rows;
}

function row(drivers: number, { isolates, pin }: Start, run: BigTenantRun): string {
  const start = (isolates > 1 ? `\`deno serve --parallel\`, ${isolates} isolates` : "main.ts, one isolate") +
    (pin ? `, server on core ${pin.server}, load generator on core ${pin.generator}` : ", all sharing every core");
  const targets = drivers <= 1000
    ? `answer p99 ≤ 20 ms ${mark(run.answer.p99 <= 20)}; fan-out p99 ≤ 25 ms ${
      mark(run.last.p99 <= 25 && run.missed === 0)
    }`
    : `fan-out p99 ≤ 75 ms ${mark(run.last.p99 <= 75 && run.missed === 0)}`;
  return `| big tenant: ${drivers} drivers online, each with a socket; ${RIDES} rides one after another (${start}) | ` +
    `answer p50 ${f(run.answer.p50)} ms, p99 ${f(run.answer.p99)} ms; after the answer, the last socket p50 ${
      f(run.last.p50)
    } ms, p99 ${f(run.last.p99)} ms (each socket: p50 ${f(run.delivery.p50)} ms, p99 ${f(run.delivery.p99)} ms; ` +
    `${run.missed} missed; server CPU per ride ${f(run.serverCpuPerRide)} ms) | | ${targets} |`;
}

if (import.meta.main) {
  const sizes = Deno.args.length > 0 ? Deno.args.map(Number) : [1000, 5000];
  for (const drivers of sizes) {
    for (const line of await benchBigTenant(drivers)) console.log(line);
  }
}
