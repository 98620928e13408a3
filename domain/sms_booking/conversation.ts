/**
 * A ride booked by text message, as a pure state machine: each text a rider
 * sends moves the conversation one step and says what to text back. Steps:
 * the service (a number several tenants share), the language (a number with
 * none), pickup, destination, when, riders and needs, then a summary to
 * confirm with YES (SI, SÍ); NO starts over. Places are found as the rider's
 * combobox finds them (lib/place_names.ts); several matches are offered as a
 * numbered list. Three replies not understood in a row, or AGENT, hand the
 * conversation to a person. Booking itself is the caller's: the answer says
 * `book` and the request the app would send (domain/rides/request.ts).
 */
import { checkScheduledFor } from "../../lib/booking.ts";
import { bookingTimeText } from "../../lib/clock_time.ts";
import { type Said, said } from "../../lib/i18n/format.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import { NEED_WORDS } from "../../lib/needs.ts";
import { findPlaces, foldName } from "../../lib/place_names.ts";
import type { Schedule } from "../../lib/schemas.ts";
import { foldText, isNo, isYes, readChoice, readRiders, readWhen } from "../../lib/sms_booking_parse.ts";
import * as T from "../../lib/sms_booking_texts.ts";
import type { Choice, Conversation } from "../../lib/sms_conversation.ts";

export type { Choice, Conversation, Line, Step } from "../../lib/sms_conversation.ts";

/** What a step needs to know of the world, read by the caller. */
export interface World {
  now: number;
  /** The services a shared number offers (first step), in list order. */
  services: Choice[];
  /** The chosen tenant's name, time zone, booking window, schedule and places. */
  tenant: {
    name: string;
    timezone: string;
    maxDaysAhead: number;
    schedule: Schedule | null;
    places: readonly Choice[];
  } | null;
}

export interface Turn {
  conversation: Conversation;
  reply: Said;
  /** The rider confirmed: book the ride the conversation holds. */
  book: boolean;
}

/** Misses in a row before a person takes over. */
export const MISSES_FOR_PERSON = 3;
/** Places offered in one numbered list: enough to choose from, few enough to fit two segments. */
export const LIST_MAX = 4;
/** A listed name is cut to this many characters, so a list of LIST_MAX fits two segments. */
export const LIST_NAME_MAX = 20;

/** A new conversation, before its first step. */
export function newConversation(
  { id, phone, tenant, lang, now }: {
    id: string;
    phone: string;
    tenant: string | null;
    lang: Lang | null;
    now: number;
  },
): Conversation {
  return {
    id,
    phone,
    tenant,
    lang,
    step: "pickup",
    choices: [],
    pickup: null,
    dropoff: null,
    scheduledFor: null,
    riders: 1,
    needs: [],
    misses: 0,
    transcript: [],
    startedAt: now,
    updatedAt: now,
  };
}

/** "1 City Hall, 2 Greer Station": a numbered list whose names are cut to fit. */
export function numbered(choices: readonly Choice[]): string {
  return choices.map((c, i) => `${i + 1} ${cut(c.name)}`).join(", ");
}

export function cut(name: string): string {
  const chars = Array.from(name);
  // Three dots, not "…": that one character outside GSM-7 would halve what a segment holds.
  return chars.length <= LIST_NAME_MAX ? name : chars.slice(0, LIST_NAME_MAX - 3).join("") + "...";
}

/** The question the conversation's step asks (its numbered list when one is on offer). */
export function question(c: Conversation, world: World): Said {
  switch (c.step) {
    case "service":
      return said(T.ASK_SERVICE, { list: numbered(c.choices) });
    case "language":
      return said(T.ASK_LANGUAGE);
    case "pickup":
      return c.choices.length
        ? said(T.ASK_PICKUP_CHOICE, { list: numbered(c.choices) })
        : said(T.ASK_PICKUP, { organization: world.tenant?.name ?? "Hopper" });
    case "destination":
      return c.choices.length ? said(T.ASK_DESTINATION_CHOICE, { list: numbered(c.choices) }) : said(T.ASK_DESTINATION);
    case "when":
      return said(T.ASK_WHEN);
    case "riders":
      return said(T.ASK_PASSENGERS);
    case "confirm":
      return summary(c, world);
    case "person":
      return said(T.HANDED_TO_PERSON);
  }
}

function summary(c: Conversation, world: World): Said {
  const timezone = world.tenant?.timezone ?? "UTC";
  const at = c.scheduledFor;
  const needs = c.needs;
  return said(T.ASK_CONFIRM, {
    pickup: cut(c.pickup?.name ?? ""),
    destination: cut(c.dropoff?.name ?? ""),
    when: at === null ? said(T.WHEN_NOW) : (t) => bookingTimeText(at, timezone, t.lang),
    count: c.riders,
    needs: (t) => (needs.length ? " (" + needs.map((n) => t(NEED_WORDS[n])).join(", ") + ")" : ""),
  });
}

/** The first step of a conversation just made: the service, the language, or the pickup. */
export function firstStep(c: Conversation, world: World): Turn {
  const next = c.tenant === null
    ? { ...c, step: "service" as const, choices: world.services }
    : c.lang === null
    ? { ...c, step: "language" as const }
    : { ...c, step: "pickup" as const };
  return { conversation: next, reply: question(next, world), book: false };
}

