/**
 * Texts people send to Hopper's number (POST /api/sms/inbound): a real server
 * on loopback, texting through a fake Twilio, receiving forms signed the way
 * Twilio signs them. HELP names the person's organisations and their contacts in the person's language; STOP and START
 * keep the opt-out in KV; anything else, or a request Twilio did not sign, gets no reply.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "../../kv/open.ts";
import { changeRole } from "../../kv/members.ts";
import { isOptedOut } from "../../kv/sms_opt_outs.ts";
import { createTenant, updateTenant } from "../../kv/tenants.ts";
import { updateUser } from "../../kv/users.ts";
import { loadConfig } from "../../lib/config.ts";
import { senderFromConfig } from "../../lib/sms.ts";
import { createApp } from "../../server/app.tsx";
import { FakeClock } from "../helpers/fake_clock.ts";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { serve } from "../helpers/live.ts";
import { memoryLogger } from "../helpers/memory_log.ts";
import { makeApp, postJson } from "../helpers/app.ts";
import { inboundForm, inboundRequest, signTwilio } from "../helpers/twilio_webhook.ts";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";

const PUBLIC_URL = "https://rides.example.org";
const WEBHOOK = `${PUBLIC_URL}/api/sms/inbound`;
const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
const TOO_MANY = "Too many texts from this number. Please try again in an hour.";
const message = (text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${text}</Message></Response>`;

let fake: ReturnType<typeof startFakeTwilio>;
let world: Awaited<ReturnType<typeof startWorld>>;

/** The app as main.ts builds it with Twilio configured, served on loopback. */
async function startWorld() {
  const kv = await openStore(":memory:");
  const clock = new FakeClock();
  const log = memoryLogger();
  const config = loadConfig({
    ...fake.env,
    PUBLIC_URL,
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    CONTACT_EMAIL: "hello@hopper.test",
    MAP_STYLE_URL: "offline",
  });
  await seedDemoTenant(kv, clock.now());
  const app = createApp({ kv, sms: senderFromConfig(config), clock, config, log });
  const server = serve(app);
  const token = config.sms.twilioAuthToken!;
  /** Texts `body` from `from` (E.164) as Twilio would post it; `signature` overrides the real one (null: none). */
  const text = (from: string, body: string, signature?: string | null) =>
    fetch(
      server.http("/api/sms/inbound"),
      inboundRequest(inboundForm(from, body), { authToken: token, url: WEBHOOK, signature }),
    );
  /** Signs `phone` in at `tenant` through the real API (the code arrives at the fake Twilio): a member. */
  async function member(phone: string, tenant = "greer") {
    const sent = await fetch(server.http("/api/auth/login"), postJson({ phoneNumber: phone }));
    if (sent.status !== 200) throw new Error(`login answered ${sent.status}`);
    const res = await fetch(
      server.http("/api/auth/verify"),
      postJson({ phoneNumber: phone, code: fake.codeFor(phone), tenantCode: tenant }),
    );
    if (res.status !== 200) throw new Error(`verify answered ${res.status}`);
    return (await res.json()).user as { id: string };
  }
  return { kv, clock, log, config, server, token, text, member };
}

beforeEach(async () => {
  fake = startFakeTwilio();
  world = await startWorld();
  await updateTenant(world.kv, "greer", (t) => ({
    ...t,
    name: "Greer Shuttle",
    contactPhone: "8645550100",
    contactEmail: "rides@greer.gov",
  }));
});
afterEach(async () => {
  await world.server.stop();
  world.kv.close();
  await fake.stop();
});

async function twiml(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/xml");
  return await res.text();
}

