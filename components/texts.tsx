/**
 * The words a screen shows, in the page's language. Components call
 * `useT()` and write the English text, which is also its key in the catalogue
 * (lib/i18n/catalogue.ts, typed: a text missing from the Spanish catalogue
 * fails `deno check`):
 *
 *   const t = useT();
 *   t("Request Ride");                       // "Solicitar viaje" on a Spanish page
 *   t("{count} minutes ago", { count: 3 });  // placeholders and plural forms
 *   t.rich("Read our {terms}.", { terms: <a href="/terms">{t("Terms of Service")}</a> });
 *
 * The provider holds only the texts of the page's language that the island
 * needs (server/render.tsx and components/Island.tsx choose them;
 * islands/runtime/hydrate.tsx gives the browser the same), so no catalogue is
 * in any bundle.
 */
import { createContext, Fragment, type ReactNode, useContext, useMemo } from "react";
import type { Text } from "../lib/i18n/catalogue.ts";
import { type Entry, fill, type Translate, type Values } from "../lib/i18n/format.ts";
import { DEFAULT_LANG, type Lang } from "../lib/i18n/lang.ts";

export type Texts = Readonly<Record<string, Entry>>;

/** The screen's translate function (`Translate`: `t(text, values)` and `t.lang`), with rich texts. */
export interface T extends Translate {
  /** A text whose placeholders are elements (links, emphasis) rather than strings. */
  rich(text: Text, parts: Record<string, ReactNode>): ReactNode;
}

export function makeT(lang: Lang, texts: Texts): T {
  const t = ((text: Text, values?: Values) => fill(lang, texts[text] ?? text, values)) as T;
  t.lang = lang;
  t.rich = (text, parts) => {
    const template = fill(lang, texts[text] ?? text);
    return template.split(/(\{\w+\})/).map((piece, i) => {
      const name = /^\{(\w+)\}$/.exec(piece)?.[1];
      return <Fragment key={i}>{name && name in parts ? parts[name] : piece}</Fragment>;
    });
  };
  return t;
}

const TextsContext = createContext<T>(makeT(DEFAULT_LANG, {}));

export function TextsProvider({ lang, texts, children }: { lang: Lang; texts: Texts; children: ReactNode }) {
  // One function per page, so hooks that depend on it keep their effects.
  const t = useMemo(() => makeT(lang, texts), [lang, texts]);
  return <TextsContext.Provider value={t}>{children}</TextsContext.Provider>;
}

/** The translate function of the page's language. */
export function useT(): T {
  return useContext(TextsContext);
}
