/**
 * Accessibility needs and the rider's note for the driver, once for
 * the server and the screens: the list, the words and icons shown for each,
 * and the request's rules for both fields. Which drivers are offered a ride
 * is decided in lib/ride_offers.ts. The rider screen's first load carries
 * none of this file (its budget is nearly full), only its lazy request options.
 *
 * Plain code with no zod, so the rider's lazily loaded request options carry
 * only this file.
 */
import type { Text } from "./i18n/catalogue.ts";
import { type Said, said, type Translate } from "./i18n/format.ts";

export const NEEDS = ["wheelchair", "mobility-aid", "service-animal", "assistance"] as const;
export type Need = typeof NEEDS[number];

export function isNeed(value: unknown): value is Need {
  return typeof value === "string" && (NEEDS as readonly string[]).includes(value);
}

/** What a driver, an admin and the rider read for each need. */
export const NEED_WORDS: Record<Need, Text> = {
  wheelchair: "Wheelchair user",
  "mobility-aid": "Walker or cane",
  "service-animal": "Service animal",
  assistance: "Needs help boarding",
};

/**
 * Each need's 24px line icon (components/NeedsList.tsx `NeedIcon` draws it): one SVG path
 * in the text's colour. Drawn, not emoji: a phone without an emoji font would
 * show an empty box.
 */
export const NEED_ICONS: Record<Need, string> = {
  // A person seated in a wheelchair.
  wheelchair: "M11 4.5a1.5 1.5 0 1 0 0-.01M10 8v6h5l2 5M10 11h5M8.5 11.5a5 5 0 1 0 6.8 6.3",
  // A walking cane.
  "mobility-aid": "M10 21V7a3 3 0 0 1 6 0v1M10 13h3",
  // A paw print.
  "service-animal":
    "M12 20c-3 0-5-1.5-5-3.5S9.5 12 12 12s5 2.5 5 4.5-2 3.5-5 3.5zM6 11a1.5 2 0 1 0 0-.01M18 11a1.5 2 0 1 0 0-.01M9.5 7a1.5 2 0 1 0 0-.01M14.5 7a1.5 2 0 1 0 0-.01",
  // An open hand offered.
  assistance: "M4 14h3l4 3h6a2 2 0 0 0 0-4h-4M7 14V9l3-3 3 3v4M20 17l-3 3H9",
};

/** The rider's needs in NEEDS's order, each once: a list naming one twice is folded, not refused (docs/api.md). */
export function foldNeeds(needs: readonly Need[]): Need[] {
  return NEEDS.filter((need) => needs.includes(need));
}

export const NEEDS_TEXT: Text = "Needs must be a list of: wheelchair, mobility-aid, service-animal, assistance";

/** The note for the driver: "blue door, ring twice". */
export const NOTE_MAX = 140;
export const NOTE_TEXT: Text = "Note must be text";
export const NOTE_LONG_TEXT: Text = "Note must be at most {max} characters";

/** The server's 409 when a wheelchair ride is asked for now and no accessible shuttle is online. */
export const NO_ACCESSIBLE_SHUTTLE: Text = "No wheelchair-accessible shuttle is available right now.";

/** The 409 when a driver whose vehicle does not take a wheelchair tries to accept a wheelchair ride anyway. */
export const NEEDS_ACCESSIBLE_VEHICLE: Text = "This ride needs a vehicle that takes a wheelchair.";

/**
 * The request's `needs`: absent means the rider's standing needs (`standing`);
 * otherwise a list of known needs, folded. Anything else is refused with a
 * text naming the field.
 */
export function readNeeds(
  value: unknown,
  standing: readonly Need[],
  t: Translate,
): { ok: true; value: Need[] } | { ok: false; error: string } {
  if (value === undefined) return { ok: true, value: foldNeeds(standing) };
  if (!Array.isArray(value) || !value.every(isNeed)) return { ok: false, error: t(NEEDS_TEXT) };
  return { ok: true, value: foldNeeds(value) };
}

/**
 * The request's `note`, trimmed: absent, null or empty means none (null).
 * `hidden` is the server's check for control and bidi characters
 * (lib/schemas.ts); the screen goes without it (it would carry zod) and the
 * server still applies it.
 */
export function readNote(
  value: unknown,
  hidden: (text: string) => Said | null = () => null,
): { ok: true; value: string | null } | { ok: false; error: Said } {
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== "string") return { ok: false, error: said(NOTE_TEXT) };
  const note = value.trim();
  if (note.length > NOTE_MAX) return { ok: false, error: said(NOTE_LONG_TEXT, { max: NOTE_MAX }) };
  const refused = hidden(note);
  if (refused) return { ok: false, error: refused };
  return { ok: true, value: note || null };
}
