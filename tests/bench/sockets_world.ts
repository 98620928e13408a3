/**
 * The socket benchmarks' world: tenants, drivers (online, with a fresh
 * location), riders and their sessions, written straight into a KV file with
 * the repo's kv/ functions (signing in thousands of people through the
 * SMS-limited API would take longer than the benchmark), tokens minted with
 * the server's own signer, and the real server as a child process on that file.
 */
import { openStore } from "../../kv/open.ts";
import { setDriverState } from "../../kv/drivers.ts";
import { changeRole } from "../../kv/members.ts";
import { createSession } from "../../kv/sessions.ts";
import { createTenant } from "../../kv/tenants.ts";
import { getOrCreateUserByPhone } from "../../kv/users.ts";
import { tokenSigner } from "../../lib/jwt.ts";
import type { TenantRole } from "../../lib/roles.ts";
import { startUnder } from "./bench_server.ts";

const SECRET = "bench-sockets-secret-bench-sockets-secret";
/** The tokens' issuer; the server gets it as PUBLIC_URL. Clients send no Origin header. */
const PUBLIC_URL = "http://bench.local";
/** Downtown Greer: every bench tenant has the demo's service area. */
export const CENTRE = { lat: 34.9387, lng: -82.2271 };
export const PICKUP = { lat: 34.9410, lng: -82.2250 };

export interface Person {
  id: string;
  token: string;
}

export interface BenchTenant {
  code: string;
  drivers: Person[];
  riders: Person[];
}

export interface WorldShape {
  tenants: number;
  driversPerTenant: number;
  /** How many of a tenant's drivers are online (the rest only hold sockets). */
  onlinePerTenant: number;
  ridersPerTenant: number;
}

/**
 * Writes the world into a KV file at `kvPath` and closes it. The writing
 * happens on tmpfs when there is one (thousands of small commits, each
 * synced on a disk) and the closed file is then copied into place.
 */
