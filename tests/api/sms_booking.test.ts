/**
 * A ride booked by text message: whole conversations through signed webhook
 * posts (POST /api/sms/inbound) on a real server on loopback, the replies read
 * back from the fake Twilio at the wire, and the ride in KV made by the app's
 * own use case.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seedDemoTenant } from "../../domain/tenants/demo.ts";
import { setDriverState } from "../../kv/drivers.ts";
import { openStore } from "../../kv/open.ts";
import { DEMO_ADMIN_PHONE, DEMO_DRIVER_PHONE } from "../../kv/seed.ts";
import { isOptedOut } from "../../kv/sms_opt_outs.ts";
import { getRoles } from "../../kv/members.ts";
import { recentActiveRideOf } from "../../kv/rides.ts";
import { listUpcoming } from "../../kv/bookings.ts";
import { createTenant, updateTenant } from "../../kv/tenants.ts";
import { findUserIdByPhone } from "../../kv/users.ts";
import { loadConfig } from "../../lib/config.ts";
import { senderFromConfig } from "../../lib/sms.ts";
import { createApp } from "../../server/app.tsx";
import { FakeClock } from "../helpers/fake_clock.ts";
import { startFakeTwilio } from "../helpers/fake_twilio.ts";
import { serve } from "../helpers/live.ts";
import { memoryLogger } from "../helpers/memory_log.ts";
import { inboundForm, inboundRequest } from "../helpers/twilio_webhook.ts";
import { postJson } from "../helpers/app.ts";

const PUBLIC_URL = "https://rides.example.org";
const WEBHOOK = `${PUBLIC_URL}/api/sms/inbound`;
/** Greer's own number; the fake's TWILIO_FROM (+18645550199) is the number tenants share. */
const GREER_NUMBER = "+18645550111";
const SHARED = "+18645550199";
const RIDER = "8645550142";
const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
const METRICS = "metrics-token-0123456789abcdef";

let fake: ReturnType<typeof startFakeTwilio>;
let world: Awaited<ReturnType<typeof startWorld>>;

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
    METRICS_TOKEN: METRICS,
  });
  await seedDemoTenant(kv, clock.now());
  await updateTenant(kv, "greer", (t) => ({ ...t, smsNumber: GREER_NUMBER }));
  const app = createApp({ kv, sms: senderFromConfig(config), clock, config, log });
  const server = serve(app);
  const token = config.sms.twilioAuthToken!;
  /** Texts `body` from the 10-digit `phone` to `to`, signed as Twilio signs it. */
  const text = (phone: string, body: string, to = GREER_NUMBER) =>
    fetch(
      server.http("/api/sms/inbound"),
      inboundRequest(inboundForm(`+1${phone}`, body, { To: to }), { authToken: token, url: WEBHOOK }),
    );
  /** Texts each body in turn and answers the texts Hopper sent back to `phone` meanwhile, in order. */
  async function converse(phone: string, bodies: string[], to = GREER_NUMBER): Promise<string[]> {
    const before = fake.messages.length;
    for (const body of bodies) {
      const res = await text(phone, body, to);
      expect(res.status, body).toBe(200);
      expect(await res.text(), body).toBe(EMPTY);
    }
    return fake.messages.slice(before).filter((m) => m.to === `+1${phone}`).map((m) => m.body);
  }
  /** Signs `phone` in at Greer through the real API (the code arrives at the fake Twilio): its bearer token. */
  async function signIn(phone: string): Promise<string> {
    await fetch(server.http("/api/auth/login"), postJson({ phoneNumber: phone }));
    const res = await fetch(
      server.http("/api/auth/verify"),
      postJson({ phoneNumber: phone, code: fake.codeFor(phone), tenantCode: "greer" }),
    );
    if (res.status !== 200) throw new Error(`verify answered ${res.status}`);
    return (await res.json()).token;
  }
  return { kv, clock, log, config, server, token, text, converse, signIn };
}