describe("HELP texts", () => {
  it("names the member's organisation with its phone and email", async () => {
    await world.member("8645550142");
    const res = await world.text("+18645550142", "HELP");
    expect(await twiml(res)).toBe(
      message("Hopper rides for Greer Shuttle: call (864) 555-0100 or email rides@greer.gov. Reply STOP to opt out."),
    );
    // Twilio sends the reply from the TwiML; Hopper itself texted nothing but the sign-in code.
    expect(fake.messages.filter((m) => m.to === "+18645550142")).toHaveLength(1);
  });

  it("reads INFO, AYUDA and any case or spacing as HELP", async () => {
    await world.member("8645550142");
    for (const body of ["info", "  Help  ", "help me please", "Help!"]) {
      expect(await twiml(await world.text("+18645550142", body)), body).toContain("Greer Shuttle: call (864) 555-0100");
    }
  });

  it("answers a member who chose Spanish in Spanish", async () => {
    const user = await world.member("8645550142");
    await updateUser(world.kv, user.id, (u) => ({ ...u, language: "es" }));
    expect(await twiml(await world.text("+18645550142", "help"))).toBe(
      message(
        "Viajes de Hopper para Greer Shuttle: llame al (864) 555-0100 o escriba a rides@greer.gov. Responda STOP para salir.",
      ),
    );
  });

  it("answers AYUDA in Spanish when the person chose no language, and English when they chose English", async () => {
    const user = await world.member("8645550142");
    expect(await twiml(await world.text("+18645550142", "ayuda"))).toContain("Viajes de Hopper para Greer Shuttle");
    await updateUser(world.kv, user.id, (u) => ({ ...u, language: "en" }));
    expect(await twiml(await world.text("+18645550142", "AYUDA"))).toContain("Hopper rides for Greer Shuttle");
  });

  it("answers a number of several organizations, or of one that gave no contacts, with the site's contacts", async () => {
    await createTenant(world.kv, {
      code: "campus",
      name: "State Campus",
      timezone: "America/New_York",
      serviceArea: { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "the quad" },
      createdAt: 0,
    }, {});
    const general = message(
      "Hopper on-demand shuttles. For help, email hello@hopper.test or see https://rides.example.org/contact. " +
        "Reply STOP to opt out.",
    );
    const user = await world.member("8645550142");
    await changeRole(world.kv, { tenant: "campus", userId: user.id, role: "rider", add: true, now: world.clock.now() });
    expect(await twiml(await world.text("+18645550142", "HELP"))).toBe(general);
    // A member of State Campus alone, which gave no contacts.
    await world.member("8645550143", "campus");
    expect(await twiml(await world.text("+18645550143", "HELP"))).toBe(general);
  });

  it("gives someone with no membership the general help text with the site's contacts", async () => {
    const expected = message(
      "Hopper on-demand shuttles. For help, email hello@hopper.test or see https://rides.example.org/contact. " +
        "Reply STOP to opt out.",
    );
    expect(await twiml(await world.text("+18645550177", "HELP"))).toBe(expected);
    // Outside the US (Hopper keeps US numbers only): the same.
    expect(await twiml(await world.text("+447700900123", "HELP"))).toBe(expected);
  });

  it("escapes XML's special characters in an organisation's name", async () => {
    await updateTenant(world.kv, "greer", (t) => ({ ...t, name: `Tom & Jerry's <"Rides">` }));
    await world.member("8645550142");
    const body = await twiml(await world.text("+18645550142", "HELP"));
    expect(body).toContain("Tom &amp; Jerry&apos;s &lt;&quot;Rides&quot;&gt;: call");
    expect(body).not.toContain('<"Rides">');
    expect(body.match(/<Message>/g)).toHaveLength(1);
  });

  it("logs each text without its body or the whole number", async () => {
    await world.member("8645550142");
    await world.text("+18645550142", "HELP secret words");
    const events = world.log.events.filter((e) => e.event === "sms.inbound");
    expect(events).toEqual([expect.objectContaining({ keyword: "help", phone: "********42", replied: true })]);
    const line = JSON.stringify(world.log.events);
    expect(line).not.toContain("secret words");
    expect(line).not.toContain("8645550142");
  });
});