/** The conversation after the rider's text `body`, and what to text back. */
export function advance(c: Conversation, body: string, world: World): Turn {
  const at = { ...c, updatedAt: world.now };
  // A person is one of the tenant's dispatchers: before the service is chosen, there is no one to hand over to.
  const person = c.tenant !== null;
  if (person && isAgent(body)) return toPerson(at, world);
  if (c.step === "person") return { conversation: at, reply: question(at, world), book: false };
  const moved = step(at, body, world);
  if (moved && !moved.missed) return { ...moved, conversation: { ...moved.conversation, misses: 0 } };
  const misses = c.misses + 1;
  if (person && misses >= MISSES_FOR_PERSON) return toPerson({ ...at, misses }, world);
  if (moved) return { ...moved, conversation: { ...moved.conversation, misses } };
  return {
    conversation: { ...at, misses },
    reply: said(T.NOT_UNDERSTOOD, { question: question(at, world) }),
    book: false,
  };
}

/** AGENT, AGENTE, PERSON, PERSONA: the rider asks for a person. */
export function isAgent(body: string): boolean {
  return ["agent", "agente", "person", "persona", "operator", "operador"].includes(foldText(body));
}

function toPerson(c: Conversation, world: World): Turn {
  const next = { ...c, step: "person" as const, choices: [] };
  return { conversation: next, reply: question(next, world), book: false };
}

/** Moves to `next` and asks its question. */
function ask(next: Conversation, world: World): Turn {
  return { conversation: next, reply: question(next, world), book: false };
}

/**
 * One step's reading of `body`; null when it was not understood, `missed`
 * when it was read but named nothing (a place no place is called), which
 * counts towards a person as a reply not understood does.
 */
function step(c: Conversation, body: string, world: World): (Turn & { missed?: true }) | null {
  switch (c.step) {
    case "service": {
      const n = readChoice(body, c.choices.length);
      if (n === null) return null;
      const chosen = c.choices[n - 1];
      const next = { ...c, tenant: chosen.id, choices: [] };
      if (c.lang === null) return ask({ ...next, step: "language" }, world);
      // The tenant's world is read by the next text; its name is the one thing this question needs.
      return {
        conversation: { ...next, step: "pickup" },
        reply: said(T.ASK_PICKUP, { organization: chosen.name }),
        book: false,
      };
    }
    case "language": {
      const text = foldText(body);
      const lang = text === "1" || text === "english" ? "en" : text === "2" || text === "espanol" ? "es" : null;
      if (!lang) return null;
      return ask({ ...c, lang, step: "pickup", choices: [] }, world);
    }
    case "pickup":
    case "destination":
      return choosePlace(c, body, world);
    case "when": {
      const tenant = world.tenant;
      if (!tenant) return null;
      const when = readWhen(body, world.now, tenant.timezone);
      if (!when) return null;
      if (!when.now) {
        const refused = checkScheduledFor(when.at, { ...tenant, now: world.now });
        if (refused) return { conversation: c, reply: said(T.OTHER_TIME, { reason: refused }), book: false };
      }
      return ask({ ...c, scheduledFor: when.now ? null : when.at, step: "riders" }, world);
    }
    case "riders": {
      const riders = readRiders(body);
      if (!riders) return null;
      return ask({ ...c, riders: riders.count, needs: riders.needs, step: "confirm" }, world);
    }
    case "confirm": {
      if (isYes(body)) return { conversation: c, reply: summary(c, world), book: true };
      if (!isNo(body)) return null;
      const over = { ...c, step: "pickup" as const, choices: [], pickup: null, dropoff: null, scheduledFor: null };
      return {
        conversation: { ...over, riders: 1, needs: [] },
        reply: said(T.STARTING_OVER, { question: question(over, world) }),
        book: false,
      };
    }
    default:
      return null;
  }
}

/** The place a text names: a number from the list on offer, one match, or a list of several. */
function choosePlace(c: Conversation, body: string, world: World): (Turn & { missed?: true }) | null {
  const places = world.tenant?.places ?? [];
  const n = c.choices.length ? readChoice(body, c.choices.length) : null;
  const matches = n !== null ? [c.choices[n - 1]] : matchPlaces(places, body);
  if (matches.length === 0) {
    if (readChoice(body, 99) !== null) return null;
    return {
      conversation: c,
      reply: said(T.NO_PLACE, { question: question({ ...c, choices: [] }, world) }),
      book: false,
      missed: true,
    };
  }
  if (matches.length > 1) {
    const listed = { ...c, choices: matches.slice(0, LIST_MAX) };
    return ask(listed, world);
  }
  const place = matches[0];
  const next: Conversation = c.step === "pickup"
    ? { ...c, pickup: place, step: "destination", choices: [] }
    : { ...c, dropoff: place, step: "when", choices: [] };
  return ask(next, world);
}

/**
 * The places a text names, as the rider's combobox finds them; failing that,
 * the places whose whole name the text holds ("City Hall, 301 Main St").
 */
export function matchPlaces(places: readonly Choice[], body: string): Choice[] {
  const found = findPlaces(places, body, LIST_MAX);
  if (found.length) {
    // A name typed whole is that place, though others start with it.
    const exact = found.filter((p) => foldName(p.name) === foldName(body));
    return exact.length === 1 ? exact : found;
  }
  const text = ` ${foldName(body).replace(/[^\p{L}\p{N}]+/gu, " ")} `;
  return places.filter((p) => text.includes(` ${foldName(p.name).replace(/[^\p{L}\p{N}]+/gu, " ")} `));
}
