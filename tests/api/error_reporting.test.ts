import { describe, expect, it } from "vitest";
import { scrubEvent, scrubText, sentryReporter } from "../../lib/error_reporter.ts";
import { createApp } from "../../server/app.tsx";
import { bearer, makeApp, signIn } from "../helpers/app.ts";
import { startFakeSentry } from "../helpers/fake_sentry.ts";

describe("scrubbing", () => {
  it("takes tokens, phone numbers and codes out of any text", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
    const text = scrubText(
      `failed for (864) 555-0142 / 8645550142 with ${jwt}; Bearer abc.def; code: 1234; ?token=xyz`,
    );
    expect(text).not.toMatch(/555|8645550142|eyJ|abc\.def|1234|xyz/);
    expect(text).toContain("[phone]");
    expect(text).toContain("[token]");
    expect(text).toContain("[code]");
  });

  it("drops request data, breadcrumbs and the user from an event", () => {
    const event = scrubEvent({
      request: { headers: { authorization: "Bearer x" } },
      breadcrumbs: [{ message: "8645550142" }],
      user: { id: "u" },
      exception: { values: [{ value: "8645550142" }] },
    });
    expect(event).toEqual({ exception: { values: [{ value: "[phone]" }] } });
  });
});

describe("Sentry reporting against a fake Sentry on loopback", () => {
  it("reports an unhandled error with route, tenant, request id and release, and nothing private", async () => {
    const fake = startFakeSentry();
    try {
      using t = await makeApp();
      const reporter = sentryReporter({ dsn: fake.dsn(), release: "hopper@9.9.9-test" });
      // A store whose membership reads fail: an unhandled server error after the tenant and session load.
      let broken = false;
      const kv = new Proxy(t.kv, {
        get(target, prop) {
          const real = Reflect.get(target, prop, target);
          if ((prop !== "get" && prop !== "getMany") || typeof real !== "function") {
            return typeof real === "function" ? real.bind(target) : real;
          }
          // A membership read fails whether it comes alone (get) or with the session (getMany).
          return (key: Deno.KvKey | Deno.KvKey[], ...rest: unknown[]) => {
            const wanted = prop === "get" ? [key as Deno.KvKey] : key as Deno.KvKey[];
            if (broken && wanted.some((k) => k[0] === "members")) throw new Error("storage failed for 8645550142");
            return real.call(target, key, ...rest);
          };
        },
      });
      const app = createApp({ kv, sms: t.sms, clock: t.clock, config: t.config, log: t.log, reporter });
      const { token } = await signIn(t, "8645550142", "greer");
      broken = true;
      const res = await app.request(
        "/greer/api/user/roles?phone=8645550142",
        bearer(token, { headers: { "x-request-id": "req-sentry-1", authorization: `Bearer ${token}` } }),
        { remoteAddr: { hostname: "203.0.113.9" } },
      );
      expect(res.status).toBe(500);
      expect(await reporter.flush(5000)).toBe(true);
      expect(fake.envelopes.length).toBeGreaterThanOrEqual(1);
      const raw = fake.envelopes.join("\n");
      const event = fake.events().find((e) => e.exception)!;
      expect(event).toBeDefined();
      expect(event.tags).toMatchObject({
        route: "/:tenant/api/user/roles",
        tenant: "greer",
        request_id: "req-sentry-1",
      });
      expect(event.release).toBe("hopper@9.9.9-test");
      expect(raw).not.toContain(token);
      expect(raw).not.toContain(token.split(".")[1]);
      expect(raw).not.toContain("8645550142");
      expect(raw).not.toContain("203.0.113.9");
      // The log line of the same error is scrubbed too.
      const logged = JSON.stringify(t.log.events.filter((e) => e.event === "error"));
      expect(logged).toContain("storage failed for [phone]");
      expect(logged).not.toContain("8645550142");
    } finally {
      await fake.stop();
    }
  });
});
