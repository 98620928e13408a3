/**
 * Configuration, read once from environment variables at start-up.
 * A bad value stops the server with a message naming the variable
 * (docs/conventions.md, "Configuration and dependencies"). `.env.example`
 * documents each one.
 */
import * as z from "zod/mini";
import { DEFAULT_MAP_STYLE_URL, OFFLINE_MAP_STYLE, PMTILES_ROUTE } from "./map_style.ts";

export type SmsProvider = "console" | "twilio";

export interface Config {
  port: number;
  /**
   * A KV file, ":memory:", or the http(s) URL of a KV Connect server (a self-hosted denokv, or Deploy's KV from
   * outside: isKvConnectUrl); null means the platform's managed KV (Deno Deploy).
   */
  kvPath: string | null;
  publicUrl: string;
  contactEmail: string;
  jwtSecret: string | null;
  sentryDsn: string | null;
  /** Sentry DSN for browsers; the browser SDK loads only when this is set. */
  publicSentryDsn: string | null;
  /** Turns GET /metrics on, behind this bearer token. */
  metricsToken: string | null;
  /**
   * The map style (lib/map_style.ts): an http(s) style URL (default OpenFreeMap's liberty), `pmtiles://…` for the
   * built-in street style over a PMTiles archive, or null for the built-in offline style (MAP_STYLE_URL=offline).
   */
  mapStyleUrl: string | null;
  /** A PMTiles file the app serves itself at PMTILES_ROUTE, with range requests (MAP_PMTILES_PATH). */
  mapPmtilesPath: string | null;
  /** An OSRM-compatible routing service for arrival times; null: the straight-line estimate. */
  routingUrl: string | null;
  sms: {
    provider: SmsProvider;
    twilioAccountSid: string | null;
    twilioAuthToken: string | null;
    twilioFrom: string | null;
    twilioMessagingServiceSid: string | null;
    twilioApiUrl: string;
  };
  trustProxy: boolean;
  /** Live sockets open at once from one client address (a campus behind one NAT may need more). */
  socketsPerAddress: number;
  /** Serve /build/*.map to anyone (off by default: they show the source as written). */
  publicSourceMaps: boolean;
  /** Which X-Forwarded-For entry is the client's, counted from the right: the proxies in front (default 1). */
  trustedProxyHops: number;
  /**
   * Web push's VAPID pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), base64url as browsers take them. Null: a local
   * start (an http PUBLIC_URL on a KV file or :memory:) makes and keeps its own (kv/vapid_keys.ts); any other
   * start without them sends no push.
   */
  vapid: VapidKeys | null;
  version: string;
}

