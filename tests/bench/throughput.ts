/**
 * Throughput rows of `deno task bench` (issue 24): static pages and the
 * hottest authenticated read, each against a ceiling measured with the same
 * tool, in the same run, under the same split of the cores:
 *
 * - one isolate: the server (main.ts, or a bare Deno.serve for the ceiling)
 *   and wrk pinned to the last core (taskset): one isolate's JavaScript runs
 *   on one thread, and Deno's own threads (garbage collection, the store's
 *   writer) may use the other core, as in production;
 * - every core: the production start (serve.ts under `deno serve --parallel`,
 *   one isolate per core; the ceiling is a bare module under the same
 *   command) with wrk sharing every core, as a load on this machine must.
 *
 * Ratios within a split compare like with like; absolute figures on a shared
 * 2-core machine swing by 30%.
 */
import { serveArgs } from "../../scripts/serve.ts";
import { ROOT, TOKEN_ENV } from "./bench_server.ts";
import { seedSignedInRider } from "./signed_in_rider.ts";
import { BROWSER_HEADERS, type Load, wrk } from "./wrk.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? "5");
const CORES = navigator.hardwareConcurrency;

export interface Split {
  /** How the row names it. */
  label: string;
  isolates: number;
  /** The server's cores and wrk's (taskset -c); none: both use every core. */
  serverCpus?: string;
  wrkCpus?: string;
  wrkThreads: number;
}

export const ONE_ISOLATE: Split = {
  label: `one isolate, wrk -t1 pinned to core ${CORES - 1}`,
  isolates: 1,
  wrkCpus: String(CORES - 1),
  wrkThreads: 1,
};
export const EVERY_CORE: Split = {
  label: `\`deno serve --parallel\`, ${CORES} isolates, wrk -t2 sharing the ${CORES} cores`,
  isolates: CORES,
  wrkThreads: 2,
};

