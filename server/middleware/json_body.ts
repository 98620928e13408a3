import { validator } from "hono/validator";
import type * as z from "zod/mini";
import { type Refusal, type RefusalValues, refuse } from "../../domain/refusal.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { refusalAnswer } from "../refusal_answer.ts";

/**
 * The media types read as JSON: exactly the test Hono's validator applies
 * before it parses (the type before any ";", trimmed, lower-cased), so a
 * body this wrapper lets through is one Hono actually read. Anything else
 * ("application/json-patch", "application/json, text/plain") is a 415, never
 * an empty object that slips past the schema.
 */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/;

export function isJsonContentType(header: string | undefined): boolean {
  return JSON_MEDIA_TYPE.test((header ?? "").split(";")[0].trim().toLowerCase());
}

export const NOT_JSON: Text = "Expected a JSON body (Content-Type: application/json)";
export const MALFORMED_JSON: Text = "Malformed JSON in request body";
export const NOT_AN_OBJECT: Text = "Expected a JSON object";

/**
 * A schema's refusal (lib/schemas.ts): its message is a catalogue text, and a
 * custom check carries that text's values as its `params` (a field's name as
 * `{ text }`, so it is translated with it).
 */
export function issueRefusal(issue: z.core.$ZodIssue): Refusal {
  if (issue.path.length === 0) return refuse(400, NOT_AN_OBJECT);
  const values = issue.code === "custom" ? issue.params as RefusalValues | undefined : undefined;
  return refuse(400, issue.message as Text, values);
}

/**
 * Validates a JSON body against a shared schema at the edge. Answers 415 for
 * a body that is not JSON, 400 for malformed JSON and 400 with the schema's
 * first refusal for a bad payload, each in the request's language. Handlers
 * read the typed result with `c.req.valid("json")`.
 */
export function jsonBody<S extends z.ZodMiniType>(schema: S) {
  const read = validator("json", (value, c) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) return refusalAnswer(c, issueRefusal(parsed.error.issues[0]));
    return parsed.data as z.output<S>;
  });
  const check: typeof read = async (c, next) => {
    if (!isJsonContentType(c.req.header("content-type"))) return refusalAnswer(c, refuse(415, NOT_JSON));
    // Parsed here first (Hono keeps the parse for the validator), so malformed JSON is refused with its own text.
    try {
      await c.req.json();
    } catch {
      return refusalAnswer(c, refuse(400, MALFORMED_JSON));
    }
    return await read(c, next);
  };
  return check;
}
