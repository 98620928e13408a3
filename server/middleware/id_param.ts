import type { MiddlewareHandler } from "hono";
import { ID_PATTERN } from "../../lib/schemas.ts";
import type { Env } from "../env.ts";
import { refuse } from "../../domain/refusal.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { refusalAnswer } from "../refusal_answer.ts";

/**
 * Answers 404 `{ error: notFound }` when the path parameter `name` is not a
 * record id (lib/schemas.ts ID_PATTERN): such an id names nothing, and
 * hostile text (a 3 KB id) never reaches a KV key. Goes after the auth
 * guards, so a stranger still learns only that they must sign in.
 */
export function idParam(name: string, notFound: Text): MiddlewareHandler<Env> {
  return async function idParam(c, next) {
    if (!ID_PATTERN.test(c.req.param(name) ?? "")) return refusalAnswer(c, refuse(404, notFound));
    await next();
  };
}
