/**
 * Builds the real app on the store the server uses (kv/store.ts), in memory, with a recording SMS sender, a fake
 * clock and a captured log.
 */
import type { Store } from "../../kv/store.ts";
import { openStore } from "../../kv/open.ts";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";
import { createTenant } from "../../kv/tenants.ts";
import { updateUser } from "../../kv/users.ts";
import { type Config, loadConfig } from "../../lib/config.ts";
import { createApp } from "../../server/app.tsx";
import { FakeClock } from "./fake_clock.ts";
import { memoryLogger } from "./memory_log.ts";
import { recordingSender } from "./recording_sms.ts";

/** A Twilio sender's settings (the app still texts through `sms`): the incoming-text webhook is on with them. */
export const TWILIO_TEST_ENV = {
  SMS_PROVIDER: "twilio",
  TWILIO_ACCOUNT_SID: "AC" + "0".repeat(32),
  TWILIO_AUTH_TOKEN: "test-auth-token-0123",
  TWILIO_FROM: "+18645550100",
};

/** A VAPID pair for tests: push is on, as on a local start, so the push routes answer and a device can subscribe. */
export const TEST_VAPID = {
  VAPID_PUBLIC_KEY: "BBwbWf01cEoe5-LD4pbwV4m5lrMOLlrEN1paPV8WOFpwmpr4sIcE3fJhOVx_SyZ-uuN_cAnDtEtVwsvtWb28BwU",
  VAPID_PRIVATE_KEY: "1gWYM8KGr6G8F6VoLuRT3K1UlDWdOaN2P47410kxEYw",
};

export async function makeApp(env: Record<string, string> = {}) {
  const kv = await openStore(":memory:");
  const clock = new FakeClock();
  const sms = recordingSender();
  const log = memoryLogger();
  const config: Config = loadConfig({
    CONTACT_EMAIL: "hello@hopper.test",
    HOPPER_VERSION: "9.9.9-test",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    ...TEST_VAPID,
    // The built-in map style unless a test names one (or a PMTiles file): the default, OpenFreeMap, is the internet.
    ...(env.MAP_PMTILES_PATH ? {} : { MAP_STYLE_URL: "offline" }),
    // An https deployment must text through a provider (lib/config.ts); the app texts through `sms` either way.
    ...(env.PUBLIC_URL?.startsWith("https:") ? TWILIO_TEST_ENV : {}),
    ...env,
  });
  await seedDemoTenant(kv, clock.now());
  const app = createApp({ kv, sms, clock, config, log });
  /** app.request with a client address, as Deno.serve would pass it. */
  const request = (path: string, init?: RequestInit, address = "203.0.113.7") =>
    app.request(path, init, { remoteAddr: { hostname: address } });
  return { app, kv, clock, sms, log, config, request, [Symbol.dispose]: () => kv.close() };
}

export function postJson(body: unknown): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}

/** A page's HTML with React's text separators (<!-- -->) removed, so texts read as a person sees them. */
export async function html(res: Response): Promise<string> {
  return (await res.text()).replaceAll("<!-- -->", "");
}

type TestApp = Awaited<ReturnType<typeof makeApp>>;

/**
 * Signs `phone` in and makes them a super admin the way the admin CLI does
 * (updateUser, so what the app reuses of them is dropped at once).
 */
export async function superAdmin(t: TestApp, phone = "8645550150") {
  const signed = await signIn(t, phone);
  await updateUser(t.kv, signed.user.id, (u) => ({ ...u, isSuper: true }));
  return signed;
}

/** A second tenant for cross-tenant tests: "State Campus" (code campus), around the same centre as Greer. */
export async function addCampus(t: { kv: Store }): Promise<void> {
  await createTenant(t.kv, {
    code: "campus",
    name: "State Campus",
    timezone: "America/New_York",
    serviceArea: { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "the quad" },
    createdAt: 0,
  }, {});
}

/** The newest code the recording SMS sender texted to `phone` (other texts to them, such as a ride's, are passed over). */
export function sentCode(t: TestApp, phone: string): string {
  const code = t.sms.sent.findLast((m) => m.to === phone && /\b\d{4}\b/.test(m.body))?.body.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no code was texted to ${phone}`);
  return code;
}

/** Signs in through the real API; answers the token and the user view. */
export async function signIn(t: TestApp, phone: string, tenantCode?: string) {
  const sent = await t.request("/api/auth/login", postJson({ phoneNumber: phone }));
  if (sent.status !== 200) throw new Error(`login answered ${sent.status}: ${await sent.text()}`);
  const res = await t.request(
    "/api/auth/verify",
    postJson({ phoneNumber: phone, code: sentCode(t, phone), tenantCode }),
  );
  if (res.status !== 200) throw new Error(`verify answered ${res.status}: ${await res.text()}`);
  return await res.json() as { token: string; user: { id: string; tenants: { code: string; roles: string[] }[] } };
}

export function bearer(token: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } };
}