const STOPPED = message("You're unsubscribed from Hopper texts. Text START to opt back in.");
const STARTED = message("You're subscribed to Hopper texts again. Reply HELP for help, STOP to opt out.");
const OPTED_OUT = "This number has opted out of texts. Text START to (864) 555-0199 to sign in again.";

describe("STOP and START", () => {
  it("STOP records the opt-out and confirms it; START removes it and says so", async () => {
    expect(await isOptedOut(world.kv, "8645550142")).toBe(false);
    expect(await twiml(await world.text("+18645550142", "STOP"))).toBe(STOPPED.replace("'", "&apos;"));
    expect(await isOptedOut(world.kv, "8645550142")).toBe(true);
    expect((await world.kv.get(["sms_opt_outs", "8645550142"])).value).toEqual({ at: world.clock.now() });
    expect(await twiml(await world.text("+18645550142", "start"))).toBe(STARTED.replace("'", "&apos;"));
    expect(await isOptedOut(world.kv, "8645550142")).toBe(false);
  });

  it("takes every opt-out word, Spanish ones too, and every opt-in word", async () => {
    const words = ["stopall", "UNSUBSCRIBE", "cancel", "End", "quit", "PARAR", "alto", " Stop. "];
    for (const [i, word] of words.entries()) {
      // A number each, so the per-number limit stays out of the way.
      const phone = `86455502${String(i).padStart(2, "0")}`;
      const reply = await twiml(await world.text(`+1${phone}`, word));
      expect(reply, word).toContain(
        ["PARAR", "alto"].includes(word) ? "Se dio de baja de los mensajes de Hopper" : "unsubscribed from Hopper",
      );
      expect(await isOptedOut(world.kv, phone), word).toBe(true);
      const back = ["START", "unstop", "yes"][i % 3];
      expect(await twiml(await world.text(`+1${phone}`, back)), back).toContain("Hopper texts again");
      expect(await isOptedOut(world.kv, phone), back).toBe(false);
    }
  });

  it("confirms in the person's language", async () => {
    const user = await world.member("8645550142");
    await updateUser(world.kv, user.id, (u) => ({ ...u, language: "es" }));
    expect(await twiml(await world.text("+18645550142", "STOP"))).toBe(
      message("Se dio de baja de los mensajes de Hopper. Envíe START para volver."),
    );
  });

  it("does not read an opt-out word inside a sentence as STOP", async () => {
    expect(await twiml(await world.text("+18645550142", "Cancel my ride please"))).toBe(EMPTY);
    expect(await isOptedOut(world.kv, "8645550142")).toBe(false);
  });

  it("refuses a sign-in code to a number that opted out (409, nothing sent) until it texts START", async () => {
    await world.text("+18645550142", "STOP");
    const before = fake.messages.length;
    const res = await fetch(world.server.http("/api/auth/login"), postJson({ phoneNumber: "8645550142" }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: OPTED_OUT });
    expect(fake.messages.length).toBe(before);
    const es = await fetch(world.server.http("/api/auth/login"), {
      ...postJson({ phoneNumber: "8645550142" }),
      headers: { "content-type": "application/json", cookie: "lang=es" },
    });
    expect(await es.json()).toEqual({
      error: "Este número pidió no recibir mensajes. Envíe START al (864) 555-0199 para volver a iniciar sesión.",
    });
    await world.text("+18645550142", "START");
    const again = await fetch(world.server.http("/api/auth/login"), postJson({ phoneNumber: "8645550142" }));
    expect(again.status).toBe(200);
    expect(fake.codeFor("8645550142")).toMatch(/^\d{4}$/);
  });

  it("treats Twilio's 21610 (the carrier already blocks the number) as an opt-out", async () => {
    fake.block("8645550144");
    const res = await fetch(world.server.http("/api/auth/login"), postJson({ phoneNumber: "8645550144" }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: OPTED_OUT });
    expect(await isOptedOut(world.kv, "8645550144")).toBe(true);
    const logged = world.log.events.find((e) => e.event === "sms.opted_out");
    expect(logged).toMatchObject({ phone: "********44", source: "twilio" });
    expect(JSON.stringify(world.log.events)).not.toContain("8645550144");
  });
});

