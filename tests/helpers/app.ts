/** Builds the real app on an in-memory KV, a recording SMS sender, a fake clock and a captured log. */
import { seedDemoTenant } from "../../kv/seed.ts";
import { FakeClock } from "../../lib/clock.ts";
import { type Config, loadConfig } from "../../lib/config.ts";
import { memoryLogger } from "../../lib/log.ts";
import { recordingSender } from "../../lib/sms.ts";
import { createApp } from "../../routes/app.tsx";

export async function makeApp(env: Record<string, string> = {}) {
  const kv = await Deno.openKv(":memory:");
  const clock = new FakeClock();
  const sms = recordingSender();
  const log = memoryLogger();
  const config: Config = loadConfig({
    CONTACT_EMAIL: "hello@hopper.test",
    HOPPER_VERSION: "9.9.9-test",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
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
