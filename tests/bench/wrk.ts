/**
 * wrk, the HTTP load generator of the throughput rows (Debian's package,
 * installed when missing), run where the split says: `taskset` pins it to its
 * cores so a one-isolate server and its load generator do not share one.
 */
export interface Load {
  rps: number;
  p50: number;
  p99: number;
}

async function run(cmd: string, args: string[]): Promise<string> {
  const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
  if (!out.success) throw new Error(`${cmd} ${args.join(" ")} failed: ${new TextDecoder().decode(out.stderr)}`);
  return new TextDecoder().decode(out.stdout);
}

export async function ensureWrk(): Promise<void> {
  try {
    await run("sh", ["-c", "command -v wrk"]);
  } catch {
    console.log("installing wrk (apt-get install -y wrk)");
    await run("apt-get", ["install", "-y", "-qq", "wrk"]);
  }
}

/** wrk's durations: 766.00us, 1.21ms, 2.00s, 1.05m. */
function ms(text: string): number {
  const m = text.match(/^([\d.]+)(us|ms|s|m)$/);
  if (!m) throw new Error(`unreadable wrk duration "${text}"`);
  const n = Number(m[1]);
  return n * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as "us" | "ms" | "s" | "m"];
}

/** What a browser sends with every request: pages and bundles are served compressed. */
export const BROWSER_HEADERS = ["-H", "Accept-Encoding: gzip, deflate, br"];

export interface WrkOptions {
  connections?: number;
  headers?: string[];
  seconds?: number;
  /** wrk's threads, and the cores it runs on (taskset -c); none: every core. */
  threads?: number;
  cpus?: string;
}

export async function wrk(
  url: string,
  { connections = 64, headers = BROWSER_HEADERS, seconds = 5, threads = 2, cpus }: WrkOptions = {},
): Promise<Load> {
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, "--latency", ...headers, url];
  const out = cpus ? await run("taskset", ["-c", cpus, "wrk", ...args]) : await run("wrk", args);
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p50 = ms(out.match(/^\s+50%\s+(\S+)/m)?.[1] ?? out);
  const p99 = ms(out.match(/^\s+99%\s+(\S+)/m)?.[1] ?? out);
  if (/Non-2xx or 3xx responses/.test(out)) throw new Error(`${url} answered errors under load:\n${out}`);
  return { rps, p50, p99 };
}
