/**
 * The street map in headless Chromium against the real server,
 * with the tile provider played at the wire by loopback servers (there is no
 * internet here, so no screenshot of OpenFreeMap's streets can be taken):
 *
 * - the first view is drawn without MapLibre: nothing is asked of the
 *   provider until the person reaches for the map;
 * - the provider down (503): once reached for, the rider's and the driver's
 *   maps fall back to the built-in style with the area and the pins, and say
 *   "Street map unavailable" (in Spanish on a Spanish page);
 * - MAP_PMTILES_PATH: the built-in street style over the app's own archive
 *   (tests/helpers/pmtiles_fixture.ts), read with 206 range answers, drawn
 *   (its land, road and water colours on screen), credited to OpenStreetMap;
 * - a custom style on another origin with a `pmtiles://` source there: the
 *   CSP read at start-up names that origin and the browser draws its tiles.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeImage } from "../../lib/images/codecs.ts";
import { PMTILES_ROUTE } from "../../lib/map_style.ts";
import { pmtilesFixture, writePmtilesFixture } from "../helpers/pmtiles_fixture.ts";
import { PHONE, storeSession, watchPage } from "./browser.ts";
import { startServer, type TestServer } from "./server.ts";
import { browserWorld, type Session } from "./world.ts";

const GREER = { latitude: 34.9387, longitude: -82.2271 };
const CSP_REPORT = /Content Security Policy|Refused to (connect|load)/;

const world = browserWorld();

interface Fake {
  origin: string;
  requests: string[];
  stop(): Promise<void>;
}

/** A loopback server playing a tile provider; every answer allows any origin (as tile hosts do). */
function fakeProvider(answer: (req: Request, origin: string) => Response): Fake {
  const stopper = new AbortController();
  const requests: string[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", signal: stopper.signal, onListen() {} }, (req) => {
    requests.push(`${req.method} ${new URL(req.url).pathname} ${req.headers.get("range") ?? ""}`.trim());
    const cors = {
      "access-control-allow-origin": "*",
      "access-control-allow-headers": "range",
      "access-control-expose-headers": "content-range, etag, content-length",
    };
    if (req.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
    const res = answer(req, `http://127.0.0.1:${server.addr.port}`);
    for (const [k, v] of Object.entries(cors)) res.headers.set(k, v);
    return res;
  });
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    requests,
    stop: async () => {
      stopper.abort();
      await server.finished;
    },
  };
}