export async function seedWorld(kvPath: string, shape: WorldShape): Promise<BenchTenant[]> {
  const scratch = await Deno.makeTempDir({ dir: await isDir("/dev/shm") ? "/dev/shm" : undefined });
  try {
    const tenants = await seedInto(`${scratch}/seed.kv`, shape);
    for await (const file of Deno.readDir(scratch)) {
      await Deno.copyFile(`${scratch}/${file.name}`, kvPath + file.name.slice("seed.kv".length));
    }
    return tenants;
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
}

async function isDir(path: string): Promise<boolean> {
  return await Deno.stat(path).then((s) => s.isDirectory, () => false);
}

async function seedInto(kvPath: string, shape: WorldShape): Promise<BenchTenant[]> {
  const kv = await openStore(kvPath);
  const signer = tokenSigner(SECRET, PUBLIC_URL);
  const now = Date.now();
  let phone = 0;
  const person = async (tenant: string, role: TenantRole): Promise<Person> => {
    const user = await getOrCreateUserByPhone(kv, `86${String(phone++).padStart(8, "0")}`, now);
    await changeRole(kv, { tenant, userId: user.id, role, add: true, now });
    const session = await createSession(kv, user.id, now);
    return { id: user.id, token: await signer.sign({ userId: user.id, sessionId: session.id }, now) };
  };
  const out: BenchTenant[] = [];
  try {
    for (let t = 0; t < shape.tenants; t++) {
      const code = `bench-${String(t).padStart(3, "0")}`;
      const area = { ...CENTRE, radiusMeters: 805, label: "downtown Greer" };
      await createTenant(
        kv,
        { code, name: `Bench ${t}`, timezone: "America/New_York", serviceArea: area, createdAt: now },
        {},
      );
      const tenant: BenchTenant = { code, drivers: [], riders: [] };
      for (let i = 0; i < shape.driversPerTenant; i += 50) {
        const batch = Math.min(50, shape.driversPerTenant - i);
        tenant.drivers.push(...await Promise.all(Array.from({ length: batch }, () => person(code, "driver"))));
      }
      for (const d of tenant.drivers.slice(0, shape.onlinePerTenant)) {
        await setDriverState(kv, {
          tenant: code,
          timeZone: "America/New_York",
          userId: d.id,
          isAvailable: true,
          location: CENTRE,
          now,
        });
      }
      for (let i = 0; i < shape.ridersPerTenant; i += 50) {
        const batch = Math.min(50, shape.ridersPerTenant - i);
        tenant.riders.push(...await Promise.all(Array.from({ length: batch }, () => person(code, "rider"))));
      }
      out.push(tenant);
    }
  } finally {
    kv.close();
  }
  return out;
}

export interface BenchServer {
  http: string;
  ws: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs `script` (main.ts) on the seeded file as its own process (its own RSS,
 * its own event loop), with bench_server.ts startUnder: BENCH_RUN_FLAGS adds
 * flags to its `deno run`, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. With
 * `isolates`, it runs the production start instead: serve.ts under
 * `deno serve --parallel` with that many isolates. `cpus` ("0", "0,1"): the
 * server runs only there (taskset), so a pinned load generator does not
 * share its core.
 */
export async function startServer(
  kvPath: string,
  script = "main.ts",
  { isolates, cpus }: { isolates?: number; cpus?: string } = {},
): Promise<BenchServer> {
  const server = await startUnder({ isolates: isolates ?? 1, serverCpus: cpus }, isolates ? "serve.ts" : script, {
    // Every simulated phone comes from this machine's one address.
    env: { KV_PATH: kvPath, SMS_PROVIDER: "console", JWT_SECRET: SECRET, PUBLIC_URL, SOCKETS_PER_ADDRESS: "100000" },
    ready: "/healthz",
  });
  return { http: server.url, ws: server.url.replace(/^http/, "ws"), pid: server.pid, stop: server.stop };
}

/** Pins this process (every thread) to `cpus` ("1"), or back to every core with `undefined`. */
export async function pinSelf(cpus?: string): Promise<void> {
  const list = cpus ?? `0-${navigator.hardwareConcurrency - 1}`;
  const out = await new Deno.Command("taskset", { args: ["-a", "-cp", list, String(Deno.pid)], stdout: "null" })
    .output();
  if (!out.success) throw new Error(`taskset -a -cp ${list} failed: ${new TextDecoder().decode(out.stderr)}`);
}

/**
 * Serial ride-sized commits per second a KV file in `dir` takes: the store's
 * own ceiling (each commit is synced to the disk), measured in the same run.
 */
export async function kvCommitCeiling(dir: string, ms = 1000): Promise<number> {
  const kv = await openStore(`${dir}/ceiling.kv`);
  try {
    const value = { pad: "x".repeat(800) };
    const started = performance.now();
    let n = 0;
    while (performance.now() - started < ms) await kv.atomic().set(["ceiling", n++], value).set(["head"], n).commit();
    return (n * 1000) / (performance.now() - started);
  } finally {
    kv.close();
  }
}

/** CPU time (user + system, ms) the process has used so far: a figure the machine's load does not skew. */
export async function cpuMs(pid: number | "self"): Promise<number> {
  const { user, system } = await cpuSplitMs(pid);
  return user + system;
}

/** User and system CPU time (ms) the process has used so far. */
export async function cpuSplitMs(pid: number | "self"): Promise<{ user: number; system: number }> {
  const fields = (await Deno.readTextFile(`/proc/${pid}/stat`)).split(") ")[1].split(" ");
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 }; // utime, stime in 100 Hz ticks
}

/** The process's resident memory in KiB (VmRSS). */
export async function rssKiB(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1]);
}

/** RSS once it stops moving (two readings 500 ms apart within 1%), at most `maxMs` later. */
export async function settledRssKiB(pid: number, maxMs = 8000): Promise<number> {
  let last = await rssKiB(pid);
  const deadline = performance.now() + maxMs;
  while (performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await rssKiB(pid);
    if (Math.abs(now - last) <= last * 0.01) return now;
    last = now;
  }
  return last;
}