async function driverOnline() {
  const driverId = (await findUserIdByPhone(world.kv, DEMO_DRIVER_PHONE))!;
  await setDriverState(world.kv, {
    tenant: "greer",
    timeZone: "America/New_York",
    userId: driverId,
    isAvailable: true,
    location: { lat: 34.9387, lng: -82.2271 },
    now: world.clock.now(),
  });
}

beforeEach(async () => {
  fake = startFakeTwilio();
  world = await startWorld();
});
afterEach(async () => {
  await world.server.stop();
  world.kv.close();
  await fake.stop();
});

describe("a ride by text", () => {
  it("books a ride now in English from the tenant's own number, a place chosen from a numbered list", async () => {
    await driverOnline();
    const replies = await world.converse(RIDER, ["Hi, I need a ride", "1", "greer", "2", "city hall", "now", "2"]);
    expect(replies).toEqual([
      "Hopper rides: reply 1 for English, 2 para Español.",
      "City of Greer: where should we pick you up? Text a place name. AGENT: talk to a person.",
      "Which pickup? Reply with its number: 1 Greer City Park, 2 Greer Station",
      "Where are you going? Text a place name.",
      "When? Reply NOW, a time today (3:30pm) or a day and time (Fri 9am).",
      "How many riders (1-5)? Add any needs: wheelchair, walker, service animal, assistance. Example: 2 wheelchair",
      "Greer Station to City Hall, now, 2 rider(s). YES: book. NO: start over.",
    ]);
    // Every reply came from Greer's own number.
    expect(new Set(fake.messages.filter((m) => m.to === `+1${RIDER}`).map((m) => m.from))).toEqual(
      new Set([GREER_NUMBER]),
    );
    expect(await world.converse(RIDER, ["YES"])).toEqual([
      "City of Greer: your ride from Greer Station is booked, pickup at 10:00 AM. To cancel, reply CANCEL RIDE.",
    ]);
    // YES confirmed the ride; it did not opt the number in or out.
    expect(await isOptedOut(world.kv, RIDER)).toBe(false);
    const riderId = (await findUserIdByPhone(world.kv, RIDER))!;
    expect(await getRoles(world.kv, "greer", riderId)).toEqual(["rider"]);
    const ride = await recentActiveRideOf(world.kv, "greer", riderId);
    expect(ride).toMatchObject({
      status: "pending",
      pickupName: "Greer Station (Trade Street side)",
      destination: "City Hall",
      passengerCt: 2,
      riderPhone: RIDER,
    });

    expect(await world.converse(RIDER, ["status"])).toEqual([
      "Your ride from Greer Station (Trade Street side), 10:00 AM: looking for a driver.",
    ]);
    expect(await world.converse(RIDER, ["Cancel ride"])).toEqual(["City of Greer: your ride is canceled."]);
    expect(await recentActiveRideOf(world.kv, "greer", riderId)).toBeNull();
    expect(await world.converse(RIDER, ["DROP"])).toEqual(["You have no ride to cancel."]);
  });

  it("books Friday at 9 in Spanish on the shared number, after asking which service", async () => {
    await createTenant(world.kv, {
      code: "campus",
      name: "State Campus",
      timezone: "America/New_York",
      serviceArea: { lat: 34.9387, lng: -82.2271, radiusMeters: 805, label: "the quad" },
      createdAt: 0,
    }, {});
    // Greer shares the site's number in this test: both services are listed.
    await updateTenant(world.kv, "greer", (t) => ({ ...t, smsNumber: null }));
    const replies = await world.converse(
      RIDER,
      ["VIAJE", "1", "2", "Biblioteca", "public library", "greer station", "viernes a las 9", "1 silla de ruedas"],
      SHARED,
    );
    expect(replies).toEqual([
      "¿Qué servicio? Responda con su número: 1 City of Greer, 2 State Campus",
      "City of Greer: ¿dónde lo recogemos? Escriba un lugar. AGENTE: hablar con una persona.",
      // The language was guessed from VIAJE; "2" at the pickup is not understood, "Biblioteca" names no place.
      "No entendí. City of Greer: ¿dónde lo recogemos? Escriba un lugar. AGENTE: hablar con una persona.",
      "Ningún lugar tiene ese nombre. City of Greer: ¿dónde lo recogemos? Escriba un lugar. AGENTE: hablar con una persona.",
      "¿Adónde va? Escriba un lugar.",
      "¿Cuándo? Responda AHORA, una hora de hoy (3:30pm) o día y hora (vie 9am).",
      "¿Cuántas personas (1-5)? Y necesidades: silla de ruedas, andador, animal, ayuda. Ej.: 2 silla",
      "De Public Library a Greer Station, vie, 9 de ene, 9:00 a.m., 1 pers. (Usa silla de ruedas) SI: reservar. NO: otra vez",
    ]);
    expect(fake.messages.filter((m) => m.to === `+1${RIDER}`).every((m) => m.from === SHARED)).toBe(true);
    expect(await world.converse(RIDER, ["Sí"], SHARED)).toEqual([
      "City of Greer: viaje desde Public Library reservado, recogida vie, 9 de ene, 9:00 a.m.; para cancelar: CANCELAR VIAJE",
    ]);
    const riderId = (await findUserIdByPhone(world.kv, RIDER))!;
    const [booked] = await listUpcoming(world.kv, "greer", riderId);
    // Friday 9 January 2026 at 9:00 in Greer.
    expect(booked).toMatchObject({ scheduledFor: Date.UTC(2026, 0, 9, 14, 0), needs: ["wheelchair"] });
    expect(await world.converse(RIDER, ["estado"], SHARED)).toEqual([
      "Su viaje desde Public Library (main entrance), vie, 9 de ene, 9:00 a.m.: reservado.",
    ]);
  });
});