/** A phone-sized page with its GPS in Greer, signed in as `session`, on `server`. */
async function openAs(server: TestServer, session: Session, locale = "en-US"): Promise<Page> {
  const context = await world.newContext({
    viewport: PHONE,
    baseURL: server.url,
    hasTouch: true,
    isMobile: true,
    locale,
    geolocation: GREER,
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  await storeSession(page, session);
  return page;
}

async function goto(page: Page, path: string, island: string) {
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).waitFor({ timeout: 10_000 });
}

/**
 * Reaches for the map as a person does before panning (the pointer over it), then waits for the WebGL map and its
 * first marker. The first view is the static map: MapLibre loads only then.
 */
async function webglMapDrawn(page: Page) {
  await page.locator(".map-box").hover();
  await page.locator(".map-box .maplibregl-canvas").waitFor({ timeout: 15_000 });
  await page.locator(".map-box .maplibregl-marker").first().waitFor({ timeout: 15_000 });
}

type Rgb = [number, number, number];

/** The share of the map box's pixels within `tolerance` of each colour, from a real screenshot. */
async function colourShares(page: Page, colours: Record<string, Rgb>, tolerance = 6) {
  const box = (await page.locator(".map-box").boundingBox())!;
  const png = await page.screenshot({ clip: box });
  const img = await decodeImage(new Uint8Array(png), "png");
  const counts: Record<string, number> = Object.fromEntries(Object.keys(colours).map((k) => [k, 0]));
  for (let i = 0; i < img.data.length; i += 4) {
    for (const [name, [r, g, b]] of Object.entries(colours)) {
      const d = Math.max(Math.abs(img.data[i] - r), Math.abs(img.data[i + 1] - g), Math.abs(img.data[i + 2] - b));
      if (d <= tolerance) counts[name]++;
    }
  }
  const total = img.data.length / 4;
  return Object.fromEntries(Object.entries(counts).map(([k, n]) => [k, n / total]));
}

/** #e9eef2 paper under the area's #1d4ed8 fill at 8% (the built-in style inside the circle). */
const AREA_ON_PAPER: Rgb = [217, 225, 240];
/** The built-in street style's land, water and highway (components/map/street_style.ts), under the area's tint. */
const STREET = { land: [225, 226, 233] as Rgb, water: [157, 194, 232] as Rgb, highway: [229, 196, 130] as Rgb };

let nextRider = 8645550700;
const signIn = (server: TestServer) => world.signIn(String(nextRider++), { base: server.url });

describe("the street map when its provider is down", () => {
  let down: Fake;
  let server: TestServer;

  beforeAll(async () => {
    down = fakeProvider(() => new Response("Service Unavailable", { status: 503 }));
    server = await startServer({ env: { ...world.twilio.env, MAP_STYLE_URL: `${down.origin}/styles/liberty` } });
  });
  afterAll(async () => {
    await server?.stop();
    await down?.stop();
  });

  it("started anyway, with a warning, and named only the style's origin", async () => {
    expect(server.output()).toMatch(/"level":"warn","event":"map.style_unread"/);
    const res = await fetch(`${server.url}/greer/rider`);
    await res.body?.cancel();
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain(`connect-src 'self' ${down.origin};`);
    expect(csp).toContain(`img-src 'self' data: blob: ${down.origin};`);
  });

  it("draws the first view without asking the provider, then, reached for, the area and pins on the built-in style, and says the street map is unavailable", async () => {
    const page = await openAs(server, await signIn(server));
    const seen = watchPage(page, { ignore: [/Failed to load resource/, /503/] });
    const maplibre: string[] = [];
    page.on("request", (req) => /maplibre/.test(req.url()) && maplibre.push(req.url()));
    const before = down.requests.length;
    await goto(page, "/greer/rider", "RiderScreen");
    // Read, not touched: the static map, the pickup on it, and nothing of MapLibre or the provider.
    await page.locator(".static-map").waitFor();
    expect(await page.locator(".static-map image[href='/person.png']").count()).toBe(1);
    await page.waitForTimeout(1_500);
    expect(await page.locator(".maplibregl-canvas").count()).toBe(0);
    expect(maplibre).toEqual([]);
    expect(down.requests.length).toBe(before);
    await webglMapDrawn(page);
    const notice = page.getByRole("status").filter({ hasText: "Street map unavailable" });
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.isVisible()).toBe(true);
    expect(down.requests).toContain("GET /styles/liberty");
    await page.waitForTimeout(500);
    expect(await page.locator(".maplibregl-marker img[alt='Pickup']").isVisible()).toBe(true);
    const shares = await colourShares(page, { area: AREA_ON_PAPER });
    expect(shares.area, "the area's tint over the built-in paper").toBeGreaterThan(0.2);
    // The built-in map is not OpenStreetMap's: no street credit on it.
    expect(await page.getByRole("link", { name: "© OpenStreetMap contributors" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Request Ride" }).isVisible()).toBe(true);
    expect(seen.errors).toEqual([]);
  });

  it("says so in Spanish on the driver's Spanish page", async () => {
    const driver = await world.signIn("8645550101", { base: server.url });
    const page = await openAs(server, driver, "es-ES");
    await goto(page, "/greer/driver", "DriverScreen");
    await webglMapDrawn(page);
    await page.getByRole("status").filter({ hasText: "Mapa de calles no disponible" }).waitFor({ timeout: 15_000 });
  });
});

describe("the street map from the app's own PMTiles file (MAP_PMTILES_PATH)", () => {
  let server: TestServer;
  let path: string;

  beforeAll(async () => {
    path = await writePmtilesFixture();
    server = await startServer({ env: { ...world.twilio.env, MAP_PMTILES_PATH: path } });
  });
  afterAll(async () => {
    await server?.stop();
    await Deno.remove(path).catch(() => {});
  });

  it("reads the archive by range from this origin, draws its streets, and credits OpenStreetMap", async () => {
    const page = await openAs(server, await signIn(server));
    const seen = watchPage(page);
    const ranges: string[] = [];
    page.on("response", (res) => {
      if (new URL(res.url()).pathname === PMTILES_ROUTE) {
        ranges.push(`${res.status()} ${res.headers()["content-range"] ?? ""}`);
      }
    });
    await goto(page, "/greer/rider", "RiderScreen");
    await webglMapDrawn(page);
    const size = pmtilesFixture().bytes.length;
    await expect.poll(() => ranges.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(ranges.every((r) => r.startsWith("206 bytes ") && r.endsWith(`/${size}`)), ranges.join("\n")).toBe(true);
    const osm = page.getByRole("link", { name: "© OpenStreetMap contributors" });
    await osm.waitFor({ timeout: 15_000 });
    expect(await osm.isVisible()).toBe(true);
    expect(await osm.getAttribute("href")).toBe("https://www.openstreetmap.org/copyright");
    expect(await page.getByRole("link", { name: "Protomaps" }).isVisible()).toBe(true);
    await expect.poll(() => colourShares(page, STREET), { timeout: 15_000 }).toEqual({
      land: expect.toSatisfy((n: number) => n > 0.2),
      water: expect.toSatisfy((n: number) => n > 0.005),
      highway: expect.toSatisfy((n: number) => n > 0.005),
    });
    expect(await page.getByText("Street map unavailable").count()).toBe(0);
    expect(seen.errors).toEqual([]);
  });
});

describe("a custom style on another origin, with a pmtiles:// source there", () => {
  let provider: Fake;
  let server: TestServer;
  const archive = new Uint8Array(pmtilesFixture().bytes);

  beforeAll(async () => {
    provider = fakeProvider((req, origin) => {
      const { pathname } = new URL(req.url);
      if (pathname === "/style.json") {
        return Response.json({
          version: 8,
          sources: {
            streets: {
              type: "vector",
              url: `pmtiles://${origin}/greer.pmtiles`,
              attribution: '<a href="https://example.org/tiles">Example Tiles</a>',
            },
          },
          layers: [
            { id: "land", type: "background", paint: { "background-color": "#ff00ff" } },
            {
              id: "roads",
              type: "line",
              source: "streets",
              "source-layer": "roads",
              paint: { "line-color": "#00ff00", "line-width": 6 },
            },
          ],
        });
      }
      if (pathname === "/greer.pmtiles") {
        const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.get("range") ?? "");
        if (!m) return new Response(archive);
        const end = Math.min(Number(m[2]), archive.length - 1);
        return new Response(archive.slice(Number(m[1]), end + 1), {
          status: 206,
          headers: { "content-range": `bytes ${m[1]}-${end}/${archive.length}`, etag: '"greer-1"' },
        });
      }
      return new Response("not found", { status: 404 });
    });
    server = await startServer({ env: { ...world.twilio.env, MAP_STYLE_URL: `${provider.origin}/style.json` } });
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.stop();
  });

  it("names the style's origin in the CSP at start-up, and the browser draws the style's tiles from there", async () => {
    expect(server.output()).toContain('"event":"map.style_read"');
    const page = await openAs(server, await signIn(server));
    const seen = watchPage(page, { ignore: [CSP_REPORT] });
    const violations: string[] = [];
    page.on("console", (m) => CSP_REPORT.test(m.text()) && violations.push(m.text()));
    await goto(page, "/greer/rider", "RiderScreen");
    await webglMapDrawn(page);
    await expect.poll(() => provider.requests.filter((r) => r.startsWith("GET /greer.pmtiles bytes=")).length, {
      timeout: 15_000,
    }).toBeGreaterThan(1);
    // Magenta land and green roads, under the area's tint: the custom style, drawn from the other origin.
    await expect.poll(() => colourShares(page, { land: [235, 7, 240], road: [2, 236, 19] }, 14), { timeout: 15_000 })
      .toEqual({ land: expect.toSatisfy((n: number) => n > 0.2), road: expect.toSatisfy((n: number) => n > 0.001) });
    expect(await page.getByRole("link", { name: "Example Tiles" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "© OpenStreetMap contributors" }).isVisible()).toBe(true);
    expect(violations).toEqual([]);
    expect(seen.errors).toEqual([]);
  });
});
