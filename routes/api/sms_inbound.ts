/**
 * POST /api/sms/inbound: Twilio's "A message comes in" webhook for Hopper's
 * number (docs/operations.md, "Texts people send back"). Answers HELP with
 * the contacts of the person's organisations, records STOP and
 * START (kv/sms_opt_outs.ts), and says nothing to anything else. A text
 * whose MessageSid came within the last day (a replay of a signed request)
 * gets an empty answer and changes nothing (kv/twilio_messages.ts). Only with
 * the Twilio sender: the console sender has no number to text back to.
 */
import { Hono } from "hono";
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
import { rateLimit } from "../../server/middleware/rate_limit.ts";
import { TOO_LARGE } from "../../server/middleware/body_size.ts";
import { twilioWebhook } from "../../server/middleware/twilio_webhook.ts";

export const SMS_INBOUND_PATH = "/api/sms/inbound";
/** Twilio's form for one text is well under 2 KiB (the body is at most 1,600 characters). */
export const SMS_INBOUND_MAX_BYTES = 8 * 1024;
/**
 * Texts from one number an hour. Only HELP is answered, so this bounds what a
 * loop with an auto-responder (or a forged From on a stolen token) can make
 * Hopper send: 10 replies an hour, not one per message for ever.
 */
export const SMS_INBOUND_RATE = { limit: 10, windowMs: 60 * 60 * 1000 };
export const NOT_RECEIVING = "This server does not receive texts: it has no Twilio number (SMS_PROVIDER=console)";
export const TOO_MANY_TEXTS = "Too many texts from this number. Please try again later.";

export function smsInboundApi({ kv, clock, config, log }: AppDeps & { log: Logger }) {
  const { provider, twilioAuthToken } = config.sms;
  const token = provider === "twilio" ? twilioAuthToken : null;
  return new Hono<Env>().post(
    "/",
    async (c, next) => {
      if (!token) return c.json({ error: NOT_RECEIVING }, 404);
      await next();
    },
    bodyLimit({ maxSize: SMS_INBOUND_MAX_BYTES, onError: (c) => c.json({ error: TOO_LARGE }, 413) }),
    twilioWebhook({ authToken: token ?? "", url: config.publicUrl + SMS_INBOUND_PATH, log }),
    // Before the number's limit: replays of a person's own texts must not use up their answers.
    async (c, next) => {
      if (await claimMessageSid(kv, c.var.twilioForm.messageSid, clock.now())) return await next();
      log({ event: "sms.inbound_replay", level: "warn", requestId: c.get("requestId") });
      return c.body(twimlReply(null), 200, { "content-type": "text/xml" });
    },
    rateLimit({
      kv,
      now: () => clock.now(),
      bucket: "sms_inbound",
      ...SMS_INBOUND_RATE,
      subject: (c) => c.var.twilioForm.from,
      message: TOO_MANY_TEXTS,
    }),
    async (c) => {
      const { params, from } = c.var.twilioForm;
      // Hopper keeps US numbers only (lib/phone.ts); any other sender is answered as someone with no account.
      const phone = phoneFromE164(from);
      const { keyword, spanish } = readKeyword(params.get("Body") ?? "");
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
        if (phone && keyword === "stop") await recordOptOut(kv, phone, clock.now());
        if (phone && keyword === "start") await clearOptOut(kv, phone);
        reply = keyword === "stop" ? stopSms(lang) : startSms(lang);
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
}