export interface Running {
  url: string;
  /** The server's process (under taskset, taskset has exec'd it: the same pid). */
  pid: number;
  stop(): Promise<void>;
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * Starts `script` under the split: `deno run` (one isolate) or `deno serve
 * --parallel` (DENO_JOBS isolates), pinned with taskset when the split says,
 * and answers once `ready` (a path) answers 200.
 */
export async function startUnder(
  split: Split,
  script: string,
  { env = {}, ready = "/" }: { env?: Record<string, string>; ready?: string } = {},
): Promise<Running> {
  const port = freePort();
  // BENCH_RUN_FLAGS (bench_server.ts) adds flags to a one-isolate `deno run`, e.g. --cpu-prof to profile.
  const flags = Deno.env.get("BENCH_RUN_FLAGS")?.split(" ").filter(Boolean) ?? [];
  const args = split.isolates > 1
    ? serveArgs(port).map((a) => a === "serve.ts" ? script : a)
    : ["run", "-A", ...flags, script];
  const command = [...(split.serverCpus ? ["taskset", "-c", split.serverCpus] : []), Deno.execPath(), ...args];
  const child = new Deno.Command(command[0], {
    args: command.slice(1),
    cwd: ROOT,
    env: { ...env, PORT: String(port), DENO_JOBS: String(split.isolates) },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await fetch(url + ready).then((r) => (r.body?.cancel(), r.ok), () => false))) {
    if (Date.now() > deadline) throw new Error(`${script} did not answer ${ready} within 60 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

/** wrk on `url` under the split, after 2 s of the same load unmeasured: a path's code is still being optimised at first. */
async function load(split: Split, url: string, headers = BROWSER_HEADERS): Promise<Load> {
  await wrk(url, { headers, seconds: 2, threads: split.wrkThreads, cpus: split.wrkCpus });
  return await wrk(url, { headers, seconds: SECONDS, threads: split.wrkThreads, cpus: split.wrkCpus });
}

/**
 * A page's answer exactly as sent with a browser's Accept-Encoding: read off the socket, since fetch would
 * decompress the body. Its headers without date and content-length (Deno sets those).
 */
export async function rawAnswer(
  base: string,
  path: string,
  acceptEncoding = BROWSER_HEADERS[1],
): Promise<{ body: number[]; headers: [string, string][] }> {
  const { hostname, port } = new URL(base);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const request = `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n${acceptEncoding}\r\nConnection: close\r\n\r\n`;
  await conn.write(new TextEncoder().encode(request));
  const bytes = new Uint8Array(await new Response(conn.readable).arrayBuffer());
  const end = bytes.findIndex((_, i) =>
    bytes[i] === 13 && bytes[i + 1] === 10 && bytes[i + 2] === 13 && bytes[i + 3] === 10
  );
  const head = new TextDecoder().decode(bytes.subarray(0, end)).split("\r\n").slice(1);
  const headers = head.map((line) => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as [string, string];
  }).filter(([name]) => !["date", "content-length", "connection"].includes(name));
  return { body: [...bytes.subarray(end + 4)], headers };
}

const f = (n: number, digits = 2) => n.toFixed(digits);
const mark = (ok: boolean) => (ok ? "✓" : "✗");
const PAGES = ["/", "/about", "/greer/login"];
/** Before issue 24 pages reached 0.2-0.35 of the ceiling; the target is half the way from 0.35 to the floor. */
const PAGES_BEFORE = 0.35;

interface SplitFigures {
  /** The mean of the ceiling measured before and after the app. */
  ceiling: number;
  ceilings: number[];
  pages: Map<string, Load>;
  hot: Load;
  /** The page floor (bare Deno.serve sending /about's answer from memory) and its bytes alone, one isolate only. */
  floor?: { answer: number; bytesOnly: number; headers: number; bytes: number };
}

/** A bare server's rate under the split (req/s). */
async function ceilingOf(split: Split): Promise<number> {
  const bare = await startUnder(split, split.isolates > 1 ? "tests/bench/bare_serve.ts" : "tests/bench/bare_server.ts");
  try {
    return (await load(split, bare.url + "/")).rps;
  } finally {
    await bare.stop();
  }
}

async function measureSplit(split: Split, kvPath: string, riderToken: string, dir: string): Promise<SplitFigures> {
  const before = await ceilingOf(split);
  const app = await startUnder(split, split.isolates > 1 ? "serve.ts" : "main.ts", {
    env: { KV_PATH: kvPath, ...TOKEN_ENV },
    ready: "/healthz",
  });
  const pages = new Map<string, Load>();
  let hot: Load, floor: SplitFigures["floor"];
  try {
    for (const path of PAGES) pages.set(path, await load(split, app.url + path));
    hot = await load(split, app.url + "/greer/api/rides/my", [
      ...BROWSER_HEADERS,
      "-H",
      `Authorization: Bearer ${riderToken}`,
    ]);
    if (split.isolates === 1) {
      // What Deno alone costs to send one page's answer (its bytes and its headers), for comparison.
      const { body, headers } = await rawAnswer(app.url, "/about");
      await Deno.writeTextFile(`${dir}/page.json`, JSON.stringify({ body, headers }));
      const page = `${dir}/page.json`;
      const bytesServer = await startUnder(split, "tests/bench/page_floor.ts", {
        env: { PAGE_ANSWER: page, PAGE_HEADERS: "none" },
      });
      const bytesOnly = (await load(split, bytesServer.url + "/")).rps;
      await bytesServer.stop();
      const answerServer = await startUnder(split, "tests/bench/page_floor.ts", { env: { PAGE_ANSWER: page } });
      const answer = (await load(split, answerServer.url + "/")).rps;
      await answerServer.stop();
      floor = { answer, bytesOnly, headers: headers.length, bytes: body.length };
    }
  } finally {
    await app.stop();
  }
  const after = await ceilingOf(split);
  return { ceiling: (before + after) / 2, ceilings: [before, after], pages, hot, floor };
}

function rowsOf(split: Split, { ceiling, ceilings, pages, hot, floor }: SplitFigures, floorRatio: number): string[] {
  const rows: string[] = [];
  const bare = split.isolates > 1 ? "bare `deno serve --parallel`" : "bare Deno.serve";
  rows.push(
    `| ceiling: ${bare} (${split.label}; before the app ${f(ceilings[0], 0)}, after it ${f(ceilings[1], 0)}) | ` +
      `${f(ceiling, 0)} req/s | 1.00 | reference |`,
  );
  const app = split.isolates > 1 ? "the production start" : "main.ts";
  const pageGoal = (PAGES_BEFORE + floorRatio) / 2;
  for (const [path, page] of pages) {
    const ratio = page.rps / ceiling;
    rows.push(
      `| static page \`${path}\`, ${app} (${split.label}) | ${f(page.rps, 0)} req/s, p99 ${f(page.p99)} ms | ` +
        `${f(ratio)} | ≥ ${f(pageGoal)} (half way from ${PAGES_BEFORE} to the floor) ${mark(ratio >= pageGoal)} |`,
    );
  }
  const hotRatio = hot.rps / ceiling;
  rows.push(
    `| hottest authenticated read \`GET /greer/api/rides/my\` (bearer, 64 connections), ${app} (${split.label}) | ` +
      `${f(hot.rps, 0)} req/s, p99 ${f(hot.p99)} ms | ${f(hotRatio)} | ≥ 0.15 ${mark(hotRatio >= 0.15)}; ` +
      `p99 ≤ 10 ms ${mark(hot.p99 <= 10)} |`,
  );
  if (floor) {
    rows.push(
      `| for comparison: bare Deno.serve sending \`/about\`'s ${floor.bytes} bytes with no headers of ours ` +
        `(${split.label}) | ${f(floor.bytesOnly, 0)} req/s | ${f(floor.bytesOnly / ceiling)} | ` +
        `(a body over about 400 bytes goes in a second write) |`,
      `| for comparison: bare Deno.serve sending \`/about\`'s answer from memory (same ${floor.headers} headers, ` +
        `${floor.bytes} bytes; ${split.label}) | ${f(floor.answer, 0)} req/s | ${f(floor.answer / ceiling)} | ` +
        `(the page floor: the most a page can reach) |`,
    );
  }
  return rows;
}

/** Both splits' rows. The page target comes from the one-isolate floor (the floor is a one-isolate server). */
export async function benchThroughput(): Promise<string[]> {
  const dir = await Deno.makeTempDir({ prefix: "hopper-throughput-" });
  try {
    const kvPath = `${dir}/bench.kv`;
    const riderToken = await seedSignedInRider(kvPath);
    const one = await measureSplit(ONE_ISOLATE, kvPath, riderToken, dir);
    const all = await measureSplit(EVERY_CORE, kvPath, riderToken, dir);
    const floorRatio = one.floor!.answer / one.ceiling;
    return [...rowsOf(ONE_ISOLATE, one, floorRatio), ...rowsOf(EVERY_CORE, all, floorRatio)];
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  for (const row of await benchThroughput()) console.log(row);
}
