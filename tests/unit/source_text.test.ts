/**
 * The repository's own words stay a map a new maintainer can follow: no source file, comment, test title or doc cites
 * an issue number (the tracker it would point at is not part of this repository, so a comment states its reason
 * itself), every file or folder a comment or a doc names by its path from the root exists, and the README's
 * configuration table and `.env.example` name every variable `lib/config.ts` reads.
 */
import { describe, expect, it } from "vitest";

const ROOT = new URL("../../", import.meta.url);
/** Not ours, or made by a build or a run: never read. */
const SKIPPED = new Set(["node_modules", "data", "coverage", "static/build", "docs/screenshots", "tests/fixtures"]);
/** Made by `deno task bench` from tests/bench/: its notes are fixed in the generator and land at the next run. */
const GENERATED = new Set(["docs/benchmarks.md"]);
const TEXT = /\.(ts|tsx|js|css|md|c)$|^\.ci\/|^\.env\.example$/;
/** Paths made by the build, named by comments before the first build of a fresh clone. */
const BUILT = /^static\/build(\/|$)/;
const FOLDERS = "browser|components|domain|islands|kv|lib|routes|server|scripts|static|tests|docs";

/** Every text file of the repository, as a path from its root. */
async function textFiles(dir = ""): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir || ".", ROOT))) {
    const path = dir + entry.name;
    if (SKIPPED.has(path) || (entry.name.startsWith(".") && entry.isDirectory && entry.name !== ".ci")) continue;
    if (entry.isDirectory) found.push(...await textFiles(`${path}/`));
    else if (TEXT.test(path)) found.push(path);
  }
  return found;
}

/** Each issue number cited: a number after "issue" or "issues", with or without "#", also across a comment's lines. */
export function issueCitations(text: string): string[] {
  return [...text.matchAll(/\bissues?(?:\s|\*|\/\/)+#?\d+/gi)].map((m) => m[0].replace(/\s+/g, " "));
}

/** The words a reader of the code reads as prose: a doc whole, a source file's comments. */
function prose(path: string, text: string): string {
  if (path.endsWith(".md")) return text;
  return [...text.matchAll(/\/\*[^]*?\*\/|\/\/.*$/gm)].map((m) => m[0]).join("\n");
}

/** Paths from the repository's root that `text` names (`kv/rides.ts`, `components/profile/`), as written. */
export function namedPaths(text: string): string[] {
  const paths = [];
  const path = new RegExp(`(?<![\\w@.:/-])(?:\\.\\.?/)*((?:${FOLDERS})/[\\w./{}*-]*[\\w/])`, "g");
  for (const m of text.matchAll(path)) {
    const named = m[1].replace(/\.$/, "");
    if (!/[{}*]/.test(named)) paths.push(named); // a pattern (`routes/*_pages.tsx`, `/{tenant}/…`), not a path
  }
  return paths;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(new URL(path, ROOT));
    return true;
  } catch {
    return false;
  }
}

describe("the repository's text", () => {
  it("recognises issue citations and named paths (the checks themselves)", () => {
    const cite = (words: string) => words.replaceAll("N", String(24));
    expect(issueCitations(cite("a lock (issue N) and issues N and 7"))).toEqual([cite("issue N"), cite("issues N")]);
    expect(issueCitations(cite("kept apart (Issue\n * N, item 5)"))).toEqual([cite("Issue * N")]);
    expect(issueCitations("issues[0].message; const issue = 3; the schedule's issues")).toEqual([]);
    expect(namedPaths("see kv/rides.ts, `components/profile/` and ../../lib/ids.ts.")).toEqual([
      "kv/rides.ts",
      "components/profile/",
      "lib/ids.ts",
    ]);
    expect(namedPaths("/{tenant}/api/rides, routes/*_pages.tsx, npm:/lib/x.ts, @jsquash/resize/lib/pkg.wasm")).toEqual(
      [],
    );
  });

  it("keeps docs/architecture.md a map one can read through: at most 300 lines", async () => {
    const lines = (await Deno.readTextFile(new URL("docs/architecture.md", ROOT))).trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(300);
  });

  it("cites no issue number in any source file, test or doc", async () => {
    const found: string[] = [];
    for (const path of await textFiles()) {
      if (GENERATED.has(path)) continue;
      const text = await Deno.readTextFile(new URL(path, ROOT));
      for (const citation of issueCitations(text)) found.push(`${path}: ${citation}`);
    }
    expect(found).toEqual([]);
  });

  it("names only files and folders that exist, in comments and docs", async () => {
    const missing: string[] = [];
    for (const path of await textFiles()) {
      const text = prose(path, await Deno.readTextFile(new URL(path, ROOT)));
      for (const named of new Set(namedPaths(text))) {
        if (!BUILT.test(named) && !await exists(named)) missing.push(`${path}: ${named}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("lists every variable lib/config.ts reads in the README's configuration table and in .env.example", async () => {
    const config = await Deno.readTextFile(new URL("lib/config.ts", ROOT));
    const read = new Set([
      ...[...config.matchAll(/^ {2}([A-Z][A-Z0-9_]+): \[/gm)].map((m) => m[1]), // each variable's rule
      ...[...config.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]), // read without a rule
    ]);
    expect(read).toContain("METRICS_TOKEN");
    const readme = await Deno.readTextFile(new URL("README.md", ROOT));
    const section = readme.slice(
      readme.indexOf("## Configuration"),
      readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1),
    );
    const table = section.split("\n").filter((line) => line.startsWith("| `"));
    const example = await Deno.readTextFile(new URL(".env.example", ROOT));
    /** Set by the platform, never by an operator: named in the table's `KV_PATH` row, not in its own. */
    const platform = new Set(["DENO_DEPLOYMENT_ID"]);
    const missing: string[] = [];
    for (const name of read) {
      const rows = platform.has(name) ? section.split("\n") : table.map((row) => row.split(" | ")[0]);
      if (!rows.some((row) => row.includes(`\`${name}\``))) missing.push(`README.md: ${name}`);
      if (!platform.has(name) && !new RegExp(`^(# )?${name}=`, "m").test(example)) {
        missing.push(`.env.example: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
