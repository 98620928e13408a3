/**
 * The languages people can read Hopper in, and how a request chooses one: the `lang` cookie a person set with the
 * switch, then the browser's Accept-Language, then English. Shared by the server and islands.
 */
export const LANGS = ["en", "es"] as const;
export type Lang = typeof LANGS[number];

export const DEFAULT_LANG: Lang = "en";

/** The cookie that keeps a person's choice on this device; server-rendered pages read it, so no script is needed. */
export const LANG_COOKIE = "lang";

/** Each language in its own words, as the switch shows it. */
export const LANG_NAMES: Record<Lang, string> = { en: "English", es: "Español" };

/** Intl locales: dates, times and numbers as US readers of each language expect them. */
export const LOCALES: Record<Lang, string> = { en: "en-US", es: "es-US" };

export function isLang(value: unknown): value is Lang {
  return value === "en" || value === "es";
}

/** The `lang` cookie's value, when it names a language. */
export function langFromCookie(header: string | null | undefined): Lang | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === LANG_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return isLang(value) ? value : null;
    }
  }
  return null;
}

/** The first of our languages the browser asks for, by its q-values (`es-MX;q=0.9` counts as `es`). */
export function langFromAcceptLanguage(header: string | null | undefined): Lang | null {
  if (!header) return null;
  let best: Lang | null = null;
  let bestQ = 0;
  for (const item of header.slice(0, 1000).split(",")) {
    const [tag, ...params] = item.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (isLang(primary) && Number.isFinite(q) && q > bestQ) {
      best = primary;
      bestQ = q;
    }
  }
  return best;
}

/** The language of a request: the cookie, then Accept-Language, then English. */
export function requestLang(headers: { get(name: string): string | null }): Lang {
  return langFromCookie(headers.get("cookie")) ?? langFromAcceptLanguage(headers.get("accept-language")) ??
    DEFAULT_LANG;
}
