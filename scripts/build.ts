/**
 * Builds the browser assets into static/build/: one content-hashed ESM bundle
 * per island (code-split, minified), the stylesheet, and manifest.json, which
 * the server reads to write <script> and <link> tags. Run by `deno task build`
 * (and before start and test). `--watch` rebuilds on change (deno task dev).
 *
 * MapLibre's worker and stylesheet are copied in beside the chunks (see
 * VENDOR_FILES): MapLibre 6 starts its worker from `maplibre-gl-worker.mjs`
 * next to the chunk holding it, and the map links its stylesheet from there
 * too, so only pages that show a map load either.
 */
import type * as esbuild from "esbuild";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Manifest } from "../server/assets.ts";
import { encodeAll } from "../server/compression.ts";
import { bundlesCurrent, INPUTS_FILE, inputsHash } from "./build_inputs.ts";

/** esbuild, loaded only when something is built: `--if-changed` on current bundles never pays for it. */
const loadEsbuild = () => import("esbuild");

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const OUT_DIR = join(ROOT, "static/build");

function islandNames(): string[] {
  return [...Deno.readDirSync(join(ROOT, "islands"))]
    .filter((e) => e.isFile && /^[A-Z]\w*\.tsx$/.test(e.name))
    .map((e) => e.name.replace(/\.tsx$/, ""))
    .sort();
}

/** The staff screens: the admin's (Admin*) and the dispatcher's console (Dispatch*). */
const isStaff = (name: string) => name.startsWith("Admin") || name.startsWith("Dispatch");

/**
 * The islands are built in two graphs. The staff screens are one,
 * everything riders, drivers and visitors load the other: esbuild puts each
 * module in the chunk of the islands that reach it, so an admin screen that
 * shares a few of the rider's modules (the map) would split the rider's
 * chunks into more, smaller files and add their overhead to the rider's
 * budget. Apart, a change to an admin screen never moves a byte of the
 * rider's, driver's or sign-in pages. The cost is on admin pages, which load
 * their own copy of Preact and the frame beside the header's menu.
 */
export const GRAPHS = {
  public: (name: string) => !isStaff(name),
  staff: isStaff,
} as const;
type Graph = keyof typeof GRAPHS;

/** Each island's entry is a two-line virtual module: import it, hydrate it. */
const islandEntries: esbuild.Plugin = {
  name: "island-entries",
  setup(build) {
    build.onResolve({ filter: /^island:/ }, (args) => ({ path: args.path.slice(7), namespace: "island" }));
    build.onLoad({ filter: /.*/, namespace: "island" }, (args) => ({
      contents: `import Island from "./islands/${args.path}.tsx";
import { hydrate } from "./islands/runtime/hydrate.tsx";
hydrate(${JSON.stringify(args.path)}, Island);`,
      resolveDir: ROOT,
      loader: "tsx",
    }));
  },
};

/**
 * The browser gets Preact, not React: the islands are written
 * against React's API and rendered by React 19 on the server, but their
 * bundles import preact/compat, about 11 KiB gzip against React's 69. Every
 * island and react-map-gl run on it; the browser tests (tests/e2e/) run on
 * these bundles, the island tests (tests/islands/) on React. See
 * docs/architecture.md, "Island bundles: Preact in production".
 */