describe("replays of a signed text", () => {
  /** Posts `form` as Twilio signed it, to the webhook. */
  const post = (form: Record<string, string>) =>
    fetch(world.server.http("/api/sms/inbound"), inboundRequest(form, { authToken: world.token, url: WEBHOOK }));

  it("a STOP posted again after START is answered with nothing and does not opt the number out again", async () => {
    const stop = inboundForm("+18645550142", "STOP");
    expect(await twiml(await post(stop))).toBe(STOPPED.replace("'", "&apos;"));
    expect(await twiml(await world.text("+18645550142", "START"))).toBe(STARTED.replace("'", "&apos;"));
    expect(await twiml(await post(stop))).toBe(EMPTY);
    expect(await isOptedOut(world.kv, "8645550142")).toBe(false);
    const login = await fetch(world.server.http("/api/auth/login"), postJson({ phoneNumber: "8645550142" }));
    expect(login.status).toBe(200);
    const replay = world.log.events.find((e) => e.event === "sms.inbound_replay");
    expect(replay).toMatchObject({ level: "warn" });
    expect(JSON.stringify(world.log.events)).not.toContain("8645550142");
  });

  it("keeps each MessageSid a day in KV, and answers a repeat of any text, HELP too, with nothing", async () => {
    await world.member("8645550142");
    const help = inboundForm("+18645550142", "HELP");
    expect(await twiml(await post(help))).toContain("Greer Shuttle: call (864) 555-0100");
    const kept = await world.kv.get(["twilio_messages", help.MessageSid]);
    expect(kept.value).toEqual({ at: world.clock.now() });
    expect(await twiml(await post(help))).toBe(EMPTY);
    // A new text with the same words is a new MessageSid, answered as usual.
    expect(await twiml(await world.text("+18645550142", "HELP"))).toContain("Greer Shuttle: call (864) 555-0100");
    // A day later the MessageSid is forgotten.
    world.clock.advance(24 * 60 * 60 * 1000);
    expect(await twiml(await post(help))).toContain("Greer Shuttle: call (864) 555-0100");
  });

  it("does not count replays against the number's 20 texts an hour", async () => {
    const stop = inboundForm("+18645550142", "STOP");
    // The first is counted, the 14 repeats are not: 18 texts and START make 20.
    for (let i = 0; i < 15; i++) expect((await post(stop)).status).toBe(200);
    for (let i = 0; i < 18; i++) expect((await world.text("+18645550142", "HELP")).status).toBe(200);
    expect((await world.text("+18645550142", "START")).status).toBe(200);
    expect(await isOptedOut(world.kv, "8645550142")).toBe(false);
    expect(await twiml(await world.text("+18645550142", "HELP"))).toBe(message(TOO_MANY));
  });

  it("acts once when the same text arrives many times at once", async () => {
    const stop = inboundForm("+18645550142", "STOP");
    const answers = await Promise.all(Array.from({ length: 8 }, async () => await twiml(await post(stop))));
    expect(answers.filter((a) => a === EMPTY)).toHaveLength(7);
    expect(answers.filter((a) => a !== EMPTY)).toEqual([STOPPED.replace("'", "&apos;")]);
  });

  it("refuses a signed form without MessageSid (400) and acts on nothing", async () => {
    const { MessageSid: _, ...noSid } = inboundForm("+18645550142", "STOP");
    const res = await post(noSid);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "MessageSid is required" });
    const long = await post(inboundForm("+18645550142", "STOP", { MessageSid: "SM" + "a".repeat(70) }));
    expect(long.status).toBe(400);
    expect(await isOptedOut(world.kv, "8645550142")).toBe(false);
  });
});

describe("anything else", () => {
  it("answers other texts with an empty Response and writes nothing", async () => {
    await world.member("8645550142");
    for (const body of ["Where is my shuttle?", "", "hello", "HELPFUL", "stop it now"]) {
      expect(await twiml(await world.text("+18645550142", body)), body).toBe(EMPTY);
    }
    expect(await isOptedOut(world.kv, "8645550142")).toBe(false);
  });
});

