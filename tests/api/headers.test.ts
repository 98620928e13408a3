/**
 * The Content-Security-Policy on every page: every page
 * route of the app (from tests/access_matrix.ts, which a test keeps complete),
 * rendered and repeated from the page cache, the 404 page and the 500 page.
 * The browser side is tests/e2e/csp.test.ts.
 */
import { describe, expect, it } from "vitest";
import { ACCESS_MATRIX } from "../access_matrix.ts";
import { html, makeApp } from "../helpers/app.ts";

const PAGES = ACCESS_MATRIX.filter((row) => row.kind === "page").map((row) => row.path.replace(":tenant", "greer"));

/** The policy as directive → sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  const policy = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) policy.set(name.toLowerCase(), sources);
  }
  return policy;
}

/** What is wrong with a page answer's policy and markup; [] when nothing. */
async function problems(res: Response): Promise<string[]> {
  const found: string[] = [];
  const csp = parseCsp(res.headers.get("content-security-policy"));
  const scripts = csp.get("script-src") ?? csp.get("default-src");
  if (!scripts) found.push("no script-src or default-src");
  for (const loose of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "blob:", "http:", "https:"]) {
    if (scripts?.includes(loose)) found.push(`script-src allows ${loose}`);
  }
  if (!csp.get("script-src")?.every((s) => s === "'self'" || /^'(nonce|sha256)-/.test(s))) {
    found.push(`script-src is ${csp.get("script-src")?.join(" ")}`);
  }
  for (const [directive, value] of [["object-src", "'none'"], ["base-uri", "'none'"], ["frame-ancestors", "'none'"]]) {
    if (csp.get(directive)?.join(" ") !== value) found.push(`${directive} is not ${value}`);
  }
  if (res.status === 200 || res.status >= 400) {
    const text = await html(res);
    for (const tag of text.match(/<script\b[^>]*>/gi) ?? []) {
      if (!/\ssrc="\/build\/[^"]+"/.test(tag)) found.push(`inline script: ${tag}`);
    }
    for (const handler of text.match(/<[^>]+\son[a-z]+\s*=/gi) ?? []) found.push(`inline handler: ${handler}`);
  }
  return found;
}

describe("Content-Security-Policy on every page", () => {
  it("lists the page routes it walks", () => {
    expect(PAGES.length).toBeGreaterThanOrEqual(19);
    expect(PAGES).toContain("/greer/admin/users");
  });

  it("is strict on every page route, first render and cached repeat", async () => {
    using t = await makeApp();
    const found: string[] = [];
    for (const path of PAGES) {
      for (const visit of ["first", "repeat"]) {
        const res = await t.request(path);
        expect([200, 302], `${path} ${visit}`).toContain(res.status);
        found.push(...(await problems(res)).map((p) => `${path} (${visit}): ${p}`));
      }
    }
    expect(found).toEqual([]);
  });

  it("is strict on the 404 page, a redirect of an unknown tenant, and JSON answers", async () => {
    using t = await makeApp();
    for (
      const [path, status] of [["/greer/no-such-page", 404], ["/about/nope", 404], ["/nowhere/rider", 302], [
        "/greer/api/nothing",
        404,
      ]]
    ) {
      const res = await t.request(path as string);
      expect(res.status, path as string).toBe(status);
      expect(await problems(res), path as string).toEqual([]);
    }
  });

  it("is strict on the 500 page", async () => {
    const t = await makeApp();
    // A store that stops answering makes the tenant's pages fail (closed here, so no `using`).
    t.kv.close();
    const res = await t.request("/greer/admin/trips");
    expect(res.status).toBe(500);
    expect(await html(res.clone())).toContain("Something went wrong");
    expect(await problems(res)).toEqual([]);
  });
});

describe("the origins the CSP names", () => {
  const directives = (res: Response) => parseCsp(res.headers.get("content-security-policy"));

  it("by default: only 'self' to connect to, load images and fonts from; no bare https:", async () => {
    using t = await makeApp();
    const csp = directives(await t.request("/about"));
    for (const directive of ["connect-src", "img-src", "font-src", "default-src"]) {
      expect(csp.get(directive), directive).not.toContain("https:");
      expect(csp.get(directive), directive).not.toContain("*");
    }
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  });

  it("adds the browser's Sentry origin and the map style's origin when the deployment uses them", async () => {
    using t = await makeApp({
      PUBLIC_SENTRY_DSN: "https://key@o1.ingest.sentry.io/2",
      MAP_STYLE_URL: "https://tiles.example.org/styles/liberty.json",
    });
    const csp = directives(await t.request("/about"));
    expect(csp.get("connect-src")).toEqual(["'self'", "https://o1.ingest.sentry.io", "https://tiles.example.org"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://tiles.example.org"]);
    expect(csp.get("font-src")).toEqual(["'self'", "https://tiles.example.org"]);
  });
});

describe("the map origins the CSP names", () => {
  const directives = (res: Response) => parseCsp(res.headers.get("content-security-policy"));

  it("with no MAP_STYLE_URL (OpenFreeMap's liberty): its origin in connect-src and img-src, no bare https:", async () => {
    // Blank is unset: the real default, not the tests' offline style.
    using t = await makeApp({ MAP_STYLE_URL: "" });
    expect(t.config.mapStyleUrl).toBe("https://tiles.openfreemap.org/styles/liberty");
    const csp = directives(await t.request("/greer/rider"));
    expect(csp.get("connect-src")).toEqual(["'self'", "https://tiles.openfreemap.org"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://tiles.openfreemap.org"]);
    expect(csp.get("worker-src")).toEqual(["'self'", "blob:"]);
    for (const directive of ["connect-src", "img-src", "worker-src", "font-src", "default-src"]) {
      expect(csp.get(directive), directive).not.toContain("https:");
    }
  });

  it("with MAP_STYLE_URL=offline, or this server's own PMTiles file: 'self' only", async () => {
    const envs: Record<string, string>[] = [{ MAP_STYLE_URL: "offline" }, { MAP_PMTILES_PATH: "/srv/greer.pmtiles" }];
    for (const env of envs) {
      using t = await makeApp(env);
      const csp = directives(await t.request("/greer/rider"));
      expect(csp.get("connect-src"), JSON.stringify(env)).toEqual(["'self'"]);
      expect(csp.get("img-src"), JSON.stringify(env)).toEqual(["'self'", "data:", "blob:"]);
    }
  });
});

describe("source maps", () => {
  const manifest = JSON.parse(Deno.readTextFileSync(new URL("../../static/build/manifest.json", import.meta.url)));
  const bundle: string = Object.values(manifest.islands as Record<string, { entry: string }>)[0].entry;

  it("are not served unless PUBLIC_SOURCE_MAPS=true", async () => {
    using t = await makeApp();
    const hidden = await t.request(`${bundle}.map`);
    expect(hidden.status).toBe(404);
    using open = await makeApp({ PUBLIC_SOURCE_MAPS: "true" });
    const shown = await open.request(`${bundle}.map`);
    expect(shown.status).toBe(200);
    expect((await shown.json()).version).toBe(3);
  });
});
