/**
 * How a booking conversation by SMS reads what a rider texts: a choice from a
 * numbered list, yes or no, a time ("now", "3:30pm", "Fri 9am" on the
 * tenant's clocks), and riders with their needs ("2 wheelchair"). Pure; words
 * are compared folded (lib/place_names.ts), so accents and case never matter.
 */
import { localTime } from "./local_time.ts";
import { zonedMoment } from "./booking.ts";
import type { Need } from "./needs.ts";
import { foldName } from "./place_names.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The body folded to compare: lowercase, no accents, no closing or opening marks. */
export function foldText(body: string): string {
  return foldName(body).replace(/[.!?¡¿]+/g, "").trim();
}

/** A number from 1 to `count` alone ("2", "#2"), or null. */
export function readChoice(body: string, count: number): number | null {
  const m = foldText(body).match(/^#?(\d{1,2})$/);
  const n = m ? Number(m[1]) : NaN;
  return n >= 1 && n <= count ? n : null;
}

export function isYes(body: string): boolean {
  return ["yes", "y", "si", "ok", "yes please"].includes(foldText(body));
}

export function isNo(body: string): boolean {
  return ["no", "n"].includes(foldText(body));
}

const WEEKDAYS: Record<string, number> = {
  sun: 0,
  sunday: 0,
  dom: 0,
  domingo: 0,
  mon: 1,
  monday: 1,
  lun: 1,
  lunes: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  mar: 2,
  martes: 2,
  wed: 3,
  wednesday: 3,
  mie: 3,
  miercoles: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  jue: 4,
  jueves: 4,
  fri: 5,
  friday: 5,
  vie: 5,
  viernes: 5,
  sat: 6,
  saturday: 6,
  sab: 6,
  sabado: 6,
};

/** When a rider asks to be picked up: null for now, or a moment; "unreadable" when the text is no time. */
export type When = { now: true } | { now: false; at: number } | null;

/**
 * "now" / "ahora"; a time today ("3:30pm", "15:30", "at 9"); a day and a time
 * ("Fri 9am", "viernes a las 9", "tomorrow 10"). A time with no am or pm is
 * read on the 24-hour clock, except that a morning hour already gone today
 * means the afternoon ("at 3" at noon is 3 pm). A weekday is its next one, or
 * today's when the time is still to come. Null when the text says no time.
 */
export function readWhen(body: string, now: number, timeZone: string): When {
  const text = foldText(body).replace(/,/g, " ");
  if (["now", "ahora", "right now", "asap", "ya"].includes(text)) return { now: true };
  const words = text.split(/\s+/).filter((w) => !["at", "a", "las", "la", "on", "el", "this", "este"].includes(w));
  let dayOffset: number | null = null;
  const today = localTime(now, timeZone);
  const rest: string[] = [];
  for (const word of words) {
    if (word === "today" || word === "hoy") dayOffset = 0;
    else if (word === "tomorrow" || word === "manana") dayOffset = 1;
    else if (Object.hasOwn(WEEKDAYS, word)) dayOffset = (WEEKDAYS[word] - today.day + 7) % 7;
    else rest.push(word);
  }
  const clock = rest.join("").match(/^(\d{1,2})(?::?(\d{2}))?(am|pm|a\.?m\.?|p\.?m\.?)?$/);
  if (!clock) return null;
  let hour = Number(clock[1]);
  const minute = Number(clock[2] ?? "0");
  const meridiem = clock[3]?.[0];
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === "p" ? 12 : 0);
  } else if (hour > 23) return null;
  const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  const at = (offset: number) => zonedMoment(localTime(now + offset * DAY_MS, timeZone).date, time, timeZone);
  if (dayOffset === null) {
    // A bare time is today's; a morning hour with no am or pm that has gone by is this afternoon's.
    if (!meridiem && hour < 12 && at(0) <= now) hour += 12;
    const later = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
    return { now: false, at: zonedMoment(today.date, later, timeZone) };
  }
  // A weekday named on its own day whose time has gone by is next week's.
  if (dayOffset === 0 && at(0) <= now && words.some((w) => Object.hasOwn(WEEKDAYS, w))) dayOffset = 7;
  return { now: false, at: at(dayOffset) };
}

const NEED_WORDS: readonly [RegExp, Need][] = [
  [/\b(wheelchair|wheel chair|silla)\b/, "wheelchair"],
  [/\b(walker|cane|scooter|andador|baston|muletas?)\b/, "mobility-aid"],
  [/\b(animal|dog|perro|guide)\b/, "service-animal"],
  [/\b(assistance|assist|help|ayuda|asistencia)\b/, "assistance"],
];

/** "2", "2 wheelchair", "1, silla de ruedas": riders from 1 to 5 and the needs named; null otherwise. */
export function readRiders(body: string): { count: number; needs: Need[] } | null {
  const text = foldText(body);
  const m = text.match(/^(\d{1,2})\b/);
  const count = m ? Number(m[1]) : NaN;
  if (!(count >= 1 && count <= 5)) return null;
  const needs = NEED_WORDS.filter(([re]) => re.test(text)).map(([, need]) => need);
  return { count, needs };
}
