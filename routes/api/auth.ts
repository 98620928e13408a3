/**
 * Sign-in by phone (spec sections 5, 7): send a code, verify it,
 * sign out. Answers are the same for known and unknown numbers, and for
 * members and strangers of an invitation-only tenant: only a right code hears
 * that the tenant refuses the number. Codes never reach a log.
 */
import { codeSms } from "../../lib/sms_texts.ts";
import { langFromCookie } from "../../lib/i18n/lang.ts";
import { langCookie } from "../language_switch.ts";
import { Hono } from "hono";
import * as z from "zod/mini";
import { accountView, newAccountView } from "../../kv/accounts.ts";
import { addCode, guessCode } from "../../kv/otp.ts";
import { hitRateLimit, hitRateLimits } from "../../kv/rate_limits.ts";
import { revokeSession } from "../../kv/sessions.ts";
import { afterSignIn, beforeCode, signInOnRight } from "../../kv/sign_in.ts";
import { recentTenant } from "../../kv/tenants.ts";
import { admissionRefusal } from "../../lib/joining.ts";
import { ADDRESS_LOCKED_TEXT, NUMBER_LOCKED_TEXT, NUMBER_SEND_BUCKETS } from "../../lib/lockout.ts";
import { deviceCookie, deviceKeyFromCookie, newDeviceKey } from "../../lib/device_key.ts";
import { SendPace } from "../../server/send_pace.ts";
import { CHALLENGE_MAX, CODE_ERROR, generateChallenge, generateCode, isCodeFormat, WRONG_CODE } from "../../lib/otp.ts";
import { hashChallenge, hashCode } from "../../lib/otp_hash.ts";
import { hashNumber } from "../../lib/number_hash.ts";
import { formatPhone, maskPhone, normalizePhone, PHONE_ERROR, phoneFromE164 } from "../../lib/phone.ts";
import { SmsError, TWILIO_OPTED_OUT } from "../../lib/sms.ts";
import { isTextable, NOT_TEXTABLE } from "../../lib/textable.ts";
import { recordOptOut } from "../../kv/sms_opt_outs.ts";
import { TENANT_CODE_PATTERN } from "../../lib/schemas.ts";
import type { AuthServices } from "../../server/auth_services.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { requireAuth } from "../../server/middleware/auth.ts";
import { clientAddress } from "../../server/middleware/client_address.ts";
import { smallBody } from "../../server/middleware/body_size.ts";
import { jsonBody } from "../../server/middleware/json_body.ts";

export const SEND_FAILED = "Failed to send verification code. Please try again.";
/** A number that texted STOP is sent no code until it texts START. */
export const OPTED_OUT = "This number has opted out of texts. Text START to {sender} to sign in again.";

const MINUTE = 60_000;
/** Sending limits, kept in KV so they hold across instances. */
export const SEND_LIMITS = {
  /**
   * Per number, from addresses it has not signed in from; an address it has
   * signed in from counts on its own, so strangers asking for codes cannot
   * keep the owner from getting one.
   */
  perPhone: [{ limit: 3, windowMs: 15 * MINUTE }, { limit: 10, windowMs: 24 * 60 * MINUTE }],
  perAddress: { limit: 30, windowMs: 60 * MINUTE },
  /**
   * Per tenant named in the request: what one organisation's
   * sign-ins may cost in texts. Requests naming no tenant, or one that does
   * not exist, share the site-wide budget NO_TENANT, so inventing codes
   * opens no new budget. A tenant can set its own (`smsPerHour`).
   */
  perTenant: { limit: 500, windowMs: 60 * MINUTE },
};
const NO_TENANT = "-";

const phoneField = z.string({ error: PHONE_ERROR });
const loginSchema = z.object({ phoneNumber: phoneField, tenantCode: z.optional(z.nullable(z.string())) });
const verifySchema = z.object({
  phoneNumber: phoneField,
  code: z.optional(z.unknown()),
  challenge: z.optional(z.nullable(z.string({ error: WRONG_CODE }).check(z.maxLength(CHALLENGE_MAX, WRONG_CODE)))),
  tenantCode: z.optional(z.nullable(z.string())),
});

