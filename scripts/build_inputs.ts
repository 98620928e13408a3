/**
 * What the browser bundles are built from, and its fingerprint:
 * `deno task start` rebuilds only when this changed since the last build,
 * which keeps the hash beside the manifest (static/build/inputs.sha256), so a
 * restart of an unchanged checkout serves in well under 1.5 s.
 */
import { join } from "node:path";

/** Folders whose every file can reach a bundle (islands import components, browser and lib). */
const INPUT_DIRS = ["islands", "components", "browser", "lib", "static/css"];
/** Single files the build reads, or that decide what it makes (the dependency versions, the build itself). */
const INPUT_FILES = [
  "static/styles.css",
  "deno.json",
  "deno.lock",
  "scripts/build.ts",
  "scripts/build_inputs.ts",
  "server/assets.ts",
  "server/compression.ts",
];

/** Where the build leaves the fingerprint of what it built from. */
export const INPUTS_FILE = "inputs.sha256";

async function* filesUnder(root: string, dir: string): AsyncGenerator<string> {
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(join(root, dir))];
  } catch {
    return; // a folder a checkout does not have
  }
  for (const e of entries.sort((a, b) => a.name < b.name ? -1 : 1)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) yield* filesUnder(root, path);
    else if (e.isFile) yield path;
  }
}

/** SHA-256 over every input's path and bytes, in a fixed order: hex. */
export async function inputsHash(root: string): Promise<string> {
  const paths: string[] = [];
  for (const dir of INPUT_DIRS) for await (const path of filesUnder(root, dir)) paths.push(path);
  paths.push(...INPUT_FILES);
  const parts: Uint8Array[] = [];
  const encoder = new TextEncoder();
  for (const path of paths) {
    parts.push(encoder.encode(`${path}\0`));
    parts.push(await Deno.readFile(join(root, path)).catch(() => new Uint8Array()));
  }
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether `outDir` holds bundles built from exactly these inputs. */
export async function bundlesCurrent(root: string, outDir: string): Promise<boolean> {
  const [kept, now] = await Promise.all([
    Deno.readTextFile(join(outDir, INPUTS_FILE)).catch(() => null),
    inputsHash(root),
  ]);
  return kept?.trim() === now;
}