/** A VAPID key pair: the P-256 public key (65 bytes) and private key (32 bytes), base64url without padding. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = "ConfigError";
  }
}

const optional = (v: string | undefined) => v === undefined || v.trim() === "" ? undefined : v.trim();

const url = z.url({ protocol: /^https?$/ });
const text = (min: number) => z.string().check(z.minLength(min));

/** Each variable's rule: a schema and the phrase shown when it fails. */
const rules = {
  PORT: [
    z.string().check(z.regex(/^\d{1,5}$/), z.refine((v) => Number(v) <= 65535)),
    "must be a port number (0-65535)",
  ],
  KV_PATH: [
    z.union([url, z.string().check(z.minLength(1), z.refine((v) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(v)))]),
    "must be a file path, :memory:, or the http(s) URL of a KV Connect server",
  ],
  DENO_KV_ACCESS_TOKEN: [text(1), "must be the KV Connect server's access token"],
  PUBLIC_URL: [url, "must be an http(s) URL such as https://rides.example.org"],
  CONTACT_EMAIL: [z.email(), "must be an email address"],
  JWT_SECRET: [text(32), "must be at least 32 characters"],
  SENTRY_DSN: [url, "must be a Sentry DSN URL"],
  PUBLIC_SENTRY_DSN: [url, "must be a Sentry DSN URL"],
  METRICS_TOKEN: [text(16), "must be at least 16 characters"],
  MAP_STYLE_URL: [
    z.union([z.literal(OFFLINE_MAP_STYLE), url, z.string().check(z.regex(/^pmtiles:\/\/https?:\/\/[^/\s]+\/\S*$/))]),
    "must be offline, the http(s) URL of a MapLibre style, or pmtiles://https://… (a PMTiles archive)",
  ],
  ROUTING_URL: [url, "must be the http(s) URL of an OSRM-compatible routing service"],
  MAP_PMTILES_PATH: [
    z.string().check(z.regex(/\.pmtiles$/i)),
    "must be the path of a .pmtiles file",
  ],
  SMS_PROVIDER: [z.enum(["console", "twilio"]), "must be console or twilio"],
  TWILIO_ACCOUNT_SID: [z.string().check(z.regex(/^AC[0-9a-fA-F]{32}$/)), "must look like AC followed by 32 hex digits"],
  TWILIO_AUTH_TOKEN: [text(16), "must be the account's auth token"],
  TWILIO_FROM: [z.string().check(z.regex(/^\+[1-9]\d{6,14}$/)), "must be an E.164 number such as +18645550100"],
  TWILIO_MESSAGING_SERVICE_SID: [
    z.string().check(z.regex(/^MG[0-9a-fA-F]{32}$/)),
    "must look like MG followed by 32 hex digits",
  ],
  TWILIO_API_URL: [url, "must be an http(s) URL"],
  TRUST_PROXY: [z.enum(["true", "false", "1", "0"]), "must be true or false"],
  SOCKETS_PER_ADDRESS: [z.string().check(z.regex(/^[1-9]\d{0,5}$/)), "must be a whole number from 1 to 999999"],
  PUBLIC_SOURCE_MAPS: [z.enum(["true", "false", "1", "0"]), "must be true or false"],
  TRUSTED_PROXY_HOPS: [z.string().check(z.regex(/^([1-9]|10)$/)), "must be a whole number from 1 to 10"],
  VAPID_PUBLIC_KEY: [
    z.string().check(z.regex(/^B[A-Za-z0-9_-]{86}$/)),
    "must be a P-256 public key, 87 base64url characters starting with B",
  ],
  VAPID_PRIVATE_KEY: [
    z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
    "must be a P-256 private key, 43 base64url characters",
  ],
} as const;

type Variable = keyof typeof rules;

function read(env: Record<string, string | undefined>, name: Variable): string | undefined {
  const raw = optional(env[name]);
  if (raw === undefined) return undefined;
  const [schema, phrase] = rules[name];
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(name, `${phrase} (got "${raw}")`);
  return raw;
}

/**
 * A KV Connect URL (`KV_PATH=https://…`): a store reached over the network, shared by several app machines, with
 * no file here to lock, gate or keep a secret beside.
 */
export function isKvConnectUrl(kvPath: string): boolean {
  return /^https?:\/\//i.test(kvPath);
}

