/**
 * POST /api/sms/inbound: Twilio's "A message comes in" webhook for Hopper's
 * number and the tenants' own (docs/operations.md, "Texts people send back").
 * Answers HELP with the contacts of the person's organisations, records STOP
 * (ending any booking conversation) and START (kv/sms_opt_outs.ts), and
 * hands anything else to a booking by text (domain/sms_booking/take_text.ts),
 * which answers by sending texts of its own: the TwiML answer is then empty. A text
 * whose MessageSid came within the last day (a replay of a signed request)
 * gets an empty answer and changes nothing (kv/twilio_messages.ts). Only with
 * the Twilio sender: the console sender has no number to text back to.
 */
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { helpContactsFor } from "../../kv/help_contacts.ts";
import { clearOptOut, recordOptOut } from "../../kv/sms_opt_outs.ts";
import { claimMessageSid } from "../../kv/twilio_messages.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import type { Logger } from "../../lib/log.ts";
import { maskPhone, phoneFromE164 } from "../../lib/phone.ts";
import { readKeyword } from "../../lib/sms_keywords.ts";
import { helpSms, startSms, stopSms } from "../../lib/sms_texts.ts";
import { twimlReply } from "../../lib/twiml.ts";
import type { AppDeps, Env } from "../../server/env.ts";
import { hitRateLimit } from "../../kv/rate_limits.ts";
import { endConversation, readConversation, SHARED_SCOPE } from "../../kv/sms_conversations.ts";
import { listTenants } from "../../kv/tenants.ts";
import { isOptedOut } from "../../kv/sms_opt_outs.ts";
import { translate } from "../../lib/i18n/catalogue.ts";
import { isYes } from "../../lib/sms_booking_parse.ts";
import { TOO_MANY_TEXTS_HOUR } from "../../lib/sms_booking_texts.ts";
import { takeText, tenantOfNumber } from "../../domain/sms_booking/take_text.ts";
import { rideMoved } from "../../domain/rides/tell_rider.ts";
import { noticeDeps } from "../../server/rider_updates.ts";
import { TOO_LARGE } from "../../server/middleware/body_size.ts";
import { twilioWebhook } from "../../server/middleware/twilio_webhook.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../server/refusal_answer.ts";

export const SMS_INBOUND_PATH = "/api/sms/inbound";
/** Twilio's form for one text is well under 2 KiB (the body is at most 1,600 characters). */
export const SMS_INBOUND_MAX_BYTES = 8 * 1024;
/**
 * Texts from one number an hour: enough for a booking conversation or two,
 * few enough to bound what a loop with an auto-responder (or a forged From on
 * a stolen token) can make Hopper send. The text past the limit is answered
 * once; the rest of the hour gets no answer at all.
 */
export const SMS_INBOUND_RATE = { limit: 20, windowMs: 60 * 60 * 1000 };
export const NOT_RECEIVING: Text = "This server does not receive texts: it has no Twilio number (SMS_PROVIDER=console)";
export const TOO_MANY_TEXTS: Text = "Too many texts from this number. Please try again later.";

