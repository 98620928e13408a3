/**
 * Recognising a filled English text: "Error getting location:
 * timed out" is the key "Error getting location: {reason}" with its value.
 * The server puts its error answers into the request's language this way
 * (lib/i18n/catalogue.ts `localize`).
 *
 * The most specific template wins: the one with the most fixed words, so a
 * short key such as "{name}: {status}" never takes a longer message that
 * another key spells out.
 */
export interface Template {
  key: string;
  pattern: RegExp;
  names: string[];
  /** The count an English plural form stands for ("1 minute" is count 1). */
  count?: number;
  /** Characters outside the placeholders. */
  fixed: number;
}

/** `form` (the key, or one English plural form of it) as a pattern; `{count}` matches digits only. */
export function template(key: string, form = key, count?: number): Template {
  const names: string[] = [];
  let fixed = 0;
  const source = form.split(/(\{\w+\})/).map((piece, i) => {
    if (i % 2 === 0) {
      fixed += piece.length;
      return piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }
    const name = piece.slice(1, -1);
    names.push(name);
    return name === "count" ? "(\\d+)" : "([^]*?)";
  }).join("");
  return { key, pattern: new RegExp(`^${source}$`), names, count, fixed };
}

/** The most specific of `templates` that `text` fills, with the values it carried. */
export function recognise(
  templates: readonly Template[],
  text: string,
): { template: Template; values: string[] } | null {
  let best: { template: Template; values: string[] } | null = null;
  for (const t of templates) {
    if (best && t.fixed <= best.template.fixed) continue;
    const m = t.pattern.exec(text);
    if (m) best = { template: t, values: m.slice(1) };
  }
  return best;
}
