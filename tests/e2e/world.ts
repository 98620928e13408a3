/**
 * What most browser tests share: the real server (main.ts) with a fake Twilio
 * whose texted codes sign people in, one headless Chromium, and browser
 * contexts that close after each test. Call `browserWorld()` at a test file's
 * top level: it registers the file's beforeAll, afterEach and afterAll.
 */
import { openStore } from "../../kv/open.ts";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { SignedInUser } from "../../browser/auth_client.ts";
import { keys } from "../../kv/keys.ts";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { DESKTOP, launchBrowser } from "./browser.ts";
import { startServer, type TestServer } from "./server.ts";

export interface Session {
  token: string;
  user: SignedInUser;
}

export interface BrowserWorld {
  readonly server: TestServer;
  readonly browser: Browser;
  readonly twilio: ReturnType<typeof startFakeTwilio>;
  /** A context on the server (desktop-sized unless told), closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a new context of `viewport`, closed after the test. */
  newPage(viewport?: BrowserContextOptions["viewport"], options?: BrowserContextOptions): Promise<Page>;
  /** An API call: its status and JSON body (null when it has none). */
  // deno-lint-ignore no-explicit-any
  call(method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; data: any }>;
  /**
   * Signs a number in through the API with the code the fake Twilio received,
   * joining `tenantCode` (greer unless told; null joins none; a new number becomes a rider).
   */
  signIn(phone: string, options?: { tenantCode?: string | null; base?: string }): Promise<Session>;
}

/**
 * Its methods need no `this`: `const { signIn } = world` works. `shiftableClock`: the server's clock can be moved
 * ahead (`world.server.advanceClock`).
 */
export function browserWorld(
  { shiftableClock = false, firstStart = false }: { shiftableClock?: boolean; firstStart?: boolean } = {},
): BrowserWorld {
  let twilio: ReturnType<typeof startFakeTwilio>;
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    twilio = startFakeTwilio();
    [server, browser] = await Promise.all([
      startServer({ env: twilio.env, shiftableClock, firstStart }),
      launchBrowser(),
    ]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await twilio?.stop();
  });

  async function post(base: string, path: string, body: unknown) {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await res.json();
    expect(res.status, `${path}: ${JSON.stringify(data)}\n${server.output()}`).toBe(200);
    return data;
  }

  async function newContext(options: BrowserContextOptions = {}) {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url, ...options });
    contexts.push(context);
    return context;
  }

  return {
    get server() {
      return server;
    },
    get browser() {
      return browser;
    },
    get twilio() {
      return twilio;
    },
    newContext,
    newPage: async (viewport = DESKTOP, options = {}) => await (await newContext({ ...options, viewport })).newPage(),
    async call(method, path, token, body) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, data: await res.json().catch(() => null) };
    },
    async signIn(phone, { tenantCode = "greer", base = server.url } = {}) {
      await post(base, "/api/auth/login", { phoneNumber: phone });
      const code = twilio.codeFor(phone);
      expect(code, `a code texted to ${phone}`).toMatch(/^\d{4}$/);
      return await post(base, "/api/auth/verify", { phoneNumber: phone, code, ...(tenantCode ? { tenantCode } : {}) });
    },
  };
}

/**
 * Signs `phone` in (joining no tenant) and makes the person a super admin, as
 * the admin CLI's user:super does: through the server's own KV file.
 */
export async function superSession(world: BrowserWorld, phone: string): Promise<Session> {
  const first = await world.signIn(phone, { tenantCode: null });
  const kv = await openStore(world.server.kvPath);
  try {
    const entry = await kv.get<Record<string, unknown>>(keys.user(first.user.id));
    await kv.set(keys.user(first.user.id), { ...entry.value, isSuper: true });
  } finally {
    kv.close();
  }
  return first;
}
