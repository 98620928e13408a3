/**
 * Throughput rows of `deno task bench`: static pages and the
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
import { startUnder, TOKEN_ENV } from "./bench_server.ts";
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
/** Pages on a single isolate reached 0.2-0.35 of the ceiling; the target is half the way from 0.35 to the floor. */
const PAGES_BEFORE = 0.35;
/**
 * Each split is measured in rounds (ceiling, app, floor, one after another) and each figure is the median of its
 * rounds, each ratio the median of its rounds' ratios: a bare server's rate on this VM moves by a third from one
 * minute to the next, so a figure is compared with a ceiling taken a minute from it, not ten.
 */
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? "3");

/** One round of a split: the ceiling, then the app's pages and hottest read, then (one isolate) the page floor. */
interface Round {
  ceiling: number;
  pages: Map<string, Load>;
  hot: Load;
  /** A bare Deno.serve sending /about's answer from memory, and its bytes alone (one isolate only). */
  floor?: { answer: number; bytesOnly: number };
}

interface SplitFigures {
  rounds: Round[];
  /** What the floor sends: /about's header count and body size. */
  page?: { headers: number; bytes: number };
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

/** The rate of tests/bench/page_floor.ts sending the answer in `page` (a JSON file), with its headers or none. */
async function floorOf(split: Split, page: string, headers: boolean): Promise<number> {
  const floor = await startUnder(split, "tests/bench/page_floor.ts", {
    env: { PAGE_ANSWER: page, ...(headers ? {} : { PAGE_HEADERS: "none" }) },
  });
  try {
    return (await load(split, floor.url + "/")).rps;
  } finally {
    await floor.stop();
  }
}

async function measureSplit(split: Split, kvPath: string, riderToken: string, dir: string): Promise<SplitFigures> {
  const rounds: Round[] = [];
  let page: SplitFigures["page"];
  const pageFile = `${dir}/page.json`;
  for (let round = 0; round < ROUNDS; round++) {
    const ceiling = await ceilingOf(split);
    const app = await startUnder(split, split.isolates > 1 ? "serve.ts" : "main.ts", {
      env: { KV_PATH: kvPath, ...TOKEN_ENV },
      ready: "/healthz",
    });
    const pages = new Map<string, Load>();
    let hot: Load;
    try {
      for (const path of PAGES) pages.set(path, await load(split, app.url + path));
      hot = await load(split, app.url + "/greer/api/rides/my", [
        ...BROWSER_HEADERS,
        "-H",
        `Authorization: Bearer ${riderToken}`,
      ]);
      if (split.isolates === 1 && !page) {
        // What Deno alone costs to send one page's answer (its bytes and its headers), for comparison.
        const { body, headers } = await rawAnswer(app.url, "/about");
        await Deno.writeTextFile(pageFile, JSON.stringify({ body, headers }));
        page = { headers: headers.length, bytes: body.length };
      }
    } finally {
      await app.stop();
    }
    const floor = split.isolates === 1
      ? { bytesOnly: await floorOf(split, pageFile, false), answer: await floorOf(split, pageFile, true) }
      : undefined;
    rounds.push({ ceiling, pages, hot, floor });
  }
  return { rounds, page };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A load's median over the rounds, and the median of its ratios to each round's ceiling. */
function summary(rounds: Round[], pick: (round: Round) => Load): { load: Load; ratio: number } {
  const loads = rounds.map(pick);
  return {
    load: {
      rps: median(loads.map((l) => l.rps)),
      p50: median(loads.map((l) => l.p50)),
      p99: median(loads.map((l) => l.p99)),
    },
    ratio: median(rounds.map((round, i) => loads[i].rps / round.ceiling)),
  };
}

/** The median ratio of the page floor to the ceiling, one isolate. */
function floorRatioOf({ rounds }: SplitFigures): number {
  return median(rounds.map((round) => round.floor!.answer / round.ceiling));
}

function rowsOf(split: Split, { rounds, page }: SplitFigures, floorRatio: number): string[] {
  const rows: string[] = [];
  const bare = split.isolates > 1 ? "bare `deno serve --parallel`" : "bare Deno.serve";
  const each = (values: number[]) => values.map((v) => f(v, 0)).join(", ");
  const n = `median of ${rounds.length} rounds`;
  rows.push(
    `| ceiling: ${bare} (${split.label}; ${n}, each ${each(rounds.map((r) => r.ceiling))}) | ` +
      `${f(median(rounds.map((r) => r.ceiling)), 0)} req/s | 1.00 | reference |`,
  );
  const app = split.isolates > 1 ? "the production start" : "main.ts";
  const pageGoal = (PAGES_BEFORE + floorRatio) / 2;
  for (const path of PAGES) {
    const { load, ratio } = summary(rounds, (r) => r.pages.get(path)!);
    rows.push(
      `| static page \`${path}\`, ${app} (${split.label}; ${n}, each ${
        each(rounds.map((r) => r.pages.get(path)!.rps))
      }) | ` +
        `${f(load.rps, 0)} req/s, p99 ${f(load.p99)} ms | ${f(ratio)} | ` +
        `≥ ${f(pageGoal)} (half way from ${PAGES_BEFORE} to the floor) ${mark(ratio >= pageGoal)} |`,
    );
  }
  const hot = summary(rounds, (r) => r.hot);
  rows.push(
    `| hottest authenticated read \`GET /greer/api/rides/my\` (bearer, 64 connections), ${app} (${split.label}; ${n}, ` +
      `each ${each(rounds.map((r) => r.hot.rps))}) | ${f(hot.load.rps, 0)} req/s, p99 ${f(hot.load.p99)} ms | ` +
      `${f(hot.ratio)} | ≥ 0.15 ${mark(hot.ratio >= 0.15)}; p99 ≤ 10 ms ${mark(hot.load.p99 <= 10)} |`,
  );
  if (page) {
    const bytesOnly = median(rounds.map((r) => r.floor!.bytesOnly));
    const bytesRatio = median(rounds.map((r) => r.floor!.bytesOnly / r.ceiling));
    const answer = median(rounds.map((r) => r.floor!.answer));
    rows.push(
      `| for comparison: bare Deno.serve sending \`/about\`'s ${page.bytes} bytes with no headers of ours ` +
        `(${split.label}; ${n}) | ${f(bytesOnly, 0)} req/s | ${f(bytesRatio)} | ` +
        `(a body over about 400 bytes goes in a second write) |`,
      `| for comparison: bare Deno.serve sending \`/about\`'s answer from memory (same ${page.headers} headers, ` +
        `${page.bytes} bytes; ${split.label}; ${n}) | ${f(answer, 0)} req/s | ${f(floorRatio)} | ` +
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
    const floorRatio = floorRatioOf(one);
    return [...rowsOf(ONE_ISOLATE, one, floorRatio), ...rowsOf(EVERY_CORE, all, floorRatio)];
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  for (const row of await benchThroughput()) console.log(row);
}
