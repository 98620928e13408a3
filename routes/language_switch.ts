/**
 * GET /lang?to=es&next=/greer/rider: the footer's language switch.
 * Keeps the choice in the `lang` cookie for a year and goes back to the page,
 * which the server now renders in that language: a plain link, so it works on
 * static pages without any script. `next` must be a path on this site;
 * anything else goes home, so the switch cannot send anyone elsewhere.
 */
import { Hono } from "hono";
import { isLang, type Lang, LANG_COOKIE } from "../lib/i18n/lang.ts";
import type { Config } from "../lib/config.ts";
import type { AppDeps, Env } from "../server/env.ts";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** A same-site path to return to: starts with one "/", no scheme, no backslash, no control characters. */
export function safeNext(next: string | undefined): string {
  // deno-lint-ignore no-control-regex -- refusing control characters is the point
  if (!next || !next.startsWith("/") || next.startsWith("//") || /[\\\u0000-\u001f]/.test(next)) return "/";
  return next.slice(0, 2000);
}

/** The switch's link from `path` to `lang`. */
export function switchHref(lang: string, path: string): string {
  return `/lang?to=${lang}&next=${encodeURIComponent(path)}`;
}

/** The Set-Cookie value that keeps `lang` on this device for a year. */
export function langCookie(lang: Lang, config: Pick<Config, "publicUrl">): string {
  const secure = config.publicUrl.startsWith("https:") ? "; Secure" : "";
  return `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}

export function languageSwitch(deps: AppDeps) {
  return new Hono<Env>().get("/", (c) => {
    const to = c.req.query("to");
    if (!isLang(to)) return c.json({ error: "Choose a language: en or es" }, 400);
    c.header("set-cookie", langCookie(to, deps.config));
    c.header("cache-control", "no-store");
    return c.redirect(safeNext(c.req.query("next")), 303);
  });
}
