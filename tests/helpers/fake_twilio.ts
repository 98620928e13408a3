/**
 * A fake of Twilio's Messages API on loopback: the wire, not our code. It
 * checks basic auth and the form fields as Twilio would, records each message,
 * and can be told to fail.
 */
export interface FakeMessage {
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export const FAKE_SID = "AC" + "0123456789abcdef".repeat(2);
export const FAKE_TOKEN = "fake-twilio-auth-token-0123456789";

export function startFakeTwilio() {
  const messages: FakeMessage[] = [];
  let failWith: number | null = null;
  /** Numbers (E.164) the carrier blocks: a text to one answers Twilio's error 21610, as after STOP. */
  const blocked = new Set<string>();
  const ac = new AbortController();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", signal: ac.signal, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    if (req.method !== "POST" || url.pathname !== `/2010-04-01/Accounts/${FAKE_SID}/Messages.json`) {
      return Response.json({ code: 20404, message: "The requested resource was not found" }, { status: 404 });
    }
    if (req.headers.get("authorization") !== "Basic " + btoa(`${FAKE_SID}:${FAKE_TOKEN}`)) {
      return Response.json({ code: 20003, message: "Authenticate" }, { status: 401 });
    }
    if (failWith) return Response.json({ code: 30001, message: "Queue overflow" }, { status: failWith });
    const form = new URLSearchParams(await req.text());
    const to = form.get("To") ?? "";
    if (blocked.has(to)) {
      return Response.json(
        { code: 21610, message: "Attempt to send to unsubscribed recipient", status: 400 },
        { status: 400 },
      );
    }
    const body = form.get("Body") ?? "";
    const from = form.get("From");
    const messagingServiceSid = form.get("MessagingServiceSid");
    if (!/^\+1\d{10}$/.test(to) || !body || (!from && !messagingServiceSid)) {
      return Response.json({ code: 21604, message: "A 'To' phone number is required." }, { status: 400 });
    }
    messages.push({ to, from, messagingServiceSid, body });
    return Response.json({ sid: "SM" + crypto.randomUUID().replaceAll("-", ""), status: "queued" }, { status: 201 });
  });
  const url = `http://127.0.0.1:${server.addr.port}`;
  return {
    url,
    messages,
    /** The env that points the app at this fake. */
    env: {
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: FAKE_SID,
      TWILIO_AUTH_TOKEN: FAKE_TOKEN,
      TWILIO_FROM: "+18645550199",
      TWILIO_API_URL: url,
    },
    /** The newest code texted to a 10-digit number. */
    codeFor(phone: string): string | null {
      const last = messages.findLast((m) => m.to === `+1${phone}`);
      return last?.body.match(/\b(\d{4})\b/)?.[1] ?? null;
    },
    fail(status: number | null) {
      failWith = status;
    },
    /** The carrier blocks texts to this 10-digit number from now (it texted STOP to Twilio). */
    block(phone: string) {
      blocked.add(`+1${phone}`);
    },
    async stop() {
      ac.abort();
      await server.finished;
    },
  };
}
