/**
 * Fills a catalogue text's placeholders and picks its plural form. Tiny and
 * free of the catalogues, so every island can carry it.
 *
 * A text is a string with `{name}` placeholders, or plural forms chosen by
 * `Intl.PluralRules` on the `count` value: `{ one, other }` (a language with
 * more categories falls back to `other`).
 */
import type { Text } from "./catalogue.ts";
import { type Lang, LOCALES } from "./lang.ts";

export type Values = Record<string, string | number>;
export interface Plural {
  one: string;
  other: string;
}
export type Entry = string | Plural;

/** What a screen translates with (components/texts.tsx `useT()`): lib's text functions take one to answer in its language. */
export interface Translate {
  (text: Text, values?: Values): string;
  lang: Lang;
}

const rules = new Map<Lang, Intl.PluralRules>();

function pluralForm(lang: Lang, entry: Plural, count: number): string {
  let rule = rules.get(lang);
  if (!rule) rules.set(lang, rule = new Intl.PluralRules(LOCALES[lang]));
  return rule.select(count) === "one" ? entry.one : entry.other;
}

/** `entry` with its placeholders filled from `values`; a placeholder without a value stays as written. */
export function fill(lang: Lang, entry: Entry, values?: Values): string {
  const template = typeof entry === "string" ? entry : pluralForm(lang, entry, Number(values?.count ?? 0));
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => name in values ? String(values[name]) : whole);
}

/*
 * A text said with its values but in no language yet: a catalogue key and
 * what fills it. The rules shared by the server and the screens answer one,
 * so the server's use cases refuse with keys (domain/refusal.ts) and a screen
 * words the same answer with `say`. Here, beside `fill`, so the islands that
 * carry them need no file more.
 */

/** A value only the reader's language can word (a day, a schedule's hours): worded when the text is. */
export type Worded = (t: Translate) => string;

export type SaidValue = string | number | Said | Worded;
export type SaidValues = Readonly<Record<string, SaidValue>>;

export interface Said {
  readonly text: Text;
  readonly values?: SaidValues;
}

export function said(text: Text, values?: SaidValues): Said {
  return { text, values };
}

/** "Tuesday, December 1" in `lang`, on the clocks of `timeZone`. */
export function readerDay(at: number, lang: Lang, timeZone: string): string {
  return new Date(at).toLocaleDateString(LOCALES[lang], { weekday: "long", month: "long", day: "numeric", timeZone });
}

/** `s` in the language of `t`, its values filled (texts and worded values among them in that language too). */
export function say(t: Translate, s: Said): string {
  if (!s.values) return t(s.text);
  const values: Values = {};
  for (const [name, value] of Object.entries(s.values)) {
    if (typeof value === "function") values[name] = value(t);
    else values[name] = typeof value === "object" ? say(t, value) : value;
  }
  return t(s.text, values);
}
