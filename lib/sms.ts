/**
 * SMS senders. The app only knows `SmsSender`; main.ts picks one from config.
 * Twilio is called over plain fetch: its SDK adds ~55 packages for one POST
 * (docs/conventions.md, "Configuration and dependencies"). The console sender
 * is the embedded default for a fresh machine.
 */
import type { Config } from "./config.ts";
import type { Metrics } from "./metrics.ts";

export interface SmsSender {
  /**
   * Sends `body` to a 10-digit US number, from `from` (E.164, a tenant's own number) when given, else from the
   * site's sender. Throws SmsError when the provider refuses.
   */
  send(to: string, body: string, from?: string): Promise<void>;
}

/** Twilio's error for a number that texted STOP (its carrier blocks what the account sends it). */
export const TWILIO_OPTED_OUT = 21610;

export class SmsError extends Error {
  /** `code`: the provider's own error code (Twilio's `code`), when it gave one. */
  constructor(message: string, readonly status?: number, readonly code?: number) {
    super(message);
    this.name = "SmsError";
  }
}

/** Prints messages to the server console: for local use and demos only. */
export function consoleSender(log: (line: string) => void = console.log): SmsSender {
  return {
    send(to, body, from) {
      log(`[sms to ${to}${from ? ` from ${from}` : ""}] ${body}`);
      return Promise.resolve();
    },
  };
}

/** Sends through Twilio's Messages REST API. */
export function twilioSender(sms: Config["sms"], fetchFn: typeof fetch = fetch): SmsSender {
  const { twilioAccountSid: sid, twilioAuthToken: token, twilioFrom: from, twilioApiUrl } = sms;
  const service = sms.twilioMessagingServiceSid;
  if (!sid || !token || !(from || service)) {
    throw new Error("Twilio sender needs an account SID, auth token and sender");
  }
  const endpoint = `${twilioApiUrl}/2010-04-01/Accounts/${sid}/Messages.json`;
  const auth = "Basic " + btoa(`${sid}:${token}`);
  return {
    async send(to, body, own) {
      const form = new URLSearchParams({ To: `+1${to}`, Body: body });
      // A tenant's own number sends its texts, whatever the site's sender is.
      if (own) form.set("From", own);
      else if (service) form.set("MessagingServiceSid", service);
      else form.set("From", from!);
      let res: Response;
      try {
        res = await fetchFn(endpoint, {
          method: "POST",
          headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
          body: form,
          signal: AbortSignal.timeout(10_000),
        });
      } catch (err) {
        throw new SmsError(`Twilio unreachable: ${(err as Error).message}`);
      }
      if (!res.ok) {
        const detail = await res.text().catch(() => "");
        let code: number | undefined;
        try {
          const parsed = JSON.parse(detail)?.code;
          if (typeof parsed === "number") code = parsed;
        } catch { /* not JSON: no code */ }
        throw new SmsError(`Twilio answered ${res.status}: ${detail.slice(0, 200)}`, res.status, code);
      }
      await res.body?.cancel();
    },
  };
}

/** Counts each send as sent or failed in the metrics. */
export function countingSender(inner: SmsSender, metrics: Metrics): SmsSender {
  return {
    async send(to, body, from) {
      try {
        await inner.send(to, body, from);
        metrics.sms.inc({ outcome: "sent" });
      } catch (err) {
        metrics.sms.inc({ outcome: "failed" });
        throw err;
      }
    },
  };
}

export function senderFromConfig(config: Config): SmsSender {
  return config.sms.provider === "twilio" ? twilioSender(config.sms) : consoleSender();
}
