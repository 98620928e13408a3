import { keys } from "./keys.ts";
import { committed, commitWithRetry, ContentionError } from "./retry.ts";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfter: number;
}

/**
 * Counts one hit in a fixed window kept in KV, so the limit holds across
 * server processes sharing one store (a per-process count would let each of
 * them admit the whole limit). A hit over the limit is not counted.
 * Concurrent hits retry on versionstamp conflict.
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
  try {
    return await commitWithRetry("count the hit", async () => {
      const entry = await kv.get<number>(key);
      const count = entry.value ?? 0;
      if (count >= limit) return { allowed: false, retryAfter };
      const op = kv.atomic().check(entry).set(key, count + 1, { expireIn: windowMs + 60_000 });
      return await committed(op, { allowed: true, retryAfter });
    });
  } catch (err) {
    // Still losing races at the bound: refuse rather than let a flood through uncounted.
    if (err instanceof ContentionError) return { allowed: false, retryAfter };
    throw err;
  }
}
