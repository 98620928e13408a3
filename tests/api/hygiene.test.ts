import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PHONE } from "../../kv/seed.ts";
import { JSON_THRESHOLD } from "../../server/compression.ts";
import { bearer, html as readHtml, makeApp, signIn } from "../helpers/app.ts";

describe("security headers", () => {
  it("sends a CSP without inline script, nosniff, a referrer policy and frame-ancestors on pages and JSON", async () => {
    using t = await makeApp();
    for (const path of ["/", "/contact", "/greer/api/tenant", "/api/nothing"]) {
      const res = await t.request(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toContain("unsafe-inline");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
  });

  it("adds HSTS only when the public URL is https", async () => {
    using plain = await makeApp();
    expect((await plain.request("/")).headers.get("strict-transport-security")).toBeNull();
    using secure = await makeApp({ PUBLIC_URL: "https://rides.example.org" });
    expect((await secure.request("/")).headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("never puts an inline script on a page", async () => {
    using t = await makeApp();
    for (const path of ["/", "/contact", "/greer/contact", "/privacy", "/nope/nope/nope"]) {
      const html = await readHtml(await t.request(path));
      for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag, path).toMatch(/ src="\/build\//);
    }
  });
});

describe("caching and compression", () => {
  it("answers a repeat page visit with 304 when the ETag matches", async () => {
    using t = await makeApp();
    const first = await t.request("/about");
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await t.request("/about", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("serves bundles immutable and compressed as the client asks", async () => {
    using t = await makeApp();
    const html = await readHtml(await t.request("/contact"));
    const src = html.match(/src="(\/build\/[^"]+\.js)"/)![1];
    const plain = await t.request(src);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const identity = new Uint8Array(await plain.arrayBuffer());

    const br = await t.request(src, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("accept-encoding");
    expect(new Uint8Array(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())))).toEqual(identity);

    const gz = await t.request(src, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(new Uint8Array(gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toEqual(identity);
  });

  it("compresses pages", async () => {
    using t = await makeApp();
    const res = await t.request("/privacy", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(new Uint8Array(await res.arrayBuffer())).toString()).toContain("Privacy Policy");
  });

  it("compresses JSON answers of 1 KiB or more for clients that take it, and leaves small ones alone", async () => {
    using t = await makeApp();
    const { token } = await signIn(t, DEMO_ADMIN_PHONE, "greer");
    for (let i = 0; i < 8; i++) await signIn(t, `86455502${10 + i}`, "greer"); // a members list over 1 KiB
    const auth = (encoding: string) => bearer(token, { headers: { "accept-encoding": encoding } });
    const big = await t.request("/greer/api/users", auth("gzip, deflate, br"));
    const plain = await (await t.request("/greer/api/users", auth("identity"))).text();
    expect(plain.length).toBeGreaterThanOrEqual(JSON_THRESHOLD);
    expect(big.headers.get("content-encoding")).toBe("br");
    expect(big.headers.get("vary")?.toLowerCase()).toContain("accept-encoding");
    expect(brotliDecompressSync(new Uint8Array(await big.arrayBuffer())).toString()).toBe(plain);
    const gz = await t.request("/greer/api/users", auth("gzip"));
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString()).toBe(plain);
    const small = await t.request("/greer/api/tenant", { headers: { "accept-encoding": "gzip, br" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect((await small.json()).name).toBe("City of Greer");
  });

  it("serves a bundle's source map from disk when PUBLIC_SOURCE_MAPS=true, and 404 for an unknown one", async () => {
    // Off by default: tests/api/headers.test.ts "source maps".
    using t = await makeApp({ PUBLIC_SOURCE_MAPS: "true" });
    const html = await readHtml(await t.request("/contact"));
    const src = html.match(/src="(\/build\/[^"]+\.js)"/)![1];
    const map = await t.request(`${src}.map`);
    expect(map.status).toBe(200);
    expect((await map.json()).version).toBe(3);
    expect((await t.request("/build/nope-123.js.map")).status).toBe(404);
  });

  it("answers an unknown bundle with 404", async () => {
    using t = await makeApp();
    expect((await t.request("/build/nope-123.js")).status).toBe(404);
  });
});

describe("request log", () => {
  it("writes one JSON event per request, without the query string", async () => {
    using t = await makeApp();
    await t.request("/greer/api/tenant?token=secret-token-value");
    const requests = t.log.events.filter((e) => e.event === "request");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "GET",
      path: "/greer/api/tenant",
      status: 200,
      tenant: "greer",
    });
    expect(requests[0].requestId).toMatch(/^[0-9A-Z]{26}$/);
    expect(JSON.stringify(t.log.events)).not.toContain("secret-token-value");
  });

  it("keeps a sane incoming X-Request-Id and echoes it", async () => {
    using t = await makeApp();
    const res = await t.request("/healthz", { headers: { "x-request-id": "edge-abc.123" } });
    expect(res.headers.get("x-request-id")).toBe("edge-abc.123");
    const bad = await t.request("/healthz", { headers: { "x-request-id": "<script>" } });
    expect(bad.headers.get("x-request-id")).toMatch(/^[0-9A-Z]{26}$/);
  });
});

describe("GET /healthz", () => {
  it("answers 200 with the version while KV answers", async () => {
    using t = await makeApp();
    const res = await t.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", version: "9.9.9-test" });
  });

  it("answers 503 when KV does not", async () => {
    const t = await makeApp();
    t.kv.close();
    const res = await t.request("/healthz");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "unavailable", version: "9.9.9-test" });
  });
});

describe("errors", () => {
  it("answers an unexpected failure on an API path with 500 JSON and logs it", async () => {
    const t = await makeApp();
    t.kv.close();
    const res = await t.request("/greer/api/tenant");
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "Something went wrong. Please try again." });
    expect(t.log.events.some((e) => e.event === "error")).toBe(true);
  });

  it("answers an unexpected failure on a page with the error display", async () => {
    const t = await makeApp();
    t.kv.close();
    const res = await t.request("/greer/about");
    expect(res.status).toBe(500);
    const html = await readHtml(res);
    expect(html).toContain("Something went wrong");
    expect(html).toContain("We&#x27;ve been notified about this error and will fix it soon");
    expect(html).toContain("Try Again");
    expect(html).toContain("Reload Page");
  });
});
