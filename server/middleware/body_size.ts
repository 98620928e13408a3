import { bodyLimit } from "hono/body-limit";
import { refuse } from "../../domain/refusal.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { refusalAnswer } from "../refusal_answer.ts";

export const TOO_LARGE: Text = "Request is too large";

/**
 * Refuses a JSON body over `maxSize` bytes with 413, by Content-Length before
 * reading or as soon as a streamed body passes it. Every JSON call has one
 * (4 KB unless it carries more, like a week's schedule).
 */
export function smallBody(maxSize = 4096) {
  return bodyLimit({ maxSize, onError: (c) => refusalAnswer(c, refuse(413, TOO_LARGE)) });
}
