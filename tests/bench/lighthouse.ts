/**
 * Lighthouse on the real pages: mobile, throttled (Lighthouse's
 * defaults), on Debian's Chromium. The real server runs as a child process
 * on a temporary KV file, with a street map as a deployment has one: the
 * built-in street style over the app's own PMTiles archive (MAP_PMTILES_PATH,
 * the test archive of downtown Greer; there is no internet here for
 * OpenFreeMap, and the map screens load the same MapLibre either way). A fake
 * Twilio on loopback receives the sign-in codes, so the rider, driver and admin sign in through the API as a phone
 * would. Each session goes into the browser's localStorage (as the login
 * form leaves it) before the pages that need it are audited.
 *
 * Lighthouse 13 runs with Node (`npx -y lighthouse@13.5.0`, the CLI) against
 * a Chromium this script launches with remote debugging, so localStorage can
 * be set first and kept (`--disable-storage-reset`; the HTTP cache is cleared
 * before each audit, so every page loads cold).
 *
 * The tenant is a first start's demo (automatic dispatch, two vehicles), its driver online in the van with two
 * riders going the same way: the rider's screen is measured with the shared-ride card, the driver's with the run.
 * Every page is visited once, unmeasured, before the audits (a deployed server is warm); the rider and driver
 * screens are audited 3 times each and reported by their median run.
 *
 * Run alone: `deno task build && deno run -A tests/bench/lighthouse.ts [path ...] [en|es]`
 * (also part of `deno task bench`); `LIGHTHOUSE_REPORTS=DIR` keeps the JSON reports.
 * Scores vary from run to run on a busy machine.
 */
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { writePmtilesFixture } from "../helpers/pmtiles_fixture.ts";
import { type ApiSession, signInThroughApi, startServer, type TestServer } from "../e2e/server.ts";
import { CHROMIUM_PATH } from "../e2e/browser.ts";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import type { Lang } from "../../lib/i18n/lang.ts";

const LIGHTHOUSE = "lighthouse@13.5.0";
const RIDER_PHONE = "8645550142";

type Who = "anonymous" | "rider" | "driver" | "admin";

interface PageTarget {
  path: string;
  who: Who;
  /** The page's language, chosen as a person does: the `lang` cookie the footer's switch sets. */
  lang: Lang;
  /** Lighthouse's Performance score (0-100) we hold the page to; null: measured, no target. */
  performance: number | null;
  /**
   * Audits of the page (1 unless given); the row is the run of median Performance. The map screens, whose scores
   * swing most on this shared machine, take 3.
   */
  runs?: number;
}

const IN_ENGLISH: Omit<PageTarget, "lang">[] = [
  { path: "/", who: "anonymous", performance: 95 },
  { path: "/greer/login", who: "anonymous", performance: 95 },
  { path: "/about", who: "anonymous", performance: null },
  { path: "/greer/rider", who: "rider", performance: 90, runs: 3 },
  { path: "/greer/driver", who: "driver", performance: 90, runs: 3 },
  { path: "/greer/admin", who: "admin", performance: null },
  { path: "/greer/admin/trips", who: "admin", performance: null },
  { path: "/greer/admin/users", who: "admin", performance: null },
  { path: "/greer/admin/schedule", who: "admin", performance: null },
  { path: "/greer/admin/places", who: "admin", performance: null },
];

/** Accessibility and Best Practices must be 100 on every page, in both languages. */
export const PAGES: PageTarget[] = (["en", "es"] as const).flatMap((lang) => IN_ENGLISH.map((p) => ({ ...p, lang })));

export interface LighthouseResult {
  lang: Lang;
  path: string;
  who: Who;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Lab metrics, as Lighthouse displays them. */
  metrics: string;
  /** Audits below full marks: every one in Accessibility and Best Practices, the weighted metrics under 0.9. */
  failing: string[];
  /**
   * Lighthouse's measure of the CPU during the run (a 2020 mid-range desktop scores ~1,000-1,500). Under
   * ~1,000 Lighthouse warns that the CPU is slower than its 4x throttling assumes, and scores fall.
   */
  benchmarkIndex: number;
  /** Every run's Performance score, in the order run (one unless the page asks for more). */
  scores: number[];
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
}
interface Report {
  runtimeError?: { code: string; message: string };
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  environment: { benchmarkIndex: number };
}

