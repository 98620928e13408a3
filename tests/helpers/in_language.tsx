/**
 * Renders an island as a page in that language would: inside a
 * TextsProvider holding exactly the texts components/Island.tsx gives that
 * island, so a text from an area the island does not list stays English and
 * the Spanish test fails.
 *
 *   render(inLanguage("es", "AdminUsers", <AdminUsers tenant={...} />));
 */
import type { ReactNode } from "react";
import { TextsProvider } from "../../components/texts.tsx";
import { textsFor } from "../../lib/i18n/catalogue.ts";
import { ISLAND_AREAS } from "../../lib/i18n/islands.ts";
import type { Lang } from "../../lib/i18n/lang.ts";

export function inLanguage(lang: Lang, island: keyof typeof ISLAND_AREAS, ui: ReactNode) {
  const areas = ISLAND_AREAS[island];
  if (!areas) throw new Error(`${island} is not in lib/i18n/islands.ts`);
  return <TextsProvider lang={lang} texts={textsFor(lang, areas)}>{ui}</TextsProvider>;
}
