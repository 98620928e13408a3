import { keys } from "./keys.ts";
import { backoff } from "./retry.ts";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfter: number;
}

/**
 * Counts one hit in a fixed window kept in KV, so the limit holds across
 * instances (ARCHITECTURE.md "Scale beyond one machine"). A hit over the limit
 * is not counted. Concurrent hits retry on versionstamp conflict.
 */
export async function hitRateLimit(
  kv: Deno.Kv,
  { bucket, subject, limit, windowMs, now }: {
    bucket: string;
    subject: string;
    limit: number;
    windowMs: number;
    now: number;
  },
): Promise<RateLimitResult> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  const key = keys.rateWindow(bucket, subject, windowStart);
  for (let attempt = 0; attempt < 30; attempt++) {
    const entry = await kv.get<number>(key);
    const count = entry.value ?? 0;
    if (count >= limit) return { allowed: false, retryAfter };
    const res = await kv.atomic().check(entry).set(key, count + 1, { expireIn: windowMs + 60_000 }).commit();
    if (res.ok) return { allowed: true, retryAfter };
    await backoff(attempt);
  }
  // Still losing races after 30 tries: refuse rather than let a flood through uncounted.
  return { allowed: false, retryAfter };
}
