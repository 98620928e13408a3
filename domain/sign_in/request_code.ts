/**
 * A person asks for a sign-in code (POST /api/auth/login). The answer is the
 * same for known and unknown numbers, and for members and strangers of an
 * invitation-only tenant: a number the tenant does not admit is counted and
 * answered as any other but sent no text, and as slowly (`pace`); only a
 * right code hears the refusal (domain/sign_in/verify.ts). Codes never reach
 * a log. Every limit is counted in KV, so it holds across isolates.
 */
import type { Store } from "../../kv/store.ts";
import type { KeyObject } from "node:crypto";
import { hitRateLimit, hitRateLimits } from "../../kv/rate_limits.ts";
import { addCode } from "../../kv/otp.ts";
import { beforeCode } from "../../kv/sign_in.ts";
import { recordOptOut } from "../../kv/sms_opt_outs.ts";
import { recentTenant } from "../../kv/tenants.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import type { LogEvent } from "../../lib/log.ts";
import { NUMBER_SEND_BUCKETS } from "../../lib/lockout.ts";
import { hashNumber } from "../../lib/number_hash.ts";
import { generateChallenge, generateCode } from "../../lib/otp.ts";
import { hashChallenge, hashCode } from "../../lib/otp_hash.ts";
import { maskPhone, normalizePhone, PHONE_ERROR } from "../../lib/phone.ts";
import { type Tenant, TENANT_CODE_PATTERN } from "../../lib/schemas.ts";
import { SmsError, type SmsSender, TWILIO_OPTED_OUT } from "../../lib/sms.ts";
import { codeSms } from "../../lib/sms_texts.ts";
import { DEFAULT_SMS_PER_HOUR } from "../../lib/tenant_settings.ts";
import { isTextable, NOT_TEXTABLE } from "../../lib/textable.ts";
import { done, type Outcome, type Refusal, type RefusalValue, refuse } from "../refusal.ts";

export const SEND_FAILED: Text = "Failed to send verification code. Please try again.";
/** A number that texted STOP is sent no code until it texts START; filled with where to text it. */
export const OPTED_OUT: Text = "This number has opted out of texts. Text START to {sender} to sign in again.";
const FROM_NETWORK: Text = "Too many verification codes requested from your network. Please try again later.";
const FOR_SERVICE: Text = "Too many verification codes requested for this service. Please try again later.";
const FOR_NUMBER: Text = "Too many codes sent to this number. Please wait {wait} and try again.";

const MINUTE = 60_000;
/** How many codes may be asked for, and over how long. */
export const SEND_LIMITS = {
  /**
   * Per number, from addresses it has not signed in from; an address it has
   * signed in from counts on its own, so strangers asking for codes cannot
   * keep the owner from getting one.
   */
  perPhone: [{ limit: 3, windowMs: 15 * MINUTE }, { limit: 10, windowMs: 24 * 60 * MINUTE }],
  perAddress: { limit: 30, windowMs: 60 * MINUTE },
  /**
   * Per tenant named in the request: what one organisation's sign-ins may
   * cost in texts. Requests naming no tenant, or one that does not exist,
   * share the site-wide budget NO_TENANT, so inventing codes opens no new
   * budget. A tenant can set its own (`smsPerHour`).
   */
  perTenant: { limit: DEFAULT_SMS_PER_HOUR, windowMs: 60 * MINUTE },
};
const NO_TENANT = "-";

/** "15 minutes", "2 hours": how long to wait, in whole minutes below an hour, else whole hours. */
export function waitValue(seconds: number): RefusalValue {
  const minutes = Math.ceil(seconds / 60);
  return minutes >= 60
    ? { text: "{count} hours", values: { count: Math.ceil(minutes / 60) } }
    : { text: "{count} minutes", values: { count: minutes } };
}

/** Keeps a login that texts nothing as slow as one that texts (server/send_pace.ts). */
export interface Pace {
  wait(): Promise<void>;
  record(ms: number): void;
}

export interface CodeDeps {
  kv: Store;
  sms: SmsSender;
  otpKey: KeyObject;
  numberKey: KeyObject;
  pace: Pace;
  /** Where a number that opted out texts START: Hopper's own number, formatted, or the service's name. */
  sender: string;
  log: (event: LogEvent) => void;
}

export interface CodeRequest {
  phoneNumber: string;
  tenantCode?: string | null;
  /** The client's network address, and the hash of the device key it carries (null without one). */
  address: string;
  device: string | null;
  /** The language of the text sent. */
  lang: Lang;
  now: number;
}

