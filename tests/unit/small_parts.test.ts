import { describe, expect, it } from "vitest";
import { openStore } from "../../kv/open.ts";
import { hitRateLimit } from "../../kv/rate_limits.ts";
import { ulid } from "../../lib/ids.ts";
import { encodeAll, pickEncoding } from "../../server/compression.ts";
import { isApiPath } from "../../server/env.ts";
import { tenantCodeSchema } from "../../lib/schemas.ts";

describe("ulid", () => {
  it("sorts by time and is unique", () => {
    const a = ulid(1_000);
    const b = ulid(2_000);
    expect(a < b).toBe(true);
    expect(a).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(new Set(Array.from({ length: 1000 }, () => ulid(5))).size).toBe(1000);
  });
});

describe("hitRateLimit", () => {
  it("allows `limit` hits per window, then tells how long to wait", async () => {
    using kv = await openStore(":memory:");
    const opts = { bucket: "t", subject: "a", limit: 2, windowMs: 60_000, now: 30_000 };
    expect((await hitRateLimit(kv, opts)).allowed).toBe(true);
    expect((await hitRateLimit(kv, opts)).allowed).toBe(true);
    const third = await hitRateLimit(kv, opts);
    expect(third).toEqual({ allowed: false, retryAfter: 30 });
    expect((await hitRateLimit(kv, { ...opts, now: 60_000 })).allowed).toBe(true);
  });

  it("counts concurrent hits exactly", async () => {
    using kv = await openStore(":memory:");
    const opts = { bucket: "t", subject: "a", limit: 5, windowMs: 60_000, now: 0 };
    const results = await Promise.all(Array.from({ length: 8 }, () => hitRateLimit(kv, opts)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});

describe("pickEncoding", () => {
  const have = encodeAll(new TextEncoder().encode("hello ".repeat(200)));
  it("prefers brotli, falls back to gzip, honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br", have)).toBe("br");
    expect(pickEncoding("gzip", have)).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip", have)).toBe("gzip");
    expect(pickEncoding("identity", have)).toBeNull();
    expect(pickEncoding(undefined, have)).toBeNull();
  });
  it("leaves tiny bodies alone", () => {
    expect(pickEncoding("br", encodeAll(new TextEncoder().encode("ok")))).toBeNull();
  });
});

describe("isApiPath", () => {
  it("recognises global and tenant API paths only", () => {
    expect(isApiPath("/api/inquiries")).toBe(true);
    expect(isApiPath("/greer/api/tenant")).toBe(true);
    expect(isApiPath("/greer/apiary")).toBe(false);
    expect(isApiPath("/greer/about")).toBe(false);
    expect(isApiPath("/greer/ws/riders")).toBe(true);
  });
});

describe("tenantCodeSchema", () => {
  it("accepts short lowercase codes and refuses reserved or odd ones", () => {
    expect(tenantCodeSchema.safeParse("greer").success).toBe(true);
    expect(tenantCodeSchema.safeParse("st-pauls-2").success).toBe(true);
    for (const bad of ["api", "about", "G", "Greer", "-x", "a".repeat(33), "a/b"]) {
      expect(tenantCodeSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe("hitRateLimit under contention", () => {
  it("counts 40 simultaneous hits on one subject without refusing any under the limit", async () => {
    using kv = await openStore(":memory:");
    const opts = { bucket: "t", subject: "a", limit: 30, windowMs: 60_000, now: 0 };
    const results = await Promise.all(Array.from({ length: 40 }, () => hitRateLimit(kv, opts)));
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
  });
});
