import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../lib/config.ts";

describe("loadConfig", () => {
  it("runs on an empty environment with the embedded defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      kvPath: "./data/shuttle.kv",
      publicUrl: "http://localhost:8000",
      jwtSecret: null,
      sentryDsn: null,
      mapStyleUrl: null,
      trustProxy: false,
      trustedProxyHops: 1,
      publicSourceMaps: false,
      socketsPerAddress: 100,
    });
    expect(config.sms.provider).toBe("console");
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "9000",
      KV_PATH: ":memory:",
      PUBLIC_URL: "https://rides.example.org/",
      CONTACT_EMAIL: "info@example.org",
      JWT_SECRET: "x".repeat(40),
      SENTRY_DSN: "https://abc@o1.ingest.sentry.io/2",
      MAP_STYLE_URL: "https://tiles.example.org/style.json",
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: "AC" + "a".repeat(32),
      TWILIO_AUTH_TOKEN: "t".repeat(32),
      TWILIO_FROM: "+18645550100",
      TRUST_PROXY: "true",
      TRUSTED_PROXY_HOPS: "2",
    });
    expect(config).toMatchObject({
      port: 9000,
      kvPath: ":memory:",
      publicUrl: "https://rides.example.org",
      contactEmail: "info@example.org",
      trustProxy: true,
      trustedProxyHops: 2,
    });
    expect(config.sms).toMatchObject({ provider: "twilio", twilioFrom: "+18645550100" });
  });

  const bad: [string, Record<string, string>][] = [
    ["PORT", { PORT: "eighty" }],
    ["PORT", { PORT: "70000" }],
    ["PUBLIC_URL", { PUBLIC_URL: "rides.example.org" }],
    ["CONTACT_EMAIL", { CONTACT_EMAIL: "nobody" }],
    ["JWT_SECRET", { JWT_SECRET: "short" }],
    ["SENTRY_DSN", { SENTRY_DSN: "not a url" }],
    ["MAP_STYLE_URL", { MAP_STYLE_URL: "ftp://x/style.json" }],
    ["SMS_PROVIDER", { SMS_PROVIDER: "pigeon" }],
    ["TWILIO_ACCOUNT_SID", { SMS_PROVIDER: "twilio" }],
    ["TWILIO_FROM", { TWILIO_FROM: "555-0100" }],
    ["TWILIO_FROM", {
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: "AC" + "a".repeat(32),
      TWILIO_AUTH_TOKEN: "t".repeat(20),
    }],
    ["TWILIO_MESSAGING_SERVICE_SID", { TWILIO_MESSAGING_SERVICE_SID: "XX12" }],
    ["TRUST_PROXY", { TRUST_PROXY: "maybe" }],
    ["TRUSTED_PROXY_HOPS", { TRUSTED_PROXY_HOPS: "0" }],
    // A public (https) deployment: no generated key kept beside the data, no codes printed to the log.
    ["JWT_SECRET", { PUBLIC_URL: "https://rides.example.org" }],
    ["SMS_PROVIDER", { PUBLIC_URL: "https://rides.example.org", JWT_SECRET: "x".repeat(40) }],
    ["SMS_PROVIDER", { PUBLIC_URL: "https://rides.example.org", JWT_SECRET: "x".repeat(40), SMS_PROVIDER: "console" }],
    ["JWT_SECRET", { DENO_DEPLOYMENT_ID: "abc123" }],
  ];
  for (const [variable, env] of bad) {
    it(`stops on a bad ${variable} with a message naming it (${JSON.stringify(env)})`, () => {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as Error).message).toContain(variable);
    });
  }

  it("treats blank values as unset", () => {
    expect(loadConfig({ PORT: "  ", SENTRY_DSN: "" }).port).toBe(8000);
  });
});

describe("loadConfig on Deno Deploy", () => {
  it("uses the managed KV unless KV_PATH is set", () => {
    const secret = { JWT_SECRET: "x".repeat(40) };
    expect(loadConfig({ DENO_DEPLOYMENT_ID: "abc123", ...secret }).kvPath).toBeNull();
    expect(loadConfig({ DENO_DEPLOYMENT_ID: "abc123", KV_PATH: "/data/x.kv" }).kvPath).toBe("/data/x.kv");
  });

  it("keeps the zero-setup defaults for a local http start", () => {
    const local = loadConfig({ PUBLIC_URL: "http://localhost:8000" });
    expect(local.jwtSecret).toBeNull();
    expect(local.sms.provider).toBe("console");
  });
});
