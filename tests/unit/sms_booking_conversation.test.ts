/**
 * The booking conversation by SMS as a pure state machine
 * (domain/sms_booking/conversation.ts): each text moves it one step, in
 * English and Spanish; places found as the combobox finds them, numbered
 * lists, times on the tenant's clocks within the booking window, YES/SÍ and
 * NO, and a person after three replies not understood.
 */
import { describe, expect, it } from "vitest";
import {
  advance,
  type Conversation,
  firstStep,
  matchPlaces,
  newConversation,
  type Turn,
  type World,
} from "../../domain/sms_booking/conversation.ts";
import { fitTwoSegments } from "../../lib/sms_booking_texts.ts";
import { translator } from "../../lib/i18n/catalogue.ts";
import { say } from "../../lib/i18n/format.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import { readRiders, readWhen } from "../../lib/sms_booking_parse.ts";
import { DEMO_SCHEDULE } from "../../kv/seed.ts";

/** Monday 5 January 2026, 10:00 in Greer (15:00 UTC). */
const NOW = Date.UTC(2026, 0, 5, 15, 0);
const TZ = "America/New_York";
const PLACES = [
  { id: "p1", name: "City Hall" },
  { id: "p2", name: "Greer Station" },
  { id: "p3", name: "Greer City Park" },
  { id: "p4", name: "Café Central" },
];
const WORLD: World = {
  now: NOW,
  services: [{ id: "greer", name: "City of Greer" }, { id: "campus", name: "State Campus" }],
  tenant: { name: "City of Greer", timezone: TZ, maxDaysAhead: 7, schedule: DEMO_SCHEDULE, places: PLACES },
};

function start(lang: Lang | null, tenant: string | null = "greer"): Turn {
  return firstStep(newConversation({ id: "c1", phone: "8645550142", tenant, lang, now: NOW }), WORLD);
}

/** Sends each text in turn; answers the last turn and every reply, worded in `lang`. */
function texts(turn: Turn, bodies: string[], lang: Lang = "en") {
  const replies: string[] = [];
  let c: Conversation = turn.conversation;
  let last = turn;
  for (const body of bodies) {
    last = advance(c, body, WORLD);
    c = last.conversation;
    replies.push(say(translator(c.lang ?? lang), last.reply));
  }
  return { last, replies };
}

describe("a booking conversation", () => {
  it("asks the language of an unknown number, then books a ride now in English", () => {
    const first = start(null);
    expect(say(translator("en"), first.reply)).toBe("Hopper rides: reply 1 for English, 2 para Español.");
    const { last, replies } = texts(first, ["1", "city hall", "greer station", "now", "2"]);
    expect(replies[0]).toBe("City of Greer: where should we pick you up? Text a place name. AGENT: talk to a person.");
    expect(replies[1]).toBe("Where are you going? Text a place name.");
    expect(replies[3]).toContain("How many riders (1-5)?");
    expect(replies[4]).toBe("City Hall to Greer Station, now, 2 rider(s). YES: book. NO: start over.");
    const yes = advance(last.conversation, "Yes", WORLD);
    expect(yes.book).toBe(true);
    expect(yes.conversation).toMatchObject({
      pickup: { id: "p1" },
      dropoff: { id: "p2" },
      riders: 2,
      scheduledFor: null,
    });
  });

  it("offers several matches as a numbered list and takes a number, in Spanish, accents and case aside", () => {
    const { last, replies } = texts(start(null), [
      "2",
      "GREER",
      "2",
      "cafe central",
      "viernes a las 9",
      "1 silla de ruedas",
    ]);
    expect(replies[1]).toBe("¿Qué recogida? Responda con su número: 1 Greer City Park, 2 Greer Station");
    expect(replies[2]).toBe("¿Adónde va? Escriba un lugar.");
    expect(last.conversation.pickup).toEqual({ id: "p2", name: "Greer Station" });
    expect(last.conversation.dropoff).toEqual({ id: "p4", name: "Café Central" });
    // Friday 9 January at 9:00 in Greer: 14:00 UTC.
    expect(last.conversation.scheduledFor).toBe(Date.UTC(2026, 0, 9, 14, 0));
    expect(last.conversation.needs).toEqual(["wheelchair"]);
    expect(replies[5]).toBe(
      "De Greer Station a Café Central, vie, 9 de ene, 9:00 a.m., 1 pers. (Usa silla de ruedas) SI: reservar. NO: otra vez",
    );
    expect(advance(last.conversation, "SÍ", WORLD).book).toBe(true);
    expect(advance(last.conversation, "si", WORLD).book).toBe(true);
  });

  it("starts over on NO", () => {
    const { last } = texts(start("en"), ["city hall", "library", "Greer Station", "now", "1"]);
    const no = advance(last.conversation, "no", WORLD);
    expect(no.book).toBe(false);
    expect(no.conversation).toMatchObject({ step: "pickup", pickup: null, dropoff: null });
    expect(say(translator("en"), no.reply)).toBe(
      "OK, let's start over. City of Greer: where should we pick you up? Text a place name. AGENT: talk to a person.",
    );
  });

  it("says a time outside the schedule or the window, and asks again", () => {
    const { last, replies } = texts(start("en"), ["city hall", "greer station", "saturday 10am", "tue 9am"]);
    expect(replies[2]).toBe("No service on Saturday. Please text another time.");
    expect(last.conversation.step).toBe("riders");
    expect(texts({ ...last, conversation: { ...last.conversation, step: "when" } }, ["10:15"]).replies[0]).toContain(
      "Book at least 30 minutes ahead.",
    );
  });

  it("asks which service on a shared number, then the language", () => {
    const first = start(null, null);
    expect(say(translator("en"), first.reply)).toBe(
      "Which shuttle service? Reply with its number: 1 City of Greer, 2 State Campus",
    );
    // Before a service is chosen there is no dispatcher to hand over to: the question is asked again.
    const { last, replies } = texts(first, ["agent", "x", "y", "z", "2"]);
    expect(replies[3]).toBe(
      "Sorry, I did not understand. Which shuttle service? Reply with its number: 1 City of Greer, 2 State Campus",
    );
    expect(last.conversation).toMatchObject({ tenant: "campus", step: "language" });
  });

  it("hands the conversation to a person after three replies not understood, or at AGENT", () => {
    const { last, replies } = texts(start("en"), ["zzz", "qqq", "xxx"]);
    expect(replies[0]).toBe(
      "No place has that name. City of Greer: where should we pick you up? Text a place name. AGENT: talk to a person.",
    );
    // A name that is no place's counts as a reply not understood.
    expect(replies[2]).toBe("A person will text you back soon.");
    expect(last.conversation.step).toBe("person");
    const { last: third, replies: more } = texts(start("en"), [
      "city hall",
      "greer station",
      "whenever",
      "soon",
      "later",
    ]);
    expect(more[2]).toBe(
      "Sorry, I did not understand. When? Reply NOW, a time today (3:30pm) or a day and time (Fri 9am).",
    );
    expect(third.conversation.step).toBe("person");
    expect(more[4]).toBe("A person will text you back soon.");
    expect(texts(start("es"), ["agente"]).last.conversation.step).toBe("person");
  });
});

