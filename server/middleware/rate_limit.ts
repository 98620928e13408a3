import type { Store } from "../../kv/store.ts";
import type { MiddlewareHandler } from "hono";
import { hitRateLimit } from "../../kv/rate_limits.ts";
import type { Env } from "../env.ts";
import { refuse } from "../../domain/refusal.ts";
import type { Text } from "../../lib/i18n/catalogue.ts";
import { refusalAnswer } from "../refusal_answer.ts";

export interface RateLimitOptions {
  kv: Store;
  now: () => number;
  /** Names the limit in KV, e.g. "inquiries". */
  bucket: string;
  limit: number;
  windowMs: number;
  /** Who is counted: usually the client address. */
  subject: (c: Parameters<MiddlewareHandler<Env>>[0]) => string;
  /** The refusal's text (a catalogue text), in the request's language. */
  message?: Text;
}

/** Answers 429 with Retry-After once `subject` has used `limit` hits in the window. */
export function rateLimit(
  { kv, now, bucket, limit, windowMs, subject, message = "Too many requests. Please try again later." }:
    RateLimitOptions,
): MiddlewareHandler<Env> {
  return async function rateLimit(c, next) {
    const result = await hitRateLimit(kv, { bucket, subject: subject(c), limit, windowMs, now: now() });
    if (!result.allowed) {
      return refusalAnswer(c, refuse(429, message, undefined, result.retryAfter));
    }
    await next();
  };
}
