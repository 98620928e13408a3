/**
 * One place shows every URL the app serves: routes/urls.tsx mounts every
 * sub-app, so no other file of the app mounts one (a sub-app writes its own
 * paths, and that is all).
 */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const MAP = "routes/urls.tsx";

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of Deno.readDirSync(join(ROOT, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

/** The lines of `source` that mount a sub-app (Hono's `.route(path, app)`). */
export function mounts(source: string): string[] {
  return source.split("\n").filter((line) => /\.route\(/.test(line) && !/^\s*(\/\/|\*)/.test(line));
}

describe("the URL map", () => {
  it("is the only file that mounts a sub-app", () => {
    const elsewhere: string[] = [];
    for (const dir of ["routes", "server", "live"]) {
      for (const file of sourceFiles(dir)) {
        if (file === MAP) continue;
        for (const line of mounts(Deno.readTextFileSync(join(ROOT, file)))) elsewhere.push(`${file}: ${line.trim()}`);
      }
    }
    expect(elsewhere).toEqual([]);
  });

  it("mounts the site-wide API, the pages and everything under /{tenant}", () => {
    const lines = mounts(Deno.readTextFileSync(join(ROOT, MAP))).join("\n");
    for (const prefix of ['"/api/auth"', '"/api/super"', '"/lang"', '"/:tenant"', '"/api"', '"/ws"']) {
      expect(lines).toContain(prefix);
    }
  });

  it("reads a mount, and not a comment that names one", () => {
    expect(mounts('  app.route("/x", x());\n  // app.route("/y", y());\n * app.route("/z")')).toEqual([
      '  app.route("/x", x());',
    ]);
  });
});
