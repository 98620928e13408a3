/**
 * The JavaScript byte budgets, exact (bytes, not timing): what a
 * page loads before anything dynamic is the island entries its HTML names
 * plus every chunk they import statically, counted as the server sends them
 * to a client that takes gzip (the build's `.gz`, gzip level 9; files under
 * 512 bytes go uncompressed). Dynamic imports (the map, the Sentry SDK) are
 * not part of the first load. Runs on the real server-rendered pages and the
 * real build (`deno task test` builds first).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest } from "../../server/assets.ts";
import { makeApp } from "../helpers/app.ts";

const KiB = 1024;
const LOGIN_BUDGET = 15 * KiB;
const RIDER_BUDGET = 25 * KiB;
/** The driver page measured 28,560 bytes, its map's first view drawn without MapLibre; a little room above that. */
const DRIVER_BUDGET = 29 * KiB;
/** Strings only React's own builds contain: react's element symbol, react-dom's error text. */
const REACT_MARKS = ["react.transitional.element", "Minified React error"];
/** MapLibre names its worker file; only its chunk holds the name. */
const MAPLIBRE_MARK = "maplibre-gl-worker";

let t: Awaited<ReturnType<typeof makeApp>>;
let manifest: Manifest;

beforeAll(async () => {
  t = await makeApp();
  manifest = JSON.parse(await Deno.readTextFile(new URL("../../static/build/manifest.json", import.meta.url)));
});
afterAll(() => t?.[Symbol.dispose]());

/** A script as the server sends it to a gzip client, and its text. */
async function script(url: string) {
  const gzip = await t.request(url, { headers: { "accept-encoding": "gzip" } });
  expect(gzip.status, url).toBe(200);
  const plain = await t.request(url);
  return { bytes: (await gzip.arrayBuffer()).byteLength, text: await plain.text() };
}

/**
 * The sibling chunks a minified esbuild file imports: statically (`import{…}from"./x.js"`, `import"./x.js"`)
 * and dynamically (`import("./x.js")`). Only `./name.js` specifiers: esbuild names chunks so, and MapLibre's
 * own code holds other strings that merely look like imports.
 */
function importsOf(code: string, from: string) {
  const resolve = (spec: string) => new URL(spec, `http://build${from}`).pathname;
  const statics = [...code.matchAll(/\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.\/[\w.-]+\.js)["']/g)];
  const dynamics = [...code.matchAll(/\bimport\(\s*["'](\.\/[\w.-]+\.js)["']\s*\)/g)];
  return { statics: statics.map((m) => resolve(m[1])), dynamics: dynamics.map((m) => resolve(m[1])) };
}

/** Everything a page's HTML makes the browser load before any dynamic import, and where its dynamic imports lead. */
async function pageLoad(path: string) {
  const res = await t.request(path);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const scriptTags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  const entries = scriptTags.map((tag) => tag.match(/\bsrc="([^"]+)"/)?.[1] ?? `inline script: ${tag}`);
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
  const islands = [...new Set([...html.matchAll(/data-island="(\w+)"/g)].map((m) => m[1]))];

  const loaded = new Map<string, { bytes: number; text: string }>();
  const dynamic = new Set<string>();
  const queue = [...entries, ...preloads];
  while (queue.length) {
    const url = queue.shift()!;
    if (loaded.has(url)) continue;
    const file = await script(url);
    loaded.set(url, file);
    const { statics, dynamics } = importsOf(file.text, url);
    queue.push(...statics);
    for (const d of dynamics) dynamic.add(d);
  }
  const bytes = [...loaded.values()].reduce((sum, f) => sum + f.bytes, 0);
  return { html, scriptTags, entries, preloads, islands, loaded, dynamic, bytes };
}

/** Files reachable from `start` through static and dynamic imports alike. */
async function reachable(start: Iterable<string>): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const queue = [...start];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    const { text } = await script(url);
    seen.set(url, text);
    const { statics, dynamics } = importsOf(text, url);
    queue.push(...statics, ...dynamics);
  }
  return seen;
}

function expectNoReact(load: Awaited<ReturnType<typeof pageLoad>>) {
  for (const [url, { text }] of load.loaded) {
    for (const mark of REACT_MARKS) {
      expect(text.includes(mark), `${url} carries React ("${mark}"): islands must build on preact/compat`).toBe(false);
    }
  }
}

/** The page's scripts are exactly its islands' entries, and every static import is preloaded (no waterfall). */
function expectManifestShape(load: Awaited<ReturnType<typeof pageLoad>>) {
  expect(load.entries.sort()).toEqual(load.islands.map((name) => manifest.islands[name]?.entry).sort());
  const named = new Set([...load.entries, ...load.preloads]);
  for (const url of load.loaded.keys()) expect(named.has(url), `${url} is loaded but not preloaded`).toBe(true);
}

describe("JavaScript byte budgets", () => {
  it.each(["/", "/about", "/terms", "/privacy"])("loads no script at all on %s: 0 bytes", async (path) => {
    const load = await pageLoad(path);
    expect(load.scriptTags).toEqual([]);
    expect(load.preloads).toEqual([]);
    expect(load.bytes).toBe(0);
  });

  it.each(["/login", "/greer/login"])(`loads at most ${LOGIN_BUDGET} bytes of gzip on %s`, async (path) => {
    const load = await pageLoad(path);
    expect(load.islands).toContain("LoginForm");
    expectManifestShape(load);
    expectNoReact(load);
    expect(load.bytes).toBeGreaterThan(0);
    expect(load.bytes, `${path} loads ${load.bytes} bytes (gzip)`).toBeLessThanOrEqual(LOGIN_BUDGET);
  });

  it(`loads at most ${RIDER_BUDGET} bytes of gzip on /greer/rider before the map, which comes by dynamic import`, async () => {
    const load = await pageLoad("/greer/rider");
    expect(load.islands).toContain("RiderScreen");
    expectManifestShape(load);
    expectNoReact(load);
    expect(load.bytes, `/greer/rider loads ${load.bytes} bytes (gzip)`).toBeLessThanOrEqual(RIDER_BUDGET);
    for (const [url, { text }] of load.loaded) {
      expect(text.includes(MAPLIBRE_MARK), `${url} (first load) carries MapLibre`).toBe(false);
    }
    const later = await reachable(load.dynamic);
    const maplibre = [...later].filter(([, text]) => text.includes(MAPLIBRE_MARK));
    expect(maplibre.length, "MapLibre is reachable from the rider page through a dynamic import").toBe(1);
  });

  it(`loads at most ${DRIVER_BUDGET} bytes of gzip on /greer/driver before the map, which comes by dynamic import`, async () => {
    const load = await pageLoad("/greer/driver");
    expect(load.islands).toContain("DriverScreen");
    expectManifestShape(load);
    expectNoReact(load);
    expect(load.bytes, `/greer/driver loads ${load.bytes} bytes (gzip)`).toBeLessThanOrEqual(DRIVER_BUDGET);
    for (const [url, { text }] of load.loaded) {
      expect(text.includes(MAPLIBRE_MARK), `${url} (first load) carries MapLibre`).toBe(false);
    }
    const later = await reachable(load.dynamic);
    const maplibre = [...later].filter(([, text]) => text.includes(MAPLIBRE_MARK));
    expect(maplibre.length, "MapLibre is reachable from the driver page through a dynamic import").toBe(1);
  });
});