describe("refusals", () => {
  it("says the app's refusal in a text: no driver online for a ride now", async () => {
    const replies = await world.converse(RIDER, ["RIDE", "1", "city hall", "library", "now", "1", "yes"]);
    expect(replies.at(-1)).toBe(
      "Your ride was not booked: No drivers are currently available. Please try again later. Text RIDE to start again.",
    );
    const riderId = (await findUserIdByPhone(world.kv, RIDER))!;
    expect(await recentActiveRideOf(world.kv, "greer", riderId)).toBeNull();
    // The conversation is over: the next text starts a new one.
    expect(await world.converse(RIDER, ["hello"])).toEqual([
      "City of Greer: where should we pick you up? Text a place name. AGENT: talk to a person.",
    ]);
  });

  it("refuses a number an invitation-only tenant never added, with its invitation text, and makes no account", async () => {
    await updateTenant(world.kv, "greer", (t) => ({ ...t, joinPolicy: "invite" }));
    await driverOnline();
    const replies = await world.converse(RIDER, ["ride", "1", "city hall", "library", "now", "1", "YES"]);
    expect(replies.at(-1)).toBe(
      "Your ride was not booked: This service is by invitation. Contact City of Greer to join. Text RIDE to start again.",
    );
    expect(await findUserIdByPhone(world.kv, RIDER)).toBeNull();
  });

  it("says a time outside the schedule at once and asks again", async () => {
    const replies = await world.converse(RIDER, ["ride", "1", "city hall", "library", "Sunday 10am"]);
    expect(replies.at(-1)).toBe("No service on Sunday. Please text another time.");
  });
});