describe("only Twilio", () => {
  it("refuses a wrong signature with 403 and does nothing", async () => {
    const forged = signTwilio("not-the-auth-token-at-all", WEBHOOK, inboundForm("+18645550142", "STOP"));
    const res = await world.text("+18645550142", "STOP", forged);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "The request is not signed by Twilio" });
    expect(await isOptedOut(world.kv, "8645550142")).toBe(false);
  });

  it("refuses a request signed for another URL, or with its form changed after signing", async () => {
    const form = inboundForm("+18645550142", "HELP");
    const otherUrl = signTwilio(world.token, "https://evil.example/api/sms/inbound", form);
    expect((await world.text("+18645550142", "HELP", otherUrl)).status).toBe(403);
    const signedForOther = signTwilio(world.token, WEBHOOK, inboundForm("+18645550143", "HELP"));
    expect((await world.text("+18645550142", "HELP", signedForOther)).status).toBe(403);
  });

  it("refuses an unsigned request with 403", async () => {
    const res = await world.text("+18645550142", "HELP", null);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: expect.any(String) });
    const empty = await world.text("+18645550142", "HELP", "");
    expect(empty.status).toBe(403);
  });

  it("refuses a body that is not a form (415), one that is too large (413), and a signed form without From (400)", async () => {
    const json = await fetch(world.server.http("/api/sms/inbound"), postJson({ From: "+18645550142", Body: "HELP" }));
    expect(json.status).toBe(415);
    const big = inboundForm("+18645550142", "HELP " + "x".repeat(9000));
    const large = await fetch(
      world.server.http("/api/sms/inbound"),
      inboundRequest(big, { authToken: world.token, url: WEBHOOK }),
    );
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ error: "Request is too large" });
    const { From: _, ...noFrom } = inboundForm("+18645550142", "HELP");
    const res = await fetch(
      world.server.http("/api/sms/inbound"),
      inboundRequest(noFrom, { authToken: world.token, url: WEBHOOK }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "From is required" });
  });

  it("answers one number's 21st text of the hour once, then nothing until the hour is over", async () => {
    await world.member("8645550142");
    for (let i = 0; i < 20; i++) expect(await twiml(await world.text("+18645550142", "HELP"))).toContain("Greer");
    expect(await twiml(await world.text("+18645550142", "HELP"))).toBe(message(TOO_MANY));
    for (let i = 0; i < 3; i++) expect(await twiml(await world.text("+18645550142", "HELP"))).toBe(EMPTY);
    // Counted in KV, per number: another number is answered.
    expect(await twiml(await world.text("+18645550143", "HELP"))).toContain("Hopper on-demand shuttles");
    const counted = await Array.fromAsync(world.kv.list({ prefix: ["rate_limits", "sms_inbound", "+18645550142"] }));
    expect(counted.map((e) => e.value)).toEqual([20]);
    world.clock.advance(60 * 60 * 1000);
    expect(await twiml(await world.text("+18645550142", "HELP"))).toContain("Greer Shuttle");
  });

  it("tells a Spanish speaker in Spanish", async () => {
    for (let i = 0; i < 20; i++) await world.text("+18645550142", "AYUDA");
    expect(await twiml(await world.text("+18645550142", "AYUDA"))).toBe(
      message("Demasiados mensajes de este número. Inténtelo en una hora."),
    );
  });
});

describe("without Twilio", () => {
  it("answers 404 with JSON: the console sender has no number to receive texts", async () => {
    using t = await makeApp();
    const res = await t.request(
      "/api/sms/inbound",
      inboundRequest(inboundForm("+18645550142", "HELP"), {
        authToken: "x",
        url: "http://localhost:8000/api/sms/inbound",
      }),
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: expect.stringContaining("does not receive texts") });
  });
});
