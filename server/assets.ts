/**
 * Serves static/: the built bundles under /build/ (content-hashed, so cached
 * for a year as immutable) and the files at the site root (map pins, icons).
 * Every file is read once and served from memory with an ETag.
 */
import { type Context, Hono } from "hono";
import { extname, join } from "node:path";
import { fingerprint } from "../lib/hash.ts";
import { encodeAll, type Encoded, encodedBody, isCompressible } from "./compression.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/** Files under static/ served at the site root (not the source stylesheet). */
const ROOT_FILES = ["shuttle.png", "flag.png", "person.png", "favicon.svg", "robots.txt"];

/** Written by scripts/build.ts into static/build/manifest.json. */
export interface Manifest {
  /** Island name → its entry script and every chunk it imports (for modulepreload). */
  islands: Record<string, { entry: string; imports: string[] }>;
  css: string;
  /**
   * The public graph's scripts and stylesheets the service worker keeps at install: the islands riders,
   * drivers and visitors load and their chunks, dynamic ones included, MapLibre aside (scripts/build.ts).
   */
  shell?: string[];
}

interface StaticFile {
  body: Encoded;
  type: string;
  etag: string;
  cacheControl: string;
}

export interface Assets {
  manifest: Manifest;
  /** The build's hash (of manifest.json, which names every hashed file): the release the service worker names. */
  release?: string;
  files: Map<string, StaticFile>;
  /** Where source maps are read from on demand (they are large and rarely asked for). */
  buildDir?: string;
}

function readFile(path: string, cacheControl: string, { compress }: { compress: boolean }): StaticFile {
  const identity = Deno.readFileSync(path);
  const type = TYPES[extname(path)] ?? "application/octet-stream";
  // Bundles come with .br/.gz made by the build; only the small root files are compressed here,
  // so start-up never spends time compressing (cold start).
  const body: Encoded = existsSync(`${path}.br`)
    ? { identity, br: Deno.readFileSync(`${path}.br`), gzip: Deno.readFileSync(`${path}.gz`) }
    : compress && isCompressible(type)
    ? encodeAll(identity)
    : { identity };
  return { body, type, etag: `"${fingerprint(identity)}"`, cacheControl };
}

function existsSync(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** Loads static/ into memory. Fails with a clear message when the build is missing. */
export function loadAssets(staticDir: string): Assets {
  const buildDir = join(staticDir, "build");
  let manifest: Manifest;
  let release: string;
  try {
    const bytes = Deno.readFileSync(join(buildDir, "manifest.json"));
    manifest = JSON.parse(new TextDecoder().decode(bytes));
    release = fingerprint(bytes);
  } catch {
    throw new Error(`No island build in ${buildDir}: run "deno task build" first`);
  }
  const files = new Map<string, StaticFile>();
  for (const entry of Deno.readDirSync(buildDir)) {
    if (!entry.isFile || entry.name === "manifest.json" || /\.(br|gz|map)$/.test(entry.name)) continue;
    files.set(
      `/build/${entry.name}`,
      readFile(join(buildDir, entry.name), "public, max-age=31536000, immutable", { compress: false }),
    );
  }
  for (const name of ROOT_FILES) {
    files.set(`/${name}`, readFile(join(staticDir, name), "public, max-age=86400", { compress: true }));
  }
  return { manifest, files, buildDir, release };
}

export function assetRoutes(assets: Assets, { publicSourceMaps = false }: { publicSourceMaps?: boolean } = {}): Hono {
  const app = new Hono();
  const serve = (path: string, ifNoneMatch: string | undefined, acceptEncoding: string | undefined) => {
    const file = assets.files.get(path);
    if (!file) return null;
    const { body, headers: encoding } = encodedBody(acceptEncoding, file.body);
    const headers = { "content-type": file.type, "cache-control": file.cacheControl, etag: file.etag, ...encoding };
    if (ifNoneMatch === file.etag) return new Response(null, { status: 304, headers });
    return new Response(body, { headers });
  };
  const handler = (c: Context) =>
    serve(c.req.path, c.req.header("if-none-match"), c.req.header("accept-encoding")) ?? c.notFound();
  // Source maps show the code as written: public only when PUBLIC_SOURCE_MAPS=true.
  app.get("/build/:name{.+\\.map}", async (c) => {
    const name = c.req.param("name");
    if (!publicSourceMaps || !assets.buildDir || !/^[\w.-]+\.map$/.test(name)) return c.notFound();
    try {
      const body = await Deno.readFile(join(assets.buildDir, name));
      return c.body(body, 200, {
        "content-type": TYPES[".map"],
        "cache-control": "public, max-age=31536000, immutable",
      });
    } catch {
      return c.notFound();
    }
  });
  app.get("/build/*", handler);
  for (const name of ROOT_FILES) app.get(`/${name}`, handler);
  return app;
}