describe("reading texts", () => {
  it("finds a place in an address line holding its whole name", () => {
    expect(matchPlaces(PLACES, "City Hall, 301 N Main St")).toEqual([{ id: "p1", name: "City Hall" }]);
    expect(matchPlaces(PLACES, "the cafe central on Poinsett")).toEqual([{ id: "p4", name: "Café Central" }]);
    expect(matchPlaces(PLACES, "Greer")).toHaveLength(2);
    expect(matchPlaces(PLACES, "nowhere street")).toEqual([]);
  });

  it("cuts a text to two segments: 306 GSM-7 characters, or 134 with one outside GSM-7", () => {
    expect(fitTwoSegments("x".repeat(306))).toBe("x".repeat(306));
    expect(fitTwoSegments("x".repeat(400))).toBe("x".repeat(303) + "...");
    expect(Array.from(fitTwoSegments("á".repeat(200)))).toHaveLength(134);
  });

  it("reads times on the tenant's clocks", () => {
    expect(readWhen("now", NOW, TZ)).toEqual({ now: true });
    expect(readWhen("Ahora", NOW, TZ)).toEqual({ now: true });
    expect(readWhen("3:30pm", NOW, TZ)).toEqual({ now: false, at: Date.UTC(2026, 0, 5, 20, 30) });
    expect(readWhen("at 3", NOW, TZ)).toEqual({ now: false, at: Date.UTC(2026, 0, 5, 20, 0) });
    expect(readWhen("15:45", NOW, TZ)).toEqual({ now: false, at: Date.UTC(2026, 0, 5, 20, 45) });
    expect(readWhen("Fri 9am", NOW, TZ)).toEqual({ now: false, at: Date.UTC(2026, 0, 9, 14, 0) });
    expect(readWhen("mañana 8", NOW, TZ)).toEqual({ now: false, at: Date.UTC(2026, 0, 6, 13, 0) });
    // Monday at 9, asked on a Monday at 10: next Monday.
    expect(readWhen("monday 9am", NOW, TZ)).toEqual({ now: false, at: Date.UTC(2026, 0, 12, 14, 0) });
    expect(readWhen("whenever", NOW, TZ)).toBeNull();
    expect(readWhen("25:00", NOW, TZ)).toBeNull();
  });

  it("reads riders and needs", () => {
    expect(readRiders("2")).toEqual({ count: 2, needs: [] });
    expect(readRiders("1 wheelchair and a walker")).toEqual({ count: 1, needs: ["wheelchair", "mobility-aid"] });
    expect(readRiders("3, perro de servicio")).toEqual({ count: 3, needs: ["service-animal"] });
    expect(readRiders("6")).toBeNull();
    expect(readRiders("two")).toBeNull();
  });
});