export const PREACT_ALIASES: Record<string, string> = {
  "react": "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

function options(outdir: string, graph: Graph): esbuild.BuildOptions {
  const entryPoints = [
    ...islandNames().filter(GRAPHS[graph]).map((name) => ({ in: `island:${name}`, out: name })),
    ...(graph === "public" ? [{ in: join(ROOT, "static/styles.css"), out: "styles" }] : []),
  ];
  return {
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2022", "chrome110", "safari16", "firefox115"],
    minify: true,
    sourcemap: "linked",
    metafile: true,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    assetNames: "[name]-[hash]",
    jsx: "automatic",
    jsxImportSource: "react",
    alias: PREACT_ALIASES,
    define: { "process.env.NODE_ENV": '"production"' },
    legalComments: "none",
    nodePaths: [join(ROOT, "node_modules")],
    plugins: [islandEntries, writeManifest(outdir, graph)],
    logLevel: "warning",
  };
}

/** Each graph's part of the manifest, as its last build left it; manifest.json is both together. */
const parts = new Map<string, Partial<Record<Graph, Manifest>>>();

const writeManifest = (outdir: string, graph: Graph): esbuild.Plugin => ({
  name: "manifest",
  setup(build) {
    build.onEnd(async (result) => {
      if (!result.metafile) return;
      const built = parts.get(outdir) ?? {};
      parts.set(outdir, built);
      built[graph] = manifestFrom(result.metafile, outdir);
      await precompress(Object.keys(result.metafile.outputs));
      if (!built.public || !built.staff) return;
      const manifest: Manifest = {
        islands: { ...built.public.islands, ...built.staff.islands },
        css: built.public.css,
        shell: built.public.shell,
      };
      await Deno.writeTextFile(join(outdir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
    });
  },
});

/**
 * Files copied as they are from node_modules into the build, under these names.
 * Both are asked for with `?v=<maplibre version>` (MapLibre does so for its
 * worker; components/map/ShuttleMap.tsx for the stylesheet), so the year-long
 * immutable cache of /build/ cannot serve an old copy after an upgrade.
 */
export const VENDOR_FILES: Record<string, string> = {
  "maplibre-gl-worker.mjs": "node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs",
  "maplibre-gl.css": "node_modules/maplibre-gl/dist/maplibre-gl.css",
};

/** Copies VENDOR_FILES into `outdir` (without their source-map comments, whose maps are not shipped), precompressed. */
export async function copyVendorFiles(outdir: string): Promise<void> {
  await Deno.mkdir(outdir, { recursive: true });
  for (const [name, source] of Object.entries(VENDOR_FILES)) {
    const text = (await Deno.readTextFile(join(ROOT, source))).replace(
      /\n?\/[/*][#@] sourceMappingURL=\S+(?: \*\/)?\s*$/,
      "\n",
    );
    await Deno.writeTextFile(join(outdir, name), text);
  }
  await precompress(Object.keys(VENDOR_FILES).map((name) => relative(ROOT, join(outdir, name))));
}

/** Writes NAME.br and NAME.gz beside each script and stylesheet, so the server never compresses them. */
async function precompress(outputs: string[]) {
  for (const file of outputs) {
    if (!/\.(m?js|css)$/.test(file)) continue;
    const path = join(ROOT, file);
    const encoded = encodeAll(await Deno.readFile(path), 11);
    if (encoded.br) await Deno.writeFile(`${path}.br`, encoded.br);
    if (encoded.gzip) await Deno.writeFile(`${path}.gz`, encoded.gzip);
  }
}

/**
 * A file the service worker keeps at install when under this size: every script and stylesheet of the
 * public graph but MapLibre (about 1 MB), which comes by dynamic import after first paint and is kept once fetched.
 */
export const SHELL_FILE_MAX_BYTES = 256 * 1024;

export function manifestFrom(meta: esbuild.Metafile, outdir: string): Manifest {
  const manifest: Manifest = { islands: {}, css: "", shell: [] };
  const url = (file: string) => "/build/" + relative(outdir, join(ROOT, file));
  for (const [file, out] of Object.entries(meta.outputs)) {
    if (/\.(js|css)$/.test(file) && out.bytes <= SHELL_FILE_MAX_BYTES) manifest.shell!.push(url(file));
    if (!out.entryPoint) continue;
    if (file.endsWith(".css")) {
      manifest.css = url(file);
      continue;
    }
    // Chunks reached by a dynamic import (the map, the Sentry SDK) are entry points to esbuild too; only islands are listed.
    if (!out.entryPoint.startsWith("island:")) continue;
    const name = out.entryPoint.slice("island:".length);
    const imports = new Set<string>();
    const walk = (f: string) => {
      for (const imp of meta.outputs[f]?.imports ?? []) {
        if (imp.kind !== "import-statement" || imports.has(url(imp.path))) continue;
        imports.add(url(imp.path));
        walk(imp.path);
      }
    };
    walk(file);
    manifest.islands[name] = { entry: url(file), imports: [...imports] };
  }
  return manifest;
}

/**
 * Builds into a fresh folder, then swaps it in, so a server or test reading
 * static/build never sees it half-written.
 */
export async function build(): Promise<void> {
  const fresh = `${OUT_DIR}.${Deno.pid}`;
  const esbuild = await loadEsbuild();
  const hash = inputsHash(ROOT);
  await Promise.all((Object.keys(GRAPHS) as Graph[]).map((graph) => esbuild.build(options(fresh, graph))));
  await esbuild.stop();
  await copyVendorFiles(fresh);
  await Deno.writeTextFile(join(fresh, INPUTS_FILE), `${await hash}\n`);
  const old = `${OUT_DIR}.old.${Deno.pid}`;
  await Deno.rename(OUT_DIR, old).catch(() => {});
  await Deno.rename(fresh, OUT_DIR);
  await Deno.remove(old, { recursive: true }).catch(() => {});
}

export async function watch(): Promise<void> {
  await Deno.remove(OUT_DIR, { recursive: true }).catch(() => {});
  const esbuild = await loadEsbuild();
  const contexts = await Promise.all(
    (Object.keys(GRAPHS) as Graph[]).map((graph) => esbuild.context(options(OUT_DIR, graph))),
  );
  await Promise.all(contexts.map((ctx) => ctx.watch()));
  await copyVendorFiles(OUT_DIR);
}

if (import.meta.main) {
  const started = performance.now();
  // `deno task start`: a checkout whose bundles were built from these very sources starts at once.
  if (Deno.args.includes("--if-changed")) {
    if (await bundlesCurrent(ROOT, OUT_DIR)) Deno.exit(0);
    console.log("Building the browser bundles (a first start, or their sources changed)…");
    // As `deno task build` does: esbuild resolves the islands' packages from node_modules.
    const install = await new Deno.Command(Deno.execPath(), { args: ["install", "--quiet"], cwd: ROOT }).spawn().status;
    if (!install.success) Deno.exit(install.code);
  }
  await build();
  const manifest = JSON.parse(await Deno.readTextFile(join(OUT_DIR, "manifest.json"))) as Manifest;
  console.log(
    `built ${Object.keys(manifest.islands).length} islands into static/build in ${
      Math.round(performance.now() - started)
    } ms`,
  );
}