/** Builds the config from an environment map (`Deno.env.toObject()` in main.ts). */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const port = Number(read(env, "PORT") ?? "8000");
  const provider = (read(env, "SMS_PROVIDER") ?? "console") as SmsProvider;
  const sms = {
    provider,
    twilioAccountSid: read(env, "TWILIO_ACCOUNT_SID") ?? null,
    twilioAuthToken: read(env, "TWILIO_AUTH_TOKEN") ?? null,
    twilioFrom: read(env, "TWILIO_FROM") ?? null,
    twilioMessagingServiceSid: read(env, "TWILIO_MESSAGING_SERVICE_SID") ?? null,
    twilioApiUrl: read(env, "TWILIO_API_URL") ?? "https://api.twilio.com",
  };
  if (provider === "twilio") {
    for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"] as const) {
      if (!optional(env[name])) throw new ConfigError(name, "is required when SMS_PROVIDER=twilio");
    }
    if (!sms.twilioFrom && !sms.twilioMessagingServiceSid) {
      throw new ConfigError("TWILIO_FROM", "or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER=twilio");
    }
  }
  const trust = read(env, "TRUST_PROXY");
  const publicUrl = (read(env, "PUBLIC_URL") ?? `http://localhost:${port || 8000}`).replace(/\/+$/, "");
  const kvPath = read(env, "KV_PATH") ?? (optional(env.DENO_DEPLOYMENT_ID) ? null : "./data/shuttle.kv");
  const jwtSecret = read(env, "JWT_SECRET") ?? null;
  // A public deployment keeps no key where a backup or a copy of the store could give it away, and prints no codes.
  if (publicUrl.startsWith("https:")) {
    if (!jwtSecret) {
      throw new ConfigError("JWT_SECRET", "is required when PUBLIC_URL is https (at least 32 characters)");
    }
    if (provider === "console") {
      throw new ConfigError(
        "SMS_PROVIDER",
        "must be twilio when PUBLIC_URL is https: console prints every code and phone number to the log",
      );
    }
  }
  const mapPmtilesPath = read(env, "MAP_PMTILES_PATH") ?? null;
  const mapStyle = read(env, "MAP_STYLE_URL");
  if (mapPmtilesPath && mapStyle === OFFLINE_MAP_STYLE) {
    throw new ConfigError(
      "MAP_STYLE_URL",
      "is offline, which draws no tiles, but MAP_PMTILES_PATH is set: unset MAP_STYLE_URL to draw the file",
    );
  }
  if (kvPath === null && !jwtSecret) {
    throw new ConfigError("JWT_SECRET", "is required with the platform's managed KV (Deno Deploy)");
  }
  if (kvPath !== null && isKvConnectUrl(kvPath)) {
    // Deno reads the token from the environment itself; a start without it would fail at the first read.
    if (!read(env, "DENO_KV_ACCESS_TOKEN")) {
      throw new ConfigError("DENO_KV_ACCESS_TOKEN", "is required when KV_PATH is a KV Connect URL");
    }
    // Every app machine on the store signs with the same key, and there is no local file to keep a generated one.
    if (!jwtSecret) throw new ConfigError("JWT_SECRET", "is required when KV_PATH is a KV Connect URL");
  }
  const vapid = vapidKeys(env);
  return {
    port,
    kvPath,
    publicUrl,
    contactEmail: read(env, "CONTACT_EMAIL") ?? "info@hopper.example",
    jwtSecret,
    sentryDsn: read(env, "SENTRY_DSN") ?? null,
    publicSentryDsn: read(env, "PUBLIC_SENTRY_DSN") ?? null,
    metricsToken: read(env, "METRICS_TOKEN") ?? null,
    mapStyleUrl: mapStyle === OFFLINE_MAP_STYLE
      ? null
      : mapStyle ?? (mapPmtilesPath ? `pmtiles://${PMTILES_ROUTE}` : DEFAULT_MAP_STYLE_URL),
    mapPmtilesPath,
    routingUrl: read(env, "ROUTING_URL")?.replace(/\/+$/, "") ?? null,
    sms,
    trustProxy: trust === "true" || trust === "1",
    socketsPerAddress: Number(read(env, "SOCKETS_PER_ADDRESS") ?? "100"),
    publicSourceMaps: ["true", "1"].includes(read(env, "PUBLIC_SOURCE_MAPS") ?? ""),
    trustedProxyHops: Number(read(env, "TRUSTED_PROXY_HOPS") ?? "1"),
    vapid,
    version: optional(env.HOPPER_VERSION) ?? "dev",
  };
}

/** Both VAPID keys or neither: push is on with a pair, and one alone is a mistake worth stopping for. */
function vapidKeys(env: Record<string, string | undefined>): VapidKeys | null {
  const publicKey = read(env, "VAPID_PUBLIC_KEY");
  const privateKey = read(env, "VAPID_PRIVATE_KEY");
  if (publicKey && !privateKey) throw new ConfigError("VAPID_PRIVATE_KEY", "is required with VAPID_PUBLIC_KEY");
  if (privateKey && !publicKey) throw new ConfigError("VAPID_PUBLIC_KEY", "is required with VAPID_PRIVATE_KEY");
  return publicKey && privateKey ? { publicKey, privateKey } : null;
}

/**
 * Whether a start without VAPID keys makes its own: a local start only (an http PUBLIC_URL, a KV file or :memory:),
 * where a key file beside the store's secret can be kept. A public one gets its pair from the environment.
 */
export function makesLocalVapidKeys(config: Config): boolean {
  return !config.vapid && config.publicUrl.startsWith("http:") && config.kvPath !== null &&
    !isKvConnectUrl(config.kvPath);
}

/** Where push endpoints may point: https, or loopback http on a local start so tests can run a push service. */
export function acceptsLoopbackPush(config: Config): boolean {
  return config.publicUrl.startsWith("http:");
}