describe("keywords in a conversation", () => {
  it("answers HELP with the contacts and keeps the conversation where it was", async () => {
    await world.converse(RIDER, ["ride", "1", "city hall"]);
    const help = await world.text(RIDER, "HELP");
    expect(await help.text()).toContain("Hopper on-demand shuttles. For help, email hello@hopper.test");
    expect(await world.converse(RIDER, ["library"])).toEqual([
      "When? Reply NOW, a time today (3:30pm) or a day and time (Fri 9am).",
    ]);
  });

  it("STOP mid-conversation opts the number out, ends the conversation, and nothing more is sent", async () => {
    await world.converse(RIDER, ["ride", "1", "city hall"]);
    const stop = await world.text(RIDER, "STOP");
    expect(await stop.text()).toContain("unsubscribed from Hopper");
    expect(await isOptedOut(world.kv, RIDER)).toBe(true);
    expect((await world.kv.get(["sms_conversations", RIDER, "greer"])).value).toBeNull();
    expect(await world.converse(RIDER, ["library", "now"])).toEqual([]);
  });

  it("a conversation silent for 30 minutes is over: the next text starts a new one", async () => {
    await world.converse(RIDER, ["ride", "1", "city hall"]);
    world.clock.advance(29 * 60 * 1000);
    expect(await world.converse(RIDER, ["library"])).toEqual([
      "When? Reply NOW, a time today (3:30pm) or a day and time (Fri 9am).",
    ]);
    world.clock.advance(30 * 60 * 1000);
    expect(await world.converse(RIDER, ["now"])).toEqual([
      "City of Greer: where should we pick you up? Text a place name. AGENT: talk to a person.",
    ]);
    // Stored with KV's own expiry too.
    const stored = await world.kv.get<{ step: string; updatedAt: number }>(["sms_conversations", RIDER, "greer"]);
    expect(stored.value).toMatchObject({ step: "pickup", updatedAt: world.clock.now() });
  });

  it("two texts racing: both are answered 200, and the conversation moves once per text", async () => {
    await world.converse(RIDER, ["ride", "1"]);
    const answers = await Promise.all([world.text(RIDER, "city hall"), world.text(RIDER, "city hall")]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const stored = await world.kv.get<{ step: string; pickup: unknown; dropoff: unknown }>(
      ["sms_conversations", RIDER, "greer"],
    );
    // One took City Hall as the pickup, the other, read from the new state, as the destination.
    expect(stored.value).toMatchObject({ step: "when", pickup: { name: "City Hall" }, dropoff: { name: "City Hall" } });
  });

  it("answers the 21st text of the hour once and then nothing", async () => {
    const bodies = ["ride", "1", ...Array.from({ length: 18 }, () => "zzz")];
    await world.converse(RIDER, bodies.slice(0, 2));
    for (const body of bodies.slice(2)) expect((await world.text(RIDER, body)).status).toBe(200);
    const over = await world.text(RIDER, "city hall");
    expect(await over.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Too many texts from this number. Please try again in an hour.</Message></Response>',
    );
    const before = fake.messages.length;
    expect(await (await world.text(RIDER, "city hall")).text()).toBe(EMPTY);
    expect(fake.messages.length).toBe(before);
  });
});

describe("a person takes over", () => {
  const LIST = "/greer/api/dispatch/conversations";
  const auth = (token: string, init: RequestInit = {}) => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
  });

  it("after three replies not understood, a dispatcher reads the transcript and answers the rider by text", async () => {
    const replies = await world.converse(RIDER, ["ride", "1", "<b>the blue house</b>", "by the church", "???"]);
    expect(replies.slice(-3)).toEqual([
      "No place has that name. City of Greer: where should we pick you up? Text a place name. AGENT: talk to a person.",
      "No place has that name. City of Greer: where should we pick you up? Text a place name. AGENT: talk to a person.",
      "A person will text you back soon.",
    ]);
    // While it waits, the rider's texts join the transcript and get no answer.
    expect(await world.converse(RIDER, ["hello?"])).toEqual([]);

    const admin = await world.signIn(DEMO_ADMIN_PHONE);
    const listed = await fetch(world.server.http(LIST), auth(admin));
    expect(listed.status).toBe(200);
    const { conversations } = await listed.json();
    expect(conversations).toHaveLength(1);
    const [waiting] = conversations;
    expect(waiting).toMatchObject({ phone: RIDER, language: "en", step: "person", pickup: null });
    // What the rider typed, as typed: the console shows it as text.
    expect(waiting.transcript.filter((l: { from: string }) => l.from === "rider").map((l: { text: string }) => l.text))
      .toEqual(["ride", "1", "<b>the blue house</b>", "by the church", "???", "hello?"]);
    expect(waiting.transcript.at(-2)).toMatchObject({ from: "hopper", text: "A person will text you back soon." });

    const before = fake.messages.length;
    const reply = await fetch(
      world.server.http(`${LIST}/${waiting.id}/reply`),
      auth(admin, postJson({ text: "  A driver will call you at 10:30.  " })),
    );
    expect(reply.status).toBe(200);
    expect((await reply.json()).conversation.transcript.at(-1)).toMatchObject({
      from: "dispatcher",
      text: "A driver will call you at 10:30.",
    });
    expect(fake.messages.slice(before)).toEqual([
      expect.objectContaining({
        to: `+1${RIDER}`,
        from: GREER_NUMBER,
        body: "City of Greer: A driver will call you at 10:30.",
      }),
    ]);

    // Bad replies: 400 naming the field, unknown ids 404; nothing sent.
    for (const body of [{}, { text: "" }, { text: 5 }, { text: "x".repeat(161) }]) {
      const res = await fetch(world.server.http(`${LIST}/${waiting.id}/reply`), auth(admin, postJson(body)));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: "The reply must be 1 to 160 characters", field: "text" });
    }
    const unknown = await fetch(
      world.server.http(`${LIST}/01JAAAAAAAAAAAAAAAAAAAAAAA/reply`),
      auth(admin, postJson({ text: "hi" })),
    );
    expect(unknown.status).toBe(404);
    expect(fake.messages.length).toBe(before + 1);

    // RIDE starts a new booking: the conversation leaves the dispatchers' list.
    expect(await world.converse(RIDER, ["RIDE"])).toEqual([
      "City of Greer: where should we pick you up? Text a place name. AGENT: talk to a person.",
    ]);
    expect((await (await fetch(world.server.http(LIST), auth(admin))).json()).conversations).toEqual([]);
  });

  it("AGENT hands over at once, in Spanish as AGENTE; a rider may not read the list", async () => {
    expect(await world.converse(RIDER, ["viaje", "agente"])).toEqual([
      // VIAJE is Spanish: the language is not asked.
      "City of Greer: ¿dónde lo recogemos? Escriba un lugar. AGENTE: hablar con una persona.",
      "Una persona le escribirá pronto.",
    ]);
    const rider = await world.signIn("8645550177");
    expect((await fetch(world.server.http(LIST), auth(rider))).status).toBe(403);
  });
});