/** What a report says, in the terms of the table. */
export function summarize(path: string, who: Who, lang: Lang, report: Report): LighthouseResult {
  if (report.runtimeError) throw new Error(`${path}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  if (new URL(report.finalDisplayedUrl).pathname !== path) {
    throw new Error(`${path} ended on ${report.finalDisplayedUrl} (signed out?)`);
  }
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failing: string[] = [];
  for (const id of ["accessibility", "best-practices"]) {
    for (const ref of report.categories[id].auditRefs) {
      const audit = report.audits[ref.id];
      // Weight 0: shown in the report, no part of the score (e.g. valid-source-maps).
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        failing.push(audit.id);
      }
    }
  }
  for (const ref of report.categories.performance.auditRefs) {
    const audit = report.audits[ref.id];
    if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
      failing.push(`${audit.id} ${audit.displayValue ?? ""}`.trim());
    }
  }
  const metric = (id: string, label: string) => `${label} ${report.audits[id]?.displayValue ?? "?"}`;
  return {
    path,
    who,
    lang,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    metrics: [
      metric("first-contentful-paint", "FCP"),
      metric("largest-contentful-paint", "LCP"),
      metric("total-blocking-time", "TBT"),
      metric("cumulative-layout-shift", "CLS"),
    ].join(", "),
    failing,
    benchmarkIndex: Math.round(report.environment.benchmarkIndex),
    scores: [score("performance")],
  };
}

type Session = ApiSession;

const OTHER_RIDER_PHONE = "8645550143";

/**
 * What the rider and driver screens are measured with: the driver online in the van, two riders going the same way
 * in it, so the rider's card is a shared ride and the driver's screen shows the run.
 */
async function shareARide(base: string, driver: Session, riders: Session[]): Promise<void> {
  const call = async (method: string, path: string, session: Session, body: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${session.token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  };
  await call("PUT", "/greer/api/drivers/availability", driver, {
    isAvailable: true,
    location: { lat: 34.9366, lng: -82.2253 },
  });
  for (const [i, rider] of riders.entries()) {
    await call("POST", "/greer/api/rides", rider, {
      pickup: { lat: 34.9384 - i * 0.0003, lng: -82.2279 + i * 0.0003 },
      dropoff: { lat: 34.9421, lng: -82.2311 },
      destination: "Public Library",
      passengerCt: 1,
    });
  }
}

/** Chromium with remote debugging on a free port, for Lighthouse to drive. */
async function launchChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = await Deno.makeTempDir({ prefix: "hopper-lighthouse-" });
  const child = new Deno.Command(CHROMIUM_PATH, {
    args: [
      "--headless=new",
      "--no-sandbox",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      // chrome-launcher's defaults, which Lighthouse's own launch would use.
      "--disable-extensions",
      "--disable-component-extensions-with-background-pages",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-client-side-phishing-detection",
      "--disable-sync",
      "--metrics-recording-only",
      "--disable-default-apps",
      "--mute-audio",
      "--no-default-browser-check",
      "--no-first-run",
      "--disable-backgrounding-occluded-windows",
      "--disable-renderer-backgrounding",
      "--disable-background-timer-throttling",
      "--password-store=basic",
      // For experiments, e.g. LIGHTHOUSE_CHROMIUM_FLAGS=--disable-3d-apis (the screens without the WebGL map).
      ...(Deno.env.get("LIGHTHOUSE_CHROMIUM_FLAGS")?.split(" ").filter(Boolean) ?? []),
      "about:blank",
    ],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch {
      // Already exited.
    }
    await child.status;
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  };
  // Chromium writes the port it chose into DevToolsActivePort.
  for (let i = 0; i < 200; i++) {
    const text = await Deno.readTextFile(join(profile, "DevToolsActivePort")).catch(() => "");
    const port = Number(text.split("\n")[0]);
    if (port > 0) return { port, stop };
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error("Chromium did not open its debugging port within 10 s");
}

/** Leaves a session in localStorage as the login form does, the page's `lang` cookie, and empties the HTTP cache. */
async function prepareBrowser(browser: Browser, origin: string, session: Session | null, lang: Lang): Promise<void> {
  const context = browser.contexts()[0];
  await context.addCookies([{ name: "lang", value: lang, url: origin }]);
  const page = await context.newPage();
  try {
    // A same-origin document that loads nothing else, so no stylesheet or script lands in the cache.
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((s) => {
      localStorage.clear();
      if (s) {
        localStorage.setItem("authToken", s.token);
        localStorage.setItem("user", JSON.stringify(s.user));
      }
    }, session);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await cdp.detach();
  } finally {
    await page.close();
  }
}

async function lighthouse(url: string, port: number, outPath: string, assets: boolean): Promise<Report> {
  const out = await new Deno.Command("npx", {
    args: [
      "-y",
      LIGHTHOUSE,
      url,
      `--port=${port}`,
      "--disable-storage-reset",
      "--only-categories=performance,accessibility,best-practices",
      "--output=json",
      `--output-path=${outPath}`,
      "--quiet",
      ...(assets ? ["--save-assets"] : []),
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`lighthouse ${url} failed:\n${new TextDecoder().decode(out.stderr).slice(-2000)}`);
  }
  return JSON.parse(await Deno.readTextFile(outPath));
}

/** Audits each page (all of PAGES by default) and answers one result per page. */
export async function runLighthouse(pages: PageTarget[] = PAGES): Promise<LighthouseResult[]> {
  const twilio = startFakeTwilio();
  // LIGHTHOUSE_REPORTS=dir keeps each page's JSON report, trace and DevTools log there.
  const keep = Deno.env.get("LIGHTHOUSE_REPORTS");
  const reports = keep ?? await Deno.makeTempDir({ prefix: "hopper-lighthouse-reports-" });
  if (keep) await Deno.mkdir(keep, { recursive: true });
  let server: TestServer | undefined;
  let chrome: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let browser: Browser | undefined;
  const archive = await writePmtilesFixture();
  try {
    // The first start's demo: automatic dispatch with its two vehicles, so the screens carry what they carry in a
    // shared service.
    server = await startServer({ env: { ...twilio.env, MAP_PMTILES_PATH: archive }, firstStart: true });
    const phones: Record<Exclude<Who, "anonymous">, string> = {
      rider: RIDER_PHONE,
      driver: DEMO_DRIVER_PHONE,
      admin: DEMO_ADMIN_PHONE,
    };
    const sessions = new Map<Who, Session>();
    const sessionOf = async (who: Who) => {
      if (who === "anonymous") return null;
      const session = sessions.get(who) ?? await signInThroughApi(server!.url, twilio.codeFor, phones[who]);
      sessions.set(who, session);
      return session;
    };
    await shareARide(server.url, (await sessionOf("driver"))!, [
      (await sessionOf("rider"))!,
      await signInThroughApi(server.url, twilio.codeFor, OTHER_RIDER_PHONE),
    ]);
    // Each page visited once, unmeasured, in a browser of its own: a deployed server has answered these pages and
    // APIs before, and a first answer here (the server compiling its code, on the two cores Chromium uses too) cost
    // the first page audited up to a second of blocking time.
    chrome = await launchChromium();
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    for (const page of pages) {
      await prepareBrowser(browser, server.url, await sessionOf(page.who), page.lang);
      const tab = await browser.contexts()[0].newPage();
      await tab.goto(server.url + page.path, { waitUntil: "networkidle" }).catch(() => {});
      await tab.close();
    }
    await browser.close().catch(() => {});
    await chrome.stop();
    browser = undefined;
    chrome = undefined;
    const results: LighthouseResult[] = [];
    for (const page of pages) {
      const session = await sessionOf(page.who);
      const taken: LighthouseResult[] = [];
      for (let run = 1; run <= (page.runs ?? 1); run++) {
        const suffix = run === 1 ? "" : `.run${run}`;
        const outPath = join(reports, `${page.path.replaceAll("/", "_") || "root"}.${page.lang}${suffix}.json`);
        // Lighthouse asks to be run again after its own runtime errors (NO_NAVSTART on a busy machine): twice more.
        // Each page in a browser of its own, as a person opens one screen on their phone: in one browser,
        // a page opened in the renderer the previous page and its service worker left, and its first task walked the
        // heap that page left (155-324 ms of blocking time on the driver page after the rider page).
        chrome = await launchChromium();
        browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        for (let attempt = 1;; attempt++) {
          try {
            await prepareBrowser(browser, server.url, session, page.lang);
            const report = await lighthouse(server.url + page.path, chrome.port, outPath, !!keep);
            taken.push(summarize(page.path, page.who, page.lang, report));
            break;
          } catch (err) {
            if (attempt === 3) throw err;
            console.warn(`${page.path}: ${err instanceof Error ? err.message : err}; running it again`);
          }
        }
        await browser.close().catch(() => {});
        await chrome.stop();
        browser = undefined;
        chrome = undefined;
      }
      const median = [...taken].sort((a, b) => a.performance - b.performance)[Math.floor(taken.length / 2)];
      results.push({ ...median, scores: taken.map((r) => r.performance) });
    }
    return results;
  } finally {
    await browser?.close().catch(() => {});
    await chrome?.stop();
    await server?.stop();
    await twilio.stop();
    await Deno.remove(archive).catch(() => {});
    if (!keep) await Deno.remove(reports, { recursive: true }).catch(() => {});
  }
}

const mark = (ok: boolean) => ok ? "✓" : "✗";

/** One row of docs/benchmarks.md's table per page (columns: what, measured, ratio, target). */
export function lighthouseRow(r: LighthouseResult, target: PageTarget | undefined): string {
  const perf = target?.performance ?? null;
  const ok = r.accessibility === 100 && r.bestPractices === 100 && (perf === null || r.performance >= perf);
  const failing = r.failing.length ? `; below full marks: ${r.failing.join(", ")}` : "";
  const runs = r.scores.length > 1
    ? `; the median of ${r.scores.length} runs, which scored ${r.scores.join(", ")}`
    : "";
  const who = r.who === "anonymous" ? "" : `, signed in as ${r.who}`;
  const lang = r.lang === "es" ? " in Spanish" : "";
  return `| Lighthouse mobile \`${r.path}\`${lang}${who}: Performance / Accessibility / Best Practices | ` +
    `${r.performance} / ${r.accessibility} / ${r.bestPractices} (${r.metrics}; CPU benchmark ${r.benchmarkIndex}` +
    `${runs}${failing}) | | ` +
    `${perf === null ? "—" : `≥ ${perf}`} / 100 / 100 ${mark(ok)} |`;
}

/** For tests/bench/run.ts: every page, as table rows, then the installability checks. */
export async function benchLighthouse(): Promise<string[]> {
  const results = await runLighthouse();
  const rows = results.map((r) => lighthouseRow(r, PAGES.find((p) => p.path === r.path && p.lang === r.lang)));
  return [...rows, installabilityRow(await runInstallability())];
}

/** The installability checks as one row of docs/benchmarks.md. */
export function installabilityRow(r: InstallabilityResult): string {
  const ids = Object.keys(r.audits);
  const failing = ids.filter((id) => !r.audits[id]);
  const passed = ids.length - failing.length;
  const ok = failing.length === 0 && r.reasons.length === 0;
  const why = [...failing.map((id) => `failing: ${id}`), ...r.reasons].join("; ");
  return `| Lighthouse 11.7.1 installability (PWA category) \`${r.path}\`, signed in as rider | ` +
    `${passed} of ${ids.length} audits pass (${ids.join(", ")})${why ? `; ${why}` : ""} | | all pass ${mark(ok)} |`;
}

/**
 * Lighthouse's installability checks on the rider page, signed in as a rider: the PWA category, which
 * Lighthouse 12 dropped (Chromium's own checks remain, in DevTools' Application panel), so the last release that has
 * it runs here. Its audits: the manifest and its icons make the app installable (`installable-manifest`, Chromium's
 * own verdict), a themed address bar, a splash screen, a maskable icon, the viewport and content width.
 * Run: `deno task build && deno run -A tests/bench/lighthouse.ts --installable`.
 */
const LIGHTHOUSE_PWA = "lighthouse@11.7.1";

export interface InstallabilityResult {
  path: string;
  /** Audit id → passed, for every audit of the PWA category that has a score. */
  audits: Record<string, boolean>;
  /** Chromium's reasons the page cannot be installed, from `installable-manifest`; [] when it can be. */
  reasons: string[];
}

export async function runInstallability(path = "/greer/rider"): Promise<InstallabilityResult> {
  const twilio = startFakeTwilio();
  const reports = await Deno.makeTempDir({ prefix: "hopper-lighthouse-pwa-" });
  let server: TestServer | undefined;
  let chrome: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ env: twilio.env });
    chrome = await launchChromium();
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const session = await signInThroughApi(server.url, twilio.codeFor, RIDER_PHONE);
    await prepareBrowser(browser, server.url, session, "en");
    const outPath = join(reports, "pwa.json");
    const out = await new Deno.Command("npx", {
      args: [
        "-y",
        LIGHTHOUSE_PWA,
        server.url + path,
        `--port=${chrome.port}`,
        "--disable-storage-reset",
        "--only-categories=pwa",
        "--output=json",
        `--output-path=${outPath}`,
        "--quiet",
      ],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) throw new Error(`lighthouse failed:\n${new TextDecoder().decode(out.stderr).slice(-2000)}`);
    const report = JSON.parse(await Deno.readTextFile(outPath)) as Report & {
      audits: Record<string, Audit & { details?: { items?: { reason?: string }[] } }>;
    };
    if (report.runtimeError) throw new Error(`${report.runtimeError.code} ${report.runtimeError.message}`);
    const audits: Record<string, boolean> = {};
    for (const ref of report.categories.pwa.auditRefs) {
      const audit = report.audits[ref.id];
      if (audit.score !== null && audit.scoreDisplayMode !== "manual") audits[ref.id] = audit.score === 1;
    }
    const reasons = (report.audits["installable-manifest"]?.details?.items ?? []).map((i) => i.reason ?? "");
    return { path, audits, reasons };
  } finally {
    await browser?.close().catch(() => {});
    await chrome?.stop();
    await server?.stop();
    await twilio.stop();
    await Deno.remove(reports, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main && Deno.args.includes("--installable")) {
  const result = await runInstallability(Deno.args.find((a) => a.startsWith("/")));
  console.log(JSON.stringify(result, null, 2));
  console.log(installabilityRow(result));
  Deno.exit(0);
}

if (import.meta.main) {
  // `es` among the arguments keeps only the Spanish pages, `en` only the English.
  const langs = Deno.args.filter((a) => a === "en" || a === "es");
  const paths = Deno.args.filter((a) => a.startsWith("/"));
  const wanted = PAGES.filter((p) =>
    (paths.length === 0 || paths.includes(p.path)) && (langs.length === 0 || langs.includes(p.lang))
  );
  if (wanted.length === 0) throw new Error(`no such page; pages: ${PAGES.map((p) => p.path).join(" ")}`);
  for (const r of await runLighthouse(wanted)) {
    console.log(
      `${r.path.padEnd(24)} ${r.lang} ${r.who.padEnd(9)} perf ${String(r.performance).padStart(3)}  a11y ${
        String(r.accessibility).padStart(3)
      }  bp ${String(r.bestPractices).padStart(3)}  ${r.metrics}  (CPU benchmark ${r.benchmarkIndex}; runs ${
        r.scores.join(", ")
      })`,
    );
    for (const f of r.failing) console.log(`    ${f}`);
  }
}
