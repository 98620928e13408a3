/**
 * Sign-in by phone (spec sections 5, 7): send a code (domain/sign_in/request_code.ts),
 * verify it (domain/sign_in/verify.ts), sign out. These handlers read the
 * request (the body, the client's address, the device key's cookie) and
 * answer the use case's result: the cookies a sign-in sets, or its refusal in
 * the request's language.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { requestCode } from "../../domain/sign_in/request_code.ts";
import { verifyCode } from "../../domain/sign_in/verify.ts";
import { revokeSession } from "../../kv/sessions.ts";
import { deviceCookie, deviceKeyFromCookie, newDeviceKey } from "../../lib/device_key.ts";
import { langFromCookie } from "../../lib/i18n/lang.ts";
import { CHALLENGE_MAX, WRONG_CODE } from "../../lib/otp.ts";
import { hashChallenge } from "../../lib/otp_hash.ts";
import { formatPhone, PHONE_ERROR, phoneFromE164 } from "../../lib/phone.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { requireAuth } from "../../server/middleware/auth.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { clientAddress } from "../../server/middleware/client_address.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";
import { requestLog } from "../../server/request_log.ts";
import { SendPace } from "../../server/send_pace.ts";
import { langCookie } from "../language_switch.ts";

const phoneField = z.string({ error: PHONE_ERROR });
const loginSchema = z.object({ phoneNumber: phoneField, tenantCode: z.optional(z.nullable(z.string())) });
const verifySchema = z.object({
  phoneNumber: phoneField,
  code: z.optional(z.unknown()),
  challenge: z.optional(z.nullable(z.string({ error: WRONG_CODE }).check(z.maxLength(CHALLENGE_MAX, WRONG_CODE)))),
  tenantCode: z.optional(z.nullable(z.string())),
});

export function authApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock, sms, config } = deps;
  // The number a person texts START to: Hopper's own (TWILIO_FROM), else the service's name.
  const from = config.sms.twilioFrom ? phoneFromE164(config.sms.twilioFrom) : null;
  const sender = from ? formatPhone(from) : "Hopper";
  const app = new Hono<Env>();
  const small = smallBody();
  const https = config.publicUrl.startsWith("https:");
  const pace = new SendPace();

  app.post("/login", small, jsonBody(loginSchema), async (c) => {
    const body = c.req.valid("json");
    const carried = deviceKeyFromCookie(c.req.header("cookie"));
    const sent = await requestCode(
      { kv, sms, otpKey: auth.otpKey, numberKey: auth.numberKey, pace, sender, log: requestLog(deps, c) },
      {
        phoneNumber: body.phoneNumber,
        tenantCode: body.tenantCode,
        address: clientAddress(c, config),
        device: carried ? hashChallenge(carried) : null,
        lang: c.get("lang"),
        now: clock.now(),
      },
    );
    if (sent.refused) return refusalAnswer(c, sent);
    return c.json({ ok: true, challenge: sent.value.challenge });
  });

  app.post("/verify", small, jsonBody(verifySchema), async (c) => {
    const body = c.req.valid("json");
    const cookie = c.req.header("cookie");
    const signed = await verifyCode(
      { kv, otpKey: auth.otpKey, numberKey: auth.numberKey, signer: auth.signer, log: requestLog(deps, c) },
      {
        phoneNumber: body.phoneNumber,
        code: body.code,
        challenge: body.challenge,
        tenantCode: body.tenantCode,
        address: clientAddress(c, config),
        // A new key, for a right code from a device that carries none, or one made void by its misses.
        device: { carried: deviceKeyFromCookie(cookie), fresh: newDeviceKey() },
        now: clock.now(),
      },
    );
    if (signed.refused) return refusalAnswer(c, signed);
    const { user, token, deviceKey, language } = signed.value;
    c.header("set-cookie", deviceCookie(deviceKey, https), { append: true });
    // A device with no language of its own takes the person's, so the next page comes in it.
    if (language && !langFromCookie(cookie)) c.header("set-cookie", langCookie(language, config), { append: true });
    return c.json({ user, token });
  });

  app.post("/logout", requireAuth(deps, auth), async (c) => {
    const session = c.get("session");
    await revokeSession(kv, session);
    deps.log!({ event: "auth.sign_out", userId: session.userId, requestId: c.get("requestId") });
    return c.json({ ok: true });
  });

  return app;
}
