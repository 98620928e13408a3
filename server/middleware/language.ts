/**
 * The request's language: the `lang` cookie, then Accept-Language, then
 * English (lib/i18n/lang.ts). Pages render in it and every error answer is
 * written in it where it is answered (server/refusal_answer.ts); this
 * middleware only sets it. Clients that send neither get English.
 */
import type { MiddlewareHandler } from "hono";
import { ES, type Text, translate } from "../../lib/i18n/catalogue.ts";
import { type Lang, requestLang } from "../../lib/i18n/lang.ts";
import type { Env } from "../env.ts";

export function language(): MiddlewareHandler<Env> {
  return async function language(c, next) {
    const lang = requestLang(c.req.raw.headers);
    c.set("lang", lang);
    await next();
    if (lang !== "en") await untranslatedKey(c, lang);
  };
}

/**
 * TEMPORARY, until the routes that still answer English are converted to
 * refusals (routes/api/rides.ts, admin_rides.ts, drivers.ts, auth.ts,
 * people.ts, users.ts, settings.ts, super_tenants.ts, sign_in_locks.ts,
 * server/hand_over.ts, server/rider_updates.ts): a JSON error whose text is
 * exactly a catalogue key without placeholders is answered in the request's
 * language. Nothing is recognised inside a text: a filled English text stays
 * as it is. Remove this (and its test in tests/api/languages.test.ts) once
 * those files answer with server/refusal_answer.ts.
 */
async function untranslatedKey(c: Parameters<MiddlewareHandler<Env>>[0], lang: Lang) {
  if (c.res.status < 400 || !c.res.headers.get("content-type")?.startsWith("application/json")) return;
  const body = await c.res.clone().json().catch(() => null);
  const error = body?.error;
  if (typeof error !== "string" || !Object.hasOwn(ES, error) || typeof ES[error as Text] !== "string") return;
  if (error.includes("{")) return;
  const headers = new Headers(c.res.headers);
  headers.delete("content-length");
  c.res = new Response(JSON.stringify({ ...body, error: translate(lang, error as Text) }), {
    status: c.res.status,
    headers,
  });
}
