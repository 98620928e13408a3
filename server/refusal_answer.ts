/**
 * A use case's refusal (domain/refusal.ts) as an HTTP answer: JSON
 * `{ "error": … }` in the request's language (server/middleware/language.ts
 * set it), with the refusal's status and, for a wait, Retry-After; a refused
 * field is named beside the text (`{ error, field }`). Every error answer
 * goes through here (or `errorText` for the few that are not refusals: a
 * 500), so each is translated once, from its key, where it is answered.
 */
import type { Context } from "hono";
import { type Refusal, refusalText } from "../domain/refusal.ts";
import { type Text, translate } from "../lib/i18n/catalogue.ts";
import type { Values } from "../lib/i18n/format.ts";
import type { Env } from "./env.ts";

export function refusalAnswer(
  c: Context<Env>,
  refusal: Refusal,
  headers: Record<string, string> = {},
): Response {
  const all = { ...headers };
  if (refusal.retryAfter !== undefined) all["retry-after"] = String(refusal.retryAfter);
  const error = refusalText(c.get("lang") ?? "en", refusal);
  return c.json(refusal.field === undefined ? { error } : { error, field: refusal.field }, refusal.status, all);
}

/** `text` in the request's language, for an error answer that is not a refusal. */
export function errorText(c: Context<Env>, text: Text, values?: Values): string {
  return translate(c.get("lang") ?? "en", text, values);
}
