/**
 * The request's language: the `lang` cookie, then Accept-Language, then
 * English (lib/i18n/lang.ts). Pages render in it and every error answer is
 * written in it where it is answered (server/refusal_answer.ts); this
 * middleware only sets it. Clients that send neither get English.
 */
import type { MiddlewareHandler } from "hono";
import { requestLang } from "../../lib/i18n/lang.ts";
import type { Env } from "../env.ts";

export function language(): MiddlewareHandler<Env> {
  return async function language(c, next) {
    const lang = requestLang(c.req.raw.headers);
    c.set("lang", lang);
    await next();
  };
}
