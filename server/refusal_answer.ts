/**
 * A use case's refusal (domain/refusal.ts) as an HTTP answer: JSON
 * `{ "error": … }` in the request's language (server/middleware/language.ts
 * set it), with the refusal's status and, for a wait, Retry-After; a refused
 * field is named beside the text (`{ error, field }`).
 */
import type { Context } from "hono";
import { type Refusal, refusalText } from "../domain/refusal.ts";
import type { Env } from "./env.ts";

export function refusalAnswer(c: Context<Env>, refusal: Refusal): Response {
  const headers: Record<string, string> = {};
  if (refusal.retryAfter !== undefined) headers["retry-after"] = String(refusal.retryAfter);
  const error = refusalText(c.get("lang") ?? "en", refusal);
  return c.json(refusal.field === undefined ? { error } : { error, field: refusal.field }, refusal.status, headers);
}