export function smsInboundApi(deps: AppDeps & { log: Logger }) {
  const { kv, clock, config, log } = deps;
  const { provider, twilioAuthToken } = config.sms;
  const token = provider === "twilio" ? twilioAuthToken : null;
  const notices = noticeDeps(deps);
  const textDeps = {
    ...notices,
    // A ride made by text: its rider hears what is due, as after the app's POST /rides.
    booked: (tenant: Parameters<typeof rideMoved>[1], ride: Parameters<typeof rideMoved>[2]) => {
      deps.metrics?.rideChanges.inc({ tenant: ride.tenant, to: ride.status });
      if (ride.status === "accepted") void rideMoved(notices, tenant, ride);
    },
  };
  const empty = (c: Context<Env>) => c.body(twimlReply(null), 200, { "content-type": "text/xml" });
  return new Hono<Env>().post(
    "/",
    async (c, next) => {
      if (!token) return refusalAnswer(c, refuse(404, NOT_RECEIVING));
      await next();
    },
    bodyLimit({ maxSize: SMS_INBOUND_MAX_BYTES, onError: (c) => refusalAnswer(c, refuse(413, TOO_LARGE)) }),
    twilioWebhook({ authToken: token ?? "", url: config.publicUrl + SMS_INBOUND_PATH, log }),
    // Before the number's limit: replays of a person's own texts must not use up their answers.
    async (c, next) => {
      if (await claimMessageSid(kv, c.var.twilioForm.messageSid, clock.now())) return await next();
      log({ event: "sms.inbound_replay", level: "warn", requestId: c.get("requestId") });
      return empty(c);
    },
    // Counted in KV, so the limit holds across isolates; the text past it is told once, in its sender's language.
    async (c, next) => {
      const { from, params } = c.var.twilioForm;
      const now = clock.now();
      const hit = await hitRateLimit(kv, { bucket: "sms_inbound", subject: from, ...SMS_INBOUND_RATE, now });
      if (hit.allowed) return await next();
      const told = await hitRateLimit(kv, {
        bucket: "sms_inbound_told",
        subject: from,
        ...SMS_INBOUND_RATE,
        limit: 1,
        now,
      });
      log({ event: "sms.inbound_limited", told: told.allowed, requestId: c.get("requestId") });
      if (!told.allowed) return empty(c);
      const phone = phoneFromE164(from);
      const lang: Lang = (phone ? (await helpContactsFor(kv, phone)).language : null) ??
        (readKeyword(params.get("Body") ?? "").spanish ? "es" : "en");
      return c.body(twimlReply(translate(lang, TOO_MANY_TEXTS_HOUR)), 200, { "content-type": "text/xml" });
    },
    async (c) => {
      const { params, from } = c.var.twilioForm;
      // Hopper keeps US numbers only (lib/phone.ts); any other sender is answered as someone with no account.
      const phone = phoneFromE164(from);
      const body = params.get("Body") ?? "";
      const to = params.get("To") ?? "";
      let { keyword, spanish } = readKeyword(body);
      // YES is also Twilio's opt-in word: to a conversation asking to confirm, it is the rider's yes.
      if (keyword === "start" && phone && isYes(body) && await confirming(phone, to)) keyword = null;
      let reply: string | null = null;
      let organisations: number | undefined;
      if (keyword === "help") {
        const contacts = phone ? await helpContactsFor(kv, phone) : { language: null, organisations: [] };
        const lang: Lang = contacts.language ?? (spanish ? "es" : "en");
        reply = helpSms(lang, contacts.organisations, config);
        organisations = contacts.organisations.length;
      } else if (keyword === "stop" || keyword === "start") {
        // The number's choice is kept, and confirmed in its person's language.
        const lang: Lang = (phone ? (await helpContactsFor(kv, phone)).language : null) ?? (spanish ? "es" : "en");
        if (phone && keyword === "stop") {
          await recordOptOut(kv, phone, clock.now());
          // A number that stops texts ends its booking: nothing more may be said to it.
          await endConversation(kv, phone, await scopeOf(to));
        }
        if (phone && keyword === "start") await clearOptOut(kv, phone);
        reply = keyword === "stop" ? stopSms(lang) : startSms(lang);
      } else if (phone && !(await isOptedOut(kv, phone))) {
        await takeText(textDeps, { phone, to, body });
      }
      // Never the body, never the whole number (docs/operations.md, "Logs").
      log({
        event: "sms.inbound",
        keyword: keyword ?? "none",
        phone: phone ? maskPhone(phone) : "not-us",
        organisations,
        replied: reply !== null,
        requestId: c.get("requestId"),
      });
      // The declaration names UTF-8; Twilio reads TwiML by this type.
      return c.body(twimlReply(reply), 200, { "content-type": "text/xml" });
    },
  );

  /** The conversation scope of a text to `to`: the tenant whose own number it is, or the shared one. */
  async function scopeOf(to: string): Promise<string> {
    return tenantOfNumber(await listTenants(kv), to)?.code ?? SHARED_SCOPE;
  }

  async function confirming(phone: string, to: string): Promise<boolean> {
    const read = await readConversation(kv, phone, await scopeOf(to), clock.now());
    return read.conversation?.step === "confirm";
  }
}
