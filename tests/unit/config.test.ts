import { describe, expect, it } from "vitest";
import { lockStore } from "../../kv/lock.ts";
import { ConfigError, isKvConnectUrl, loadConfig } from "../../lib/config.ts";
import { DEFAULT_MAP_STYLE_URL } from "../../lib/map_style.ts";

describe("loadConfig", () => {
  it("runs on an empty environment with the embedded defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      kvPath: "./data/shuttle.kv",
      publicUrl: "http://localhost:8000",
      jwtSecret: null,
      sentryDsn: null,
      // A street map with no set-up: OpenFreeMap's liberty, OpenStreetMap data, no key.
      mapStyleUrl: "https://tiles.openfreemap.org/styles/liberty",
      mapPmtilesPath: null,
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
    ["MAP_STYLE_URL", { MAP_STYLE_URL: "pmtiles://ftp://x/region.pmtiles" }],
    ["MAP_STYLE_URL", { MAP_STYLE_URL: "Offline please" }],
    ["MAP_PMTILES_PATH", { MAP_PMTILES_PATH: "/srv/region.mbtiles" }],
    // The built-in offline style draws no tiles: a file to serve with it is a mistake to say out loud.
    ["MAP_STYLE_URL", { MAP_STYLE_URL: "offline", MAP_PMTILES_PATH: "/srv/region.pmtiles" }],
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

  it("reads the map's style: offline, a style URL, a PMTiles archive, or this server's PMTiles file", () => {
    expect(loadConfig({}).mapStyleUrl).toBe(DEFAULT_MAP_STYLE_URL);
    expect(loadConfig({ MAP_STYLE_URL: "offline" }).mapStyleUrl).toBeNull();
    expect(loadConfig({ MAP_STYLE_URL: "https://tiles.example.org/style.json" }).mapStyleUrl)
      .toBe("https://tiles.example.org/style.json");
    expect(loadConfig({ MAP_STYLE_URL: "pmtiles://https://cdn.example.org/greer.pmtiles" }).mapStyleUrl)
      .toBe("pmtiles://https://cdn.example.org/greer.pmtiles");
    // MAP_PMTILES_PATH alone: the built-in street style over the file this server serves.
    expect(loadConfig({ MAP_PMTILES_PATH: "/srv/greer.pmtiles" })).toMatchObject({
      mapStyleUrl: "pmtiles:///map/tiles.pmtiles",
      mapPmtilesPath: "/srv/greer.pmtiles",
    });
    // With a style of the operator's own, the file is still served, for that style's pmtiles:// source.
    expect(
      loadConfig({ MAP_PMTILES_PATH: "/srv/greer.pmtiles", MAP_STYLE_URL: "https://rides.example.org/style.json" }),
    ).toMatchObject({ mapStyleUrl: "https://rides.example.org/style.json", mapPmtilesPath: "/srv/greer.pmtiles" });
  });

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

describe("loadConfig with a KV Connect store", () => {
  const secret = { JWT_SECRET: "x".repeat(40) };
  const token = { DENO_KV_ACCESS_TOKEN: "denokv-access-token-0123" };

  it("takes a KV Connect URL as KV_PATH, with its access token and a signing key", () => {
    expect(loadConfig({ KV_PATH: "https://kv.example.org", ...token, ...secret }).kvPath).toBe(
      "https://kv.example.org",
    );
    expect(loadConfig({ KV_PATH: "http://10.0.0.5:4512", ...token, ...secret }).kvPath).toBe("http://10.0.0.5:4512");
    expect(isKvConnectUrl("https://kv.example.org")).toBe(true);
    for (const path of ["./data/shuttle.kv", "/data/x.kv", ":memory:"]) expect(isKvConnectUrl(path)).toBe(false);
  });

  it("refuses one without DENO_KV_ACCESS_TOKEN or without JWT_SECRET, naming the variable", () => {
    expect(() => loadConfig({ KV_PATH: "https://kv.example.org", ...secret })).toThrow(
      new ConfigError("DENO_KV_ACCESS_TOKEN", "is required when KV_PATH is a KV Connect URL"),
    );
    expect(() => loadConfig({ KV_PATH: "https://kv.example.org", ...token })).toThrow(
      new ConfigError("JWT_SECRET", "is required when KV_PATH is a KV Connect URL"),
    );
  });

  it("refuses a URL of another scheme as KV_PATH", () => {
    expect(() => loadConfig({ KV_PATH: "ftp://kv.example.org", ...token, ...secret })).toThrow(
      'Invalid configuration: KV_PATH must be a file path, :memory:, or the http(s) URL of a KV Connect server (got "ftp://kv.example.org")',
    );
  });

  it("takes no lock for it: there is no file here", async () => {
    expect(await lockStore("https://kv.example.org")).toBeNull();
  });
});
