import { describe, expect, it } from "vitest";
import { listInquiries } from "../../kv/inquiries.ts";
import { makeApp, postJson } from "../helpers/app.ts";

const valid = { name: "Ada Lovelace", email: "ada@example.org", organization: "Greer Hospital", message: "Hello!" };

describe("POST /api/inquiries", () => {
  it("records a valid inquiry, trimmed, and answers 201", async () => {
    using t = await makeApp();
    const res = await t.request("/api/inquiries", postJson({ ...valid, name: "  Ada Lovelace  ", tenant: "greer" }));
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const stored = await listInquiries(t.kv);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...valid, id, tenant: "greer", createdAt: t.clock.now() });
  });

  it("accepts an inquiry without an organization", async () => {
    using t = await makeApp();
    const { organization: _, ...rest } = valid;
    const res = await t.request("/api/inquiries", postJson(rest));
    expect(res.status).toBe(201);
    expect((await listInquiries(t.kv))[0].organization).toBeUndefined();
  });

  const refusals: [string, unknown, string][] = [
    ["missing name", { ...valid, name: undefined }, "Name is required"],
    ["blank name", { ...valid, name: "   " }, "Name is required"],
    ["missing email", { ...valid, email: undefined }, "Email is required"],
    ["bad email", { ...valid, email: "not-an-email" }, "Please enter a valid email address"],
    ["missing message", { ...valid, message: undefined }, "Message is required"],
    ["oversized message", { ...valid, message: "x".repeat(5001) }, "Message must be at most 5000 characters"],
    ["oversized name", { ...valid, name: "x".repeat(101) }, "Name must be at most 100 characters"],
    ["name of the wrong type", { ...valid, name: 42 }, "Name must be text"],
    ["organization of the wrong type", { ...valid, organization: ["x"] }, "Organization must be text"],
    [
      "a bad tenant code",
      { ...valid, tenant: "../etc" },
      "Tenant code must be 2-32 lowercase letters, digits or hyphens",
    ],
    ["an array", [valid], "Expected a JSON object"],
    ["null", null, "Expected a JSON object"],
  ];
  for (const [what, body, error] of refusals) {
    it(`refuses ${what} with 400 and stores nothing`, async () => {
      using t = await makeApp();
      const res = await t.request("/api/inquiries", postJson(body));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error });
      expect(await listInquiries(t.kv)).toHaveLength(0);
    });
  }

  it("refuses malformed JSON with 400", async () => {
    using t = await makeApp();
    const res = await t.request("/api/inquiries", postJson('{"name": "Ada",'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Malformed JSON in request body" });
    expect(await listInquiries(t.kv)).toHaveLength(0);
  });

  it("refuses a body that is not JSON with 415", async () => {
    using t = await makeApp();
    const res = await t.request("/api/inquiries", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(valid),
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toMatch(/JSON/);
  });

  it("refuses a body over 16 KiB with 413 before reading it all", async () => {
    using t = await makeApp();
    const res = await t.request("/api/inquiries", postJson({ ...valid, message: "x".repeat(20_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Message is too large" });
    expect(await listInquiries(t.kv)).toHaveLength(0);
  });

  it("limits each client address to 5 inquiries an hour, with Retry-After", async () => {
    using t = await makeApp();
    for (let i = 0; i < 5; i++) {
      expect((await t.request("/api/inquiries", postJson(valid), "198.51.100.1")).status).toBe(201);
    }
    const limited = await t.request("/api/inquiries", postJson(valid), "198.51.100.1");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error).toMatch(/Too many messages/);
    // Another address is not affected, and the window passes.
    expect((await t.request("/api/inquiries", postJson(valid), "198.51.100.2")).status).toBe(201);
    t.clock.advance(60 * 60 * 1000);
    expect((await t.request("/api/inquiries", postJson(valid), "198.51.100.1")).status).toBe(201);
    expect(await listInquiries(t.kv)).toHaveLength(7);
  });

  it("counts the forwarded address only when told to trust the proxy", async () => {
    using trusting = await makeApp({ TRUST_PROXY: "true" });
    const via = (ip: string) => ({
      ...postJson(valid),
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
    });
    for (let i = 0; i < 5; i++) await trusting.request("/api/inquiries", via("192.0.2.10"));
    expect((await trusting.request("/api/inquiries", via("192.0.2.10"))).status).toBe(429);
    expect((await trusting.request("/api/inquiries", via("192.0.2.11"))).status).toBe(201);

    using direct = await makeApp();
    for (let i = 0; i < 5; i++) await direct.request("/api/inquiries", via(`192.0.2.${i}`));
    // Without TRUST_PROXY a forged header does not escape the limit.
    expect((await direct.request("/api/inquiries", via("192.0.2.99"))).status).toBe(429);
  });
});
