/**
 * The origins the CSP names for the map: read from the style at
 * start-up (server/map_origins.ts) from loopback servers that play the tile
 * provider at the wire: a style naming its sprite, glyphs and a TileJSON on
 * other hosts, a TileJSON whose tiles are on yet another, a provider that
 * answers 503, and one that never answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.tsx";
import { MAP_STYLE_READ_MS, readMapOrigins } from "../../server/map_origins.ts";
import { makeApp } from "../helpers/app.ts";
import { memoryLogger } from "../helpers/memory_log.ts";

interface Fake {
  origin: string;
  stop(): Promise<void>;
}

/** A loopback HTTP server answering `handler`. */
function fake(handler: (path: string, origin: string) => Response | Promise<Response>): Fake {
  const stopper = new AbortController();
  const server: Deno.HttpServer<Deno.NetAddr> = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: stopper.signal, onListen() {} },
    (req): Response | Promise<Response> => handler(new URL(req.url).pathname, `http://127.0.0.1:${server.addr.port}`),
  );
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    stop: async () => {
      stopper.abort();
      await server.finished;
    },
  };
}

let tiles: Fake;
let assets: Fake;
let provider: Fake;
let down: Fake;
let silent: Fake;
const hung: (() => void)[] = [];

beforeAll(() => {
  tiles = fake((path, origin) =>
    path === "/planet"
      ? Response.json({ tilejson: "3.0.0", tiles: [`${origin.replace("127.0.0.1", "localhost")}/t/{z}/{x}/{y}.pbf`] })
      : new Response("no", { status: 404 })
  );
  assets = fake(() => new Response("", { status: 404 }));
  provider = fake((path) =>
    path === "/styles/liberty"
      ? Response.json({
        version: 8,
        sprite: `${assets.origin}/sprites/ofm`,
        glyphs: `${assets.origin}/fonts/{fontstack}/{range}.pbf`,
        sources: {
          openmaptiles: { type: "vector", url: `${tiles.origin}/planet` },
          hills: { type: "raster-dem", tiles: ["https://dem.example.org/{z}/{x}/{y}.png"] },
          local: { type: "vector", url: "pmtiles:///map/tiles.pmtiles" },
          remote: { type: "vector", url: "pmtiles://https://cdn.example.org/greer.pmtiles" },
          shape: { type: "geojson", data: { type: "FeatureCollection", features: [] } },
        },
        layers: [],
      })
      : new Response("no", { status: 404 })
  );
  down = fake(() => new Response("Service Unavailable", { status: 503 }));
  silent = fake(() => new Promise<Response>((resolve) => hung.push(() => resolve(new Response("late")))));
});

afterAll(async () => {
  hung.forEach((answer) => answer());
  await Promise.all([tiles, assets, provider, down, silent].map((f) => f?.stop()));
});

describe("the map style's origins, read at start-up", () => {
  it("names the style's, its sprite's and glyphs', its TileJSON's and that TileJSON's tiles' origins", async () => {
    const log = memoryLogger();
    const origins = await readMapOrigins(`${provider.origin}/styles/liberty`, { log });
    expect(origins).toEqual([
      assets.origin,
      provider.origin,
      tiles.origin,
      "https://cdn.example.org",
      "https://dem.example.org",
      tiles.origin.replace("127.0.0.1", "localhost"),
    ].sort());
    expect(log.events.find((e) => e.event === "map.style_read")).toMatchObject({ origins });
  });

  it("falls back to the style's own origin, with a warning, when the provider answers 503", async () => {
    const log = memoryLogger();
    const origins = await readMapOrigins(`${down.origin}/styles/liberty`, { log });
    expect(origins).toEqual([down.origin]);
    expect(log.events.find((e) => e.event === "map.style_unread")).toMatchObject({
      level: "warn",
      origins: [down.origin],
      error: expect.stringContaining("503"),
    });
  });

  it("does not hold start-up past its time limit when the provider never answers, or refuses", async () => {
    const log = memoryLogger();
    const started = performance.now();
    expect(await readMapOrigins(`${silent.origin}/style.json`, { log, timeoutMs: 300 })).toEqual([silent.origin]);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(log.events.filter((e) => e.event === "map.style_unread")).toHaveLength(1);
    // A port where nothing listens.
    expect(await readMapOrigins("https://127.0.0.1:9/style.json", { log })).toEqual(["https://127.0.0.1:9"]);
    expect(MAP_STYLE_READ_MS).toBeLessThanOrEqual(5_000);
  });

  it("names nothing for the built-in style, the archive's origin for pmtiles://, none for this server's file", async () => {
    expect(await readMapOrigins(null)).toEqual([]);
    expect(await readMapOrigins("pmtiles://https://cdn.example.org/greer.pmtiles")).toEqual([
      "https://cdn.example.org",
    ]);
    expect(await readMapOrigins("pmtiles:///map/tiles.pmtiles")).toEqual([]);
  });

  it("puts the origins read in connect-src and img-src, and nowhere a bare https:", async () => {
    using t = await makeApp({ MAP_STYLE_URL: `${provider.origin}/styles/liberty` });
    const mapOrigins = await readMapOrigins(t.config.mapStyleUrl);
    const app = createApp({ kv: t.kv, sms: t.sms, clock: t.clock, config: t.config, mapOrigins });
    const csp = (await app.request("/about")).headers.get("content-security-policy")!;
    const directive = (name: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
    expect(directive("connect-src")).toBe(["connect-src 'self'", ...mapOrigins].join(" "));
    expect(directive("img-src")).toBe(["img-src 'self' data: blob:", ...mapOrigins].join(" "));
    // MapLibre's worker is our own file (/build/maplibre-gl-worker.mjs): no map origin may start a worker.
    expect(directive("worker-src")).toBe("worker-src 'self' blob:");
    expect(csp).not.toMatch(/\shttps:(\s|;|$)/);
  });
});
