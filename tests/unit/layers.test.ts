/**
 * The folders are layers, and no import runs up one: what a folder may
 * import is listed below, lowest first. A component that needs an island, a
 * route or the server (or a hook that calls the API) belongs higher up, or
 * the thing it needs belongs lower down.
 */
import { describe, expect, it } from "vitest";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Each folder and the folders its code may import (itself included). */
const MAY_IMPORT: Record<string, string[]> = {
  lib: ["lib"],
  kv: ["kv", "lib"],
  domain: ["domain", "kv", "lib"],
  browser: ["browser", "lib"],
  components: ["components", "browser", "lib"],
  hooks: ["hooks", "components", "browser", "lib"],
  islands: ["islands", "hooks", "components", "browser", "lib"],
};

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of Deno.readDirSync(join(ROOT, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

/** The relative imports of a file (static, dynamic, type-only and re-exports), as repository paths. */
export function importsOf(path: string, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    found.push(normalize(relative(ROOT, join(ROOT, dirname(path), m[1]))));
  }
  return found;
}

/** The imports in `folder` that reach a folder it may not import: "file -> import". */
function upwardImports(folder: string): string[] {
  const allowed = MAY_IMPORT[folder];
  const wrong: string[] = [];
  for (const file of sourceFiles(folder)) {
    for (const target of importsOf(file, Deno.readTextFileSync(join(ROOT, file)))) {
      if (!allowed.includes(target.split("/")[0])) wrong.push(`${file} -> ${target}`);
    }
  }
  return wrong;
}

describe("layers", () => {
  it.each(Object.keys(MAY_IMPORT))("no import in %s/ runs up a layer", (folder) => {
    expect(upwardImports(folder)).toEqual([]);
  });

  it("reads every kind of relative import, so the check above cannot pass by missing one", () => {
    const source = [
      'import { a } from "../routes/x.ts";',
      'import type { B } from "../islands/Y.tsx";',
      'export { c } from "./z.ts";',
      'const d = await import("../server/w.ts");',
      'import "../live/side_effect.ts";',
      'import { e } from "react";',
    ].join("\n");
    expect(importsOf("components/Part.tsx", source)).toEqual([
      "routes/x.ts",
      "islands/Y.tsx",
      "components/z.ts",
      "server/w.ts",
      "live/side_effect.ts",
    ]);
  });
});
