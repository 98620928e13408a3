import { validator } from "hono/validator";
import type * as z from "zod/mini";

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

/**
 * Validates a JSON body against a shared schema at the edge. Answers 415 for
 * a body that is not JSON, 400 for malformed JSON (via HTTPException) and 400
 * with the schema's first message for a bad payload. Handlers read the typed
 * result with `c.req.valid("json")`.
 */
export function jsonBody<S extends z.ZodMiniType>(schema: S) {
  return validator("json", (value, c) => {
    if (!isJsonContentType(c.req.header("content-type"))) {
      return c.json({ error: "Expected a JSON body (Content-Type: application/json)" }, 415);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const error = issue.path.length === 0 ? "Expected a JSON object" : issue.message;
      return c.json({ error }, 400);
    }
    return parsed.data as z.output<S>;
  });
}
