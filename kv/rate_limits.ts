import { keys } from "./keys.ts";
import { committed, commitWithRetry, ContentionError } from "./retry.ts";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfter: number;
}

/**
 * Limits of at least this many hits a window are counted on SHARDS keys, so
 * the many honest requests a shared budget sees at once (a tenant's texts)
 * do not all commit to one key and lose the race (issue 16, item 7: 16
 * sign-ins at once used up the retries and were refused). Smaller limits are
 * one key each, exact under any burst: only one number's or one network's
 * requests meet there.
 */
export const SHARDED_FROM = 100;
export const SHARDS = 8; // getMany reads at most 10 keys

/**
 * Counts one hit in a fixed window kept in KV, so the limit holds across
 * server processes sharing one store (a per-process count would let each of
 * them admit the whole limit). A hit over the limit is not counted. A sharded
 * count reads every shard and commits to one, so concurrent hits may pass the
 * limit by at most the hits in flight at once on other shards.
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
  const shards = limit >= SHARDED_FROM ? SHARDS : 1;
  const key = (shard: number) => keys.rateWindow(bucket, subject, windowStart, shard);
  const mine = Math.floor(Math.random() * shards);
  try {
    return await commitWithRetry("count the hit", async () => {
      const entries = await kv.getMany<number[]>(Array.from({ length: shards }, (_, i) => key(i)));
      const count = entries.reduce((sum, e) => sum + (e.value ?? 0), 0);
      if (count >= limit) return { allowed: false, retryAfter };
      const own = entries[mine];
      const op = kv.atomic().check(own).set(own.key, (own.value ?? 0) + 1, { expireIn: windowMs + 60_000 });
      return await committed(op, { allowed: true, retryAfter });
    });
  } catch (err) {
    // Still losing races at the bound: refuse rather than let a flood through uncounted.
    if (err instanceof ContentionError) return { allowed: false, retryAfter };
    throw err;
  }
}
