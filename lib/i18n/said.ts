/**
 * A text said with its values but in no language yet: a catalogue key
 * (lib/i18n/) and what fills it. The rules shared by the server and the
 * screens answer one, so the server's use cases refuse with keys
 * (domain/refusal.ts) and a screen words the same answer with `say`. Free
 * of the catalogues, so every island can carry it.
 */
import type { Text } from "./catalogue.ts";
import type { Translate } from "./format.ts";
import { type Lang, LOCALES } from "./lang.ts";

/** A value only the reader's language can word (a day, a schedule's hours): worded when the text is. */
export type Worded = (t: Translate) => string;

export type SaidValue = string | number | Said | Worded;
export type SaidValues = Readonly<Record<string, SaidValue>>;

export interface Said {
  readonly text: Text;
  readonly values?: SaidValues;
}

export function said(text: Text, values?: SaidValues): Said {
  return values === undefined ? { text } : { text, values };
}

/** "Tuesday, December 1" in `lang`, on the clocks of `timeZone`. */
export function readerDay(at: number, lang: Lang, timeZone: string): string {
  return new Date(at).toLocaleDateString(LOCALES[lang], { weekday: "long", month: "long", day: "numeric", timeZone });
}

/** `s` in the language of `t`, its values filled (texts and worded values among them in that language too). */
export function say(t: Translate, s: Said): string {
  if (!s.values) return t(s.text);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(s.values)) {
    if (typeof value === "function") values[name] = value(t);
    else values[name] = typeof value === "object" ? say(t, value) : value;
  }
  return t(s.text, values);
}
