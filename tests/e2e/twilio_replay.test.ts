/**
 * Replays of Twilio's signed webhook on the production start (serve.ts under
 * `deno serve --parallel`, two isolates on one KV file): the MessageSids seen
 * are kept in KV, so a STOP replayed through the other isolate after START
 * changes nothing, and the same text reaching both isolates at once is acted
 * on once. Texts go out through a fake Twilio on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { PinnedConnection } from "../helpers/pinned_connection.ts";
import { inboundForm, signTwilio } from "../helpers/twilio_webhook.ts";
import { startServer, type TestServer } from "./server.ts";

const PUBLIC_URL = "http://localhost:8000";
const WEBHOOK = `${PUBLIC_URL}/api/sms/inbound`;
const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
const STOPPED = "You&apos;re unsubscribed from Hopper texts.";
const STARTED = "You&apos;re subscribed to Hopper texts again.";

let dir: string;
let server: TestServer;
let fake: ReturnType<typeof startFakeTwilio>;
const held: PinnedConnection[] = [];

beforeAll(async () => {
  dir = await Deno.makeTempDir({ prefix: "hopper-replay-" });
  fake = startFakeTwilio();
  server = await startServer({
    env: {
      ...fake.env,
      KV_PATH: join(dir, "hopper.kv"),
      PUBLIC_URL,
      JWT_SECRET: "e2e-replay-secret-e2e-replay-secret-0123",
    },
    isolates: 2,
  });
}, 60_000);

afterAll(async () => {
  for (const c of held.splice(0)) c.close();
  await server?.stop();
  await fake?.stop();
  await Deno.remove(dir, { recursive: true }).catch(() => {});
});

async function twoIsolates(): Promise<[PinnedConnection, PinnedConnection]> {
  const [a, b] = await PinnedConnection.onEachIsolate(server.port, 2);
  held.push(a, b);
  expect(a.isolate).not.toBe(b.isolate);
  return [a, b];
}

/** Posts `form`, signed as Twilio signs it, on `on`'s isolate; answers the status and the TwiML. */
async function post(on: PinnedConnection, form: Record<string, string>) {
  const res = await on.request("POST", "/api/sms/inbound", {
    headers: { "x-twilio-signature": signTwilio(fake.env.TWILIO_AUTH_TOKEN, WEBHOOK, form) },
    body: new URLSearchParams(form),
  });
  return { status: res.status, text: res.text };
}

describe("Twilio's webhook on two isolates", () => {
  it("ignores a STOP replayed through the other isolate after START: the number still gets its sign-in code", async () => {
    const [a, b] = await twoIsolates();
    const stop = inboundForm("+18645550142", "STOP");
    expect((await post(a, stop)).text).toContain(STOPPED);
    expect((await post(b, inboundForm("+18645550142", "START"))).text).toContain(STARTED);
    expect(await post(b, stop)).toEqual({ status: 200, text: EMPTY });
    expect(await post(a, stop)).toEqual({ status: 200, text: EMPTY });
    const login = await a.request("POST", "/api/auth/login", { body: { phoneNumber: "8645550142" } });
    expect(login.status, login.text).toBe(200);
    expect(fake.codeFor("8645550142")).toMatch(/^\d{4}$/);
  });

  it("acts once on one text posted to both isolates at once", async () => {
    const [a, b] = await twoIsolates();
    const more = [await a.another(), await b.another(), await a.another(), await b.another()];
    held.push(...more);
    const stop = inboundForm("+18645550143", "STOP");
    const answers = await Promise.all([a, b, ...more].map((on) => post(on, stop)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((r) => r.text === EMPTY)).toHaveLength(5);
    expect(answers.filter((r) => r.text.includes(STOPPED))).toHaveLength(1);
    // The one that acted kept the opt-out: a sign-in through either isolate is refused without a code.
    const before = fake.messages.length;
    for (const on of [a, b]) {
      const login = await on.request("POST", "/api/auth/login", { body: { phoneNumber: "8645550143" } });
      expect(login.status, login.text).toBe(409);
    }
    expect(fake.messages.length).toBe(before);
  });
});
