/**
 * A screen's translate function for unit tests of lib's text functions: the same `t` a page in `lang` gives its
 * islands, holding every area of the catalogue unless told which.
 */
import { makeT, type T } from "../../components/texts.tsx";
import { type Area, AREAS, textsFor } from "../../lib/i18n/catalogue.ts";
import type { Lang } from "../../lib/i18n/lang.ts";

export function translateIn(lang: Lang, areas: readonly Area[] = Object.keys(AREAS) as Area[]): T {
  return makeT(lang, textsFor(lang, areas));
}

export const EN = translateIn("en");
export const ES = translateIn("es");
