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