describe("what texts cost", () => {
  it("counts every text in the metrics, and a ride's later texts come from the tenant's number", async () => {
    await driverOnline();
    const sent = await world.converse(RIDER, ["ride", "1", "city hall", "library", "now", "1", "yes"]);
    expect(sent).toHaveLength(7);
    const metrics = await fetch(world.server.http("/metrics"), { headers: { authorization: `Bearer ${METRICS}` } });
    expect(await metrics.text()).toContain('hopper_sms_total{outcome="sent"} 7');
    const riderId = (await findUserIdByPhone(world.kv, RIDER))!;
    const ride = (await recentActiveRideOf(world.kv, "greer", riderId))!;
    const driver = await world.signIn(DEMO_DRIVER_PHONE);
    const accepted = await fetch(world.server.http(`/greer/api/rides/${ride.id}`), {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${driver}` },
      body: JSON.stringify({ status: "accepted" }),
    });
    expect(accepted.status).toBe(200);
    for (let i = 0; i < 50 && !fake.messages.some((m) => m.body.includes("accepted your ride")); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(fake.messages.find((m) => m.body.includes("accepted your ride"))).toMatchObject({
      to: `+1${RIDER}`,
      from: GREER_NUMBER,
    });
  });

  it("sends nothing past the tenant's text budget, and says so in the log", async () => {
    await updateTenant(world.kv, "greer", (t) => ({ ...t, smsPerHour: 0 }));
    expect(await world.converse(RIDER, ["ride", "1"])).toEqual([]);
    expect(world.log.events.filter((e) => e.event === "sms.budget_spent")).toHaveLength(2);
  });
});
