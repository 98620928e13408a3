/**
 * The big tenant: one tenant with 1,000 or 5,000 drivers online,
 * each holding a drivers socket, and rides requested one after another
 * through POST /{tenant}/api/rides. For each ride it measures how long the
 * request took to answer, and how long after that answer each driver socket
 * had the ride (the last socket's delay is the ride's fan-out). Each shape
 * runs on the one-isolate start (main.ts) and on the production start
 * (serve.ts under `deno serve --parallel`, one isolate per core), on the same
 * seeded KV file. The sockets are held by a small C receiver
 * (ws_receiver.ts), which costs less per message than the server spends
 * sending it; with the server on one core it runs on the other.
 *
 * Run alone: `deno run -A tests/bench/big_tenant.ts [1000|5000]` (also part of
 * `deno task bench`). BIG_TENANT_RIDES sets the rides per run (default 100).
 */
import { percentile } from "./sockets_clients.ts";
import { type BenchServer, cpuMs, PICKUP, pinSelf, seedWorld, startServer } from "./sockets_world.ts";
import { openReceiver } from "./ws_receiver.ts";

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
  /** The last socket's delay after the request was sent, over the rides (what the floor is compared by). */
  sinceSent: { p50: number; p99: number };
  missed: number;
  serverCpuPerRide: number;
}

/** POST /{tenant}/api/rides as `token` for a ride tagged `tag`; when it was sent and answered. */
async function requestTagged(http: string, tenant: string, token: string, tag: number) {
  const sentAt = performance.now();
  const res = await fetch(`${http}/${tenant}/api/rides`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ pickup: PICKUP, destination: `bench-${tag}`, passengerCt: 1 }),
  });
  const answeredAt = performance.now();
  await res.body?.cancel();
  if (res.status !== 201) throw new Error(`a ride request answered ${res.status}`);
  return { sentAt, answer: answeredAt - sentAt };
}

async function measure(
  server: BenchServer,
  tenant: { code: string; drivers: { token: string }[] },
  riders: { token: string }[],
  generatorCpus: string | undefined,
): Promise<BigTenantRun> {
  const { hostname, port } = new URL(server.http);
  const paths = tenant.drivers.map((d) => `/${tenant.code}/ws/drivers?token=${encodeURIComponent(d.token)}`);
  const receiver = await openReceiver({ hostname, port: Number(port) }, paths, { cpus: generatorCpus });
  try {
    const answers: number[] = [], deliveries: number[] = [], lasts: number[] = [], sinceSent: number[] = [];
    let missed = 0, cpu = 0;
    for (const [i, rider] of riders.entries()) {
      const cpuBefore = await cpuMs(server.pid);
      const { sentAt, answer } = await requestTagged(server.http, tenant.code, rider.token, i);
      let delays = await receiver.delays(i, sentAt);
      const deadline = performance.now() + 5000;
      while (delays.length < paths.length && performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 5));
        delays = await receiver.delays(i, sentAt);
      }
      const cpuAfter = await cpuMs(server.pid);
      await new Promise((r) => setTimeout(r, 30));
      if (i < WARM_RIDES) continue;
      answers.push(answer);
      const after = delays.map((d) => Math.max(0, d - answer));
      deliveries.push(...after);
      lasts.push(Math.max(...after));
      sinceSent.push(Math.max(...delays));
      missed += paths.length - delays.length;
      cpu += cpuAfter - cpuBefore;
      if (Deno.env.get("BIG_TENANT_TRACE")) {
        console.error(`ride ${i}: answer ${f(answer)} ms, last ${f(Math.max(...after))} ms after it`);
      }
    }
    const closed = await receiver.closed();
    if (closed.length > 0) throw new Error(`the server closed ${closed.length} sockets (${closed.slice(0, 5)})`);
    const stats = (values: number[]) => {
      values.sort((a, b) => a - b);
      return { p50: percentile(values, 50), p99: percentile(values, 99) };
    };
    return {
      answer: stats(answers),
      delivery: stats(deliveries),
      last: stats(lasts),
      sinceSent: stats(sinceSent),
      missed,
      serverCpuPerRide: cpu / (riders.length - WARM_RIDES),
    };
  } finally {
    await receiver.close();
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
  { isolates: 1, pin: { server: "0", generator: CORES > 2 ? `1-${CORES - 1}` : "1" } },
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
        const riders = tenant.riders.slice(n * perRun, (n + 1) * perRun);
        const run = await measure(server, tenant, riders, start.pin?.generator);
        rows.push(row(drivers, start, run));
        if (start.pin) rows.push(await floorRow(drivers, start));
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

/**
 * The floor: a bare Deno.serve sending a ride-sized message to the same sockets in a plain loop before it
 * answers (fanout_floor.ts), one isolate on the first split's core, the same receiver: what Deno and the
 * kernel cost to put one message on every socket.
 */
async function floorRow(drivers: number, start: Start): Promise<string> {
  const server = await startServer(":memory:", "tests/bench/fanout_floor.ts", {
    cpus: start.pin?.server,
  });
  try {
    if (start.pin) await pinSelf(start.pin.generator);
    const sockets = { code: "floor", drivers: Array.from({ length: drivers }, () => ({ token: "none" })) };
    const riders = Array.from({ length: WARM_RIDES + RIDES }, () => ({ token: "none" }));
    const run = await measure(server, sockets, riders, start.pin?.generator);
    return `| for comparison: bare Deno.serve sending one ride-sized message to ${drivers} sockets in a loop ` +
      `(${startText(start)}) | the last socket after the request was sent: p50 ${f(run.sinceSent.p50)} ms, ` +
      `p99 ${f(run.sinceSent.p99)} ms (${run.missed} missed; server CPU per ride ${f(run.serverCpuPerRide)} ms) | | ` +
      `(the most a fan-out can reach) |`;
  } finally {
    if (start.pin) await pinSelf();
    await server.stop();
  }
}

function startText({ isolates, pin }: Start): string {
  return (isolates > 1 ? `\`deno serve --parallel\`, ${isolates} isolates` : "one isolate") +
    (pin ? `, server on core ${pin.server}, load generator on core ${pin.generator}` : ", all sharing every core");
}

function row(drivers: number, start: Start, run: BigTenantRun): string {
  const targets = drivers <= 1000
    ? `answer p99 ≤ 20 ms ${mark(run.answer.p99 <= 20)}; fan-out p99 ≤ 25 ms ${
      mark(run.last.p99 <= 25 && run.missed === 0)
    }`
    : `fan-out p99 ≤ 75 ms ${mark(run.last.p99 <= 75 && run.missed === 0)}`;
  return `| big tenant: ${drivers} drivers online, each with a socket; ${RIDES} rides one after another ` +
    `(${startText(start)}) | ` +
    `answer p50 ${f(run.answer.p50)} ms, p99 ${f(run.answer.p99)} ms; after the answer, the last socket p50 ${
      f(run.last.p50)
    } ms, p99 ${f(run.last.p99)} ms (each socket: p50 ${f(run.delivery.p50)} ms, p99 ${f(run.delivery.p99)} ms; ` +
    `the last after the request was sent: p50 ${f(run.sinceSent.p50)} ms, p99 ${f(run.sinceSent.p99)} ms; ` +
    `${run.missed} missed; server CPU per ride ${f(run.serverCpuPerRide)} ms) | | ${targets} |`;
}

if (import.meta.main) {
  const sizes = Deno.args.length > 0 ? Deno.args.map(Number) : [1000, 5000];
  for (const drivers of sizes) {
    for (const line of await benchBigTenant(drivers)) console.log(line);
  }
}
