/**
 * Pages answered from memory before routing (server/page_shortcut.ts) must be
 * indistinguishable from the app's own answer: same bytes, headers, ETag, 304,
 * log line and metrics.
 */
import { describe, expect, it } from "vitest";
import { bearer, makeApp } from "../helpers/app.ts";

const SAME_HEADERS = [
  "content-type",
  "cache-control",
  "etag",
  "vary",
  "content-encoding",
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
];

const pick = (res: Response) => Object.fromEntries(SAME_HEADERS.map((h) => [h, res.headers.get(h)]));

describe("page shortcut", () => {
  for (const path of ["/", "/about", "/greer/login", "/greer/rider"]) {
    it(`answers a repeat GET of ${path} with the app's bytes and headers`, async () => {
      using t = await makeApp();
      for (const encoding of ["br, gzip", "gzip", ""]) {
        const headers = encoding ? { "accept-encoding": encoding } : undefined;
        const first = await t.request(path, { headers });
        const second = await t.request(path, { headers });
        expect(second.status).toBe(200);
        expect(pick(second)).toEqual(pick(first));
        expect(new Uint8Array(await second.arrayBuffer())).toEqual(new Uint8Array(await first.arrayBuffer()));
        expect(second.headers.get("x-request-id")).toMatch(/^[0-9A-Z]{26}$/);
        expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
      }
    });
  }

  it("answers 304 to a matching If-None-Match and logs every request with its route", async () => {
    using t = await makeApp({ METRICS_TOKEN: "metrics-token-0123456789" });
    const first = await t.request("/greer/login");
    const etag = first.headers.get("etag")!;
    const again = await t.request("/greer/login?next=1", { headers: { "if-none-match": etag, "x-request-id": "r-1" } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("x-request-id")).toBe("r-1");
    const requests = t.log.events.filter((e) => e.event === "request");
    expect(requests).toHaveLength(2);
    expect(requests[1]).toMatchObject({ path: "/greer/login", status: 304, tenant: "greer", requestId: "r-1" });
    const metrics = await (await t.request("/metrics", bearer("metrics-token-0123456789"))).text();
    expect(metrics).toContain('hopper_http_requests_total{route="/:tenant/login",method="GET",status="200"} 1');
    expect(metrics).toContain('hopper_http_requests_total{route="/:tenant/login",method="GET",status="304"} 1');
    expect(metrics).not.toContain("/greer/login"); // labels are route patterns, never paths
  });

  it("never answers other methods, unknown paths or encoded paths from memory", async () => {
    using t = await makeApp();
    await t.request("/about");
    expect((await t.request("/about", { method: "POST" })).status).toBe(404);
    expect((await t.request("/about/nope")).status).toBe(404);
    expect((await t.request("/about/nope")).status).toBe(404);
    expect((await t.request("/%61bout")).status).toBe(200); // decoded by the router, like the app always did
  });

  it("keeps a page rendered for one tenant out of another's path", async () => {
    using t = await makeApp();
    await t.request("/greer/about");
    const other = await t.request("/campus/about");
    expect(other.status).toBe(302);
    expect(other.headers.get("location")).toBe("/");
  });
});
