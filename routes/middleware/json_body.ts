import { validator } from "hono/validator";
import type * as z from "zod/mini";

/**
 * Validates a JSON body against a shared schema at the edge. Answers 415 for
 * a body that is not JSON, 400 for malformed JSON (via HTTPException) and 400
 * with the schema's first message for a bad payload. Handlers read the typed
 * result with `c.req.valid("json")`.
 */
export function jsonBody<S extends z.ZodMiniType>(schema: S) {
  return validator("json", (value, c) => {
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/([\w.-]+\+)?json\b/i.test(type)) {
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