/** The tenant a request names, when it exists; null otherwise. */
export async function namedTenant(kv: Store, code: string | null | undefined): Promise<Tenant | null> {
  return code && TENANT_CODE_PATTERN.test(code) ? await recentTenant(kv, code) : null;
}

/** Sends a code (or, to a number the tenant does not admit, pretends to): the challenge that goes with it. */
export async function requestCode(deps: CodeDeps, input: CodeRequest): Promise<Outcome<{ challenge: string }>> {
  const { kv, log, now } = { ...deps, now: input.now };
  const phone = normalizePhone(input.phoneNumber);
  if (!phone) return refuse(400, PHONE_ERROR);
  const tenant = await namedTenant(kv, input.tenantCode);
  // Premium-rate, toll-free and numbers abroad (Caribbean +1 area codes) are never texted unless the tenant may.
  if (!isTextable(phone, tenant?.smsRegions)) return refuse(400, NOT_TEXTABLE);

  const { address } = input;
  const addressLimit = { bucket: "otp_address", subject: address, ...SEND_LIMITS.perAddress };
  /** The address counts every refused attempt too: its own limit answers first. */
  const countAddress = async (otherwise: Refusal): Promise<Refusal> => {
    const byAddress = await hitRateLimit(kv, { ...addressLimit, now });
    return byAddress.allowed ? otherwise : refuse(429, FROM_NETWORK, undefined, byAddress.retryAfter);
  };
  const before = await beforeCode(kv, {
    tenant,
    phone,
    address,
    device: input.device,
    numberHash: hashNumber(deps.numberKey, phone),
  });
  // A number that texted STOP gets no code, and spends none of its limits.
  if (before.optedOut) return await countAddress(refuse(409, OPTED_OUT, { sender: deps.sender }));
  // A number the tenant does not admit (not invited, or blocked) is answered as any other, counted and kept
  // alike, but sent no text: a login must not tell who belongs. A right code hears the refusal at verify.
  const withheld = Boolean(tenant && before.admission && before.admission !== "welcome");

  const code = generateCode();
  const challenge = generateChallenge();
  const hash = hashCode(deps.otpKey, phone, code);
  // One commit counts the address, then the number, then (last, so one abuser meets their own address and
  // number limits before eating it) the tenant's budget, and keeps the code: the first full limit refuses.
  const limits = [
    addressLimit,
    ...SEND_LIMITS.perPhone.map((window, i) => ({
      bucket: NUMBER_SEND_BUCKETS[i],
      // The owner's own address, or device, has its own count, so strangers cannot use theirs up.
      subject: before.knownAddress ? `${phone}@${address}` : before.knownDevice ? `${phone}#${input.device}` : phone,
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
    (op) => addCode(op, phone, { hash, challenge: hashChallenge(challenge), address }, now),
  );
  if (!hit.allowed) {
    if (hit.refusedBy === 0) return refuse(429, FROM_NETWORK, undefined, hit.retryAfter);
    // Refused by the number or the tenant: the address still counts the attempt, as it always has.
    return await countAddress(
      hit.refusedBy === limits.length - 1
        ? refuse(429, FOR_SERVICE, undefined, hit.retryAfter)
        : refuse(429, FOR_NUMBER, { wait: waitValue(hit.retryAfter) }, hit.retryAfter),
    );
  }

  if (withheld) {
    await deps.pace.wait();
    log({ event: "auth.code_withheld", phone: maskPhone(phone), tenant: tenant!.code });
    return done({ challenge });
  }
  try {
    const started = performance.now();
    await deps.sms.send(phone, codeSms(input.lang, code));
    deps.pace.record(performance.now() - started);
  } catch (err) {
    // The carrier already blocks this number (it texted STOP where we did not hear it): recorded, and said so.
    if (err instanceof SmsError && err.code === TWILIO_OPTED_OUT) {
      await recordOptOut(kv, phone, now);
      log({ event: "sms.opted_out", phone: maskPhone(phone), source: "twilio" });
      return refuse(409, OPTED_OUT, { sender: deps.sender });
    }
    log({
      event: "sms.failed",
      level: "warn",
      phone: maskPhone(phone),
      error: err instanceof SmsError ? err.message : String(err),
    });
    return refuse(502, SEND_FAILED);
  }
  log({ event: "auth.code_sent", phone: maskPhone(phone) });
  return done({ challenge });
}