function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes >= 60 ? `${Math.ceil(minutes / 60)} hours` : minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export function authApi(deps: AppDeps, auth: AuthServices) {
  const { kv, clock, sms, config } = deps;
  // The number a person texts START to: Hopper's own (TWILIO_FROM), else the service's name.
  const from = config.sms.twilioFrom ? phoneFromE164(config.sms.twilioFrom) : null;
  const optedOutText = OPTED_OUT.replace("{sender}", from ? formatPhone(from) : "Hopper");
  const log = deps.log!;
  const app = new Hono<Env>();
  const small = smallBody();
  const https = config.publicUrl.startsWith("https:");
  const pace = new SendPace();

  /** The tenant a request names, when it exists; null otherwise. */
  async function namedTenant(code: string | null | undefined) {
    return code && TENANT_CODE_PATTERN.test(code) ? await recentTenant(kv, code) : null;
  }

  /** The device key the request carries (lib/device_key.ts), and its hash as kept; nulls without one. */
  function deviceOf(cookie: string | undefined) {
    const key = deviceKeyFromCookie(cookie);
    return { key, hash: key ? hashChallenge(key) : null };
  }

  app.post("/login", small, jsonBody(loginSchema), async (c) => {
    const body = c.req.valid("json");
    const phone = normalizePhone(body.phoneNumber);
    if (!phone) return c.json({ error: PHONE_ERROR }, 400);
    const now = clock.now();
    const tenant = await namedTenant(body.tenantCode);
    // Premium-rate, toll-free and numbers abroad (Caribbean +1 area codes) are never texted unless the tenant may.
    if (!isTextable(phone, tenant?.smsRegions)) return c.json({ error: NOT_TEXTABLE }, 400);

    const address = clientAddress(c, config);
    const addressLimit = { bucket: "otp_address", subject: address, ...SEND_LIMITS.perAddress };
    const fromNetwork = (retryAfter: number) =>
      c.json(
        { error: "Too many verification codes requested from your network. Please try again later." },
        429,
        { "retry-after": String(retryAfter) },
      );
    const device = deviceOf(c.req.header("cookie"));
    const numberHash = hashNumber(auth.numberKey, phone);
    const before = await beforeCode(kv, { tenant, phone, address, device: device.hash, numberHash });
    // A number that texted STOP gets no code, and spends none of its limits.
    if (before.optedOut) {
      const byAddress = await hitRateLimit(kv, { ...addressLimit, now });
      if (!byAddress.allowed) return fromNetwork(byAddress.retryAfter);
      return c.json({ error: optedOutText }, 409);
    }
    // A number the tenant does not admit (not invited, or blocked) is answered as any other, counted and kept
    // alike, but sent no text: a login must not tell who belongs. A right code hears the refusal at verify.
    const withheld = Boolean(tenant && before.admission && admissionRefusal(before.admission, tenant.name));

    const code = generateCode();
    const challenge = generateChallenge();
    const hash = hashCode(auth.otpKey, phone, code);
    const challengeHash = hashChallenge(challenge);
    // One commit counts the address, then the number, then (last, so one abuser meets their own address and
    // number limits before eating it) the tenant's budget, and keeps the code: the first full limit refuses.
    const limits = [
      addressLimit,
      ...SEND_LIMITS.perPhone.map((window, i) => ({
        bucket: NUMBER_SEND_BUCKETS[i],
        // The owner's own address, or device, has its own count, so strangers cannot use theirs up.
        subject: before.knownAddress ? `${phone}@${address}` : before.knownDevice ? `${phone}#${device.hash}` : phone,
        ...window,
      })),
      {
        bucket: "otp_tenant",
        subject: tenant?.code ?? NO_TENANT,
        windowMs: SEND_LIMITS.perTenant.windowMs,
        limit: tenant?.smsPerHour ?? SEND_LIMITS.perTenant.limit,
      },
    ];
    const hit = await hitRateLimits(
      kv,
      limits,
      now,
      (op) => addCode(op, phone, { hash, challenge: challengeHash, address }, now),
    );
    if (!hit.allowed) {
      if (hit.refusedBy === 0) return fromNetwork(hit.retryAfter);
      // Refused by the number or the tenant: the address still counts the attempt, as it always has.
      const byAddress = await hitRateLimit(kv, { ...addressLimit, now });
      if (!byAddress.allowed) return fromNetwork(byAddress.retryAfter);
      if (hit.refusedBy === limits.length - 1) {
        return c.json(
          { error: "Too many verification codes requested for this service. Please try again later." },
          429,
          { "retry-after": String(hit.retryAfter) },
        );
      }
      return c.json(
        { error: `Too many codes sent to this number. Please wait ${waitText(hit.retryAfter)} and try again.` },
        429,
        { "retry-after": String(hit.retryAfter) },
      );
    }

    if (withheld) {
      await pace.wait();
      log({
        event: "auth.code_withheld",
        phone: maskPhone(phone),
        tenant: tenant!.code,
        requestId: c.get("requestId"),
      });
      return c.json({ ok: true, challenge });
    }
    try {
      const started = performance.now();
      await sms.send(phone, codeSms(c.get("lang"), code));
      pace.record(performance.now() - started);
    } catch (err) {
      // The carrier already blocks this number (it texted STOP where we did not hear it): recorded, and said so.
      if (err instanceof SmsError && err.code === TWILIO_OPTED_OUT) {
        await recordOptOut(kv, phone, now);
        log({ event: "sms.opted_out", phone: maskPhone(phone), source: "twilio", requestId: c.get("requestId") });
        return c.json({ error: optedOutText }, 409);
      }
      log({
        event: "sms.failed",
        level: "warn",
        phone: maskPhone(phone),
        requestId: c.get("requestId"),
        error: err instanceof SmsError ? err.message : String(err),
      });
      return c.json({ error: SEND_FAILED }, 502);
    }
    log({ event: "auth.code_sent", phone: maskPhone(phone), requestId: c.get("requestId") });
    return c.json({ ok: true, challenge });
  });

  app.post("/verify", small, jsonBody(verifySchema), async (c) => {
    const body = c.req.valid("json");
    const phone = normalizePhone(body.phoneNumber);
    if (!phone) return c.json({ error: PHONE_ERROR }, 400);
    if (!isCodeFormat(body.code)) return c.json({ error: CODE_ERROR }, 400);
    const now = clock.now();
    const tenant = await namedTenant(body.tenantCode);
    const device = deviceOf(c.req.header("cookie"));
    // A new key, for a right code from a device that carries none, or one made void by its misses.
    const fresh = newDeviceKey();

    // A right code is used up in the commit that makes the user (on a first sign-in), the rider membership (on a
    // first visit) and the session. At a tenant that does not admit the number, a right code is refused (nothing
    // written, the code not spent); a wrong one is answered as anyone's.
    const guess = await guessCode(kv, {
      phone,
      hash: hashCode(auth.otpKey, phone, body.code),
      challenge: body.challenge ? hashChallenge(body.challenge) : null,
      address: clientAddress(c, config),
      device: { carried: device.hash, fresh: hashChallenge(fresh) },
      now,
    }, signInOnRight(kv, { phone, tenant, now, numberHash: hashNumber(auth.numberKey, phone) }));
    if (guess.outcome === "refused") return c.json({ error: guess.reason }, 403);
    if (guess.outcome === "locked") {
      // A day at most: a client should not sleep for the rest of the number's year.
      const retryAfter = Math.min(24 * 60 * 60, Math.ceil(guess.waitMs / 1000));
      const text = guess.who === "number" ? NUMBER_LOCKED_TEXT : ADDRESS_LOCKED_TEXT;
      return c.json({ error: text }, 429, { "retry-after": String(retryAfter) });
    }
    if (guess.outcome === "wrong") {
      log({
        event: "auth.verify_failed",
        phone: maskPhone(phone),
        counted: guess.counted,
        requestId: c.get("requestId"),
      });
      return c.json({ error: WRONG_CODE }, 401);
    }

    const { user, session, created } = guess.right;
    afterSignIn(kv, guess.right);
    const token = await auth.signer.sign({ userId: user.id, sessionId: session.id }, now);
    log({
      event: "auth.sign_in",
      userId: user.id,
      tenant: tenant?.code,
      phone: maskPhone(phone),
      requestId: c.get("requestId"),
    });
    c.header("set-cookie", deviceCookie(guess.device === "carried" ? device.key! : fresh, https), { append: true });
    // A device with no language of its own takes the person's, so the next page comes in it.
    if (user.language && !langFromCookie(c.req.header("cookie"))) {
      c.header("set-cookie", langCookie(user.language, config), { append: true });
    }
    return c.json({ user: created ? newAccountView(user, tenant) : await accountView(kv, user), token });
  });

  app.post("/logout", requireAuth(deps, auth), async (c) => {
    const session = c.get("session");
    await revokeSession(kv, session);
    log({ event: "auth.sign_out", userId: session.userId, requestId: c.get("requestId") });
    return c.json({ ok: true });
  });

  return app;
}
