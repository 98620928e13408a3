/**
 * The request's language: the `lang` cookie, then Accept-Language,
 * then English (lib/i18n/lang.ts). Pages render in it; a JSON error answer
 * is put into it on the way out, whichever route, schema or refusal wrote
 * the English (lib/i18n/catalogue.ts `localize`), so every error text has one
 * place to be translated. Clients of the spec that send neither get English.
 */
import type { MiddlewareHandler } from "hono";
import { localize } from "../../lib/i18n/catalogue.ts";
import { requestLang } from "../../lib/i18n/lang.ts";
import type { Env } from "../env.ts";

export function language(): MiddlewareHandler<Env> {
  return async function language(c, next) {
    const lang = requestLang(c.req.raw.headers);
    c.set("lang", lang);
    await next();
    if (lang === "en" || c.res.status < 400) return;
    if (!c.res.headers.get("content-type")?.startsWith("application/json")) return;
    const body = await c.res.clone().json().catch(() => null);
    if (!body || typeof body.error !== "string") return;
    const translated = localize(lang, body.error);
    if (translated === body.error) return;
    const headers = new Headers(c.res.headers);
    headers.delete("content-length");
    c.res = new Response(JSON.stringify({ ...body, error: translated }), { status: c.res.status, headers });
  };
}
