import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config.ts";
import { SmsError, twilioSender } from "../../lib/sms.ts";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { makeApp, postJson } from "../helpers/app.ts";
import { createApp } from "../../server/app.tsx";
import { senderFromConfig } from "../../lib/sms.ts";

let fake: ReturnType<typeof startFakeTwilio>;
beforeEach(() => {
  fake = startFakeTwilio();
});
afterEach(async () => {
  await fake.stop();
});

describe("Twilio sender against a fake Twilio on loopback", () => {
  it("posts To in E.164, From and the body with basic auth", async () => {
    const sender = senderFromConfig(loadConfig(fake.env));
    await sender.send("8645550142", "Your Hopper verification code is 1234.");
    expect(fake.messages).toEqual([
      {
        to: "+18645550142",
        from: "+18645550199",
        messagingServiceSid: null,
        body: "Your Hopper verification code is 1234.",
      },
    ]);
  });

  it("uses a Messaging Service SID instead of From when configured", async () => {
    const service = "MG" + "f".repeat(32);
    const { TWILIO_FROM: _, ...env } = fake.env;
    await senderFromConfig(loadConfig({ ...env, TWILIO_MESSAGING_SERVICE_SID: service })).send("8645550142", "hi");
    expect(fake.messages[0]).toMatchObject({ from: null, messagingServiceSid: service });
  });

  it("throws SmsError when Twilio refuses: wrong credentials or a provider error", async () => {
    const badAuth = twilioSender({ ...loadConfig(fake.env).sms, twilioAuthToken: "wrong-token-wrong-token" });
    await expect(badAuth.send("8645550142", "x")).rejects.toBeInstanceOf(SmsError);
    fake.fail(500);
    const sender = twilioSender(loadConfig(fake.env).sms);
    await expect(sender.send("8645550142", "x")).rejects.toThrow(/Twilio answered 500/);
    expect(fake.messages).toHaveLength(0);
  });

  it("texts the sign-in code through the app, and answers 502 when Twilio fails", async () => {
    using t = await makeApp();
    const config = { ...t.config, ...loadConfig({ ...fake.env, JWT_SECRET: t.config.jwtSecret! }) };
    const app = createApp({ kv: t.kv, sms: senderFromConfig(config), clock: t.clock, config, log: t.log });
    const res = await app.request("/api/auth/login", postJson({ phoneNumber: "8645550142" }));
    expect(res.status).toBe(200);
    const code = fake.codeFor("8645550142");
    expect(code).toMatch(/^\d{4}$/);
    const verify = await app.request("/api/auth/verify", postJson({ phoneNumber: "8645550142", code }));
    expect(verify.status).toBe(200);

    fake.fail(503);
    const failed = await app.request("/api/auth/login", postJson({ phoneNumber: "8645550143" }));
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: "Failed to send verification code. Please try again." });
  });
});
