/**
 * The Content-Security-Policy on every page (issue 10, item 8): every page
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
