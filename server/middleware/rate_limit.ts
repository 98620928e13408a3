import type { Store } from "../../kv/store.ts";
import type { MiddlewareHandler } from "hono";
import { hitRateLimit } from "../../kv/rate_limits.ts";
import type { Env } from "../env.ts";

export interface RateLimitOptions {
  kv: Store;
  now: () => number;
  /** Names the limit in KV, e.g. "inquiries". */
  bucket: string;
  limit: number;
  windowMs: number;
  /** Who is counted: usually the client address. */
  subject: (c: Parameters<MiddlewareHandler<Env>>[0]) => string;
  message?: string;
}

/** Answers 429 with Retry-After once `subject` has used `limit` hits in the window. */
export function rateLimit(
  { kv, now, bucket, limit, windowMs, subject, message = "Too many requests. Please try again later." }:
    RateLimitOptions,
): MiddlewareHandler<Env> {
  return async function rateLimit(c, next) {
    const result = await hitRateLimit(kv, { bucket, subject: subject(c), limit, windowMs, now: now() });
    if (!result.allowed) {
      return c.json({ error: message }, 429, { "retry-after": String(result.retryAfter) });
    }
    await next();
  };
}
