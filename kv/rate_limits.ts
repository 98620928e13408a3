import { inShortestLane } from "./lanes.ts";
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
export const SHARDS = 8;

/**
 * Counts one hit in a fixed window kept in KV, so the limit holds across
 * server processes sharing one store (a per-process count would let each of
 * them admit the whole limit). A hit over the limit is not counted. A sharded
 * count reads every shard and commits to one, so concurrent hits may pass the
 * limit by at most the hits in flight at once on other shards.
 */
export async function hitRateLimit(
  kv: Deno.Kv,
  { now, ...limit }: Limit & { now: number },
): Promise<RateLimitResult> {
  const hit = await hitRateLimits(kv, [limit], now);
  return { allowed: hit.allowed, retryAfter: hit.retryAfter };
}

/** One limit of hitRateLimits: hits of `subject` in `bucket`, at most `limit` a window. */
export interface Limit {
  bucket: string;
  subject: string;
  limit: number;
  windowMs: number;
}

/** `retryAfter`: seconds until the window of the refusing limit ends, or of the first limit when all allowed. */
export type LimitsResult = { allowed: true; retryAfter: number } | {
  allowed: false;
  refusedBy: number;
  retryAfter: number;
};

/**
 * Counts one hit on every one of `limits`, with `also`'s writes, in one
 * commit (issue 24: a sign-in's five commits, each synced to the disk, were
 * most of its time in a burst). The first limit, in order, already full
 * answers its index, and nothing is counted or written. Each limit is kept as
 * hitRateLimit keeps it (the same keys and shards), and a lost race reads
 * again and retries; still losing at the bound refuses as the first limit.
 */
export async function hitRateLimits(
  kv: Deno.Kv,
  limits: Limit[],
  now: number,
  also: (op: Deno.AtomicOperation) => void = () => {},
): Promise<LimitsResult> {
  const plans = limits.map(({ bucket, subject, limit, windowMs }) => {
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const shards = limit >= SHARDED_FROM ? SHARDS : 1;
    return {
      keys: Array.from({ length: shards }, (_, i) => keys.rateWindow(bucket, subject, windowStart, i)),
      mine: Math.floor(Math.random() * shards),
      retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
    };
  });
  // A shared budget's many hits at once (a tenant's texts) each take the shard with the fewest hits waiting in this
  // isolate, and a shard's hits are counted one after another, so they commit at their first try while the shards
  // count side by side.
  const shared = limits.findIndex((l) => l.limit >= SHARDED_FROM);
  const count = (sharedShard?: number) =>
    commitWithRetry<LimitsResult>("count the hits", async () => {
      const read = await readAll(kv, plans.map((plan) => plan.keys));
      const op = kv.atomic();
      for (const [i, plan] of plans.entries()) {
        const count = read[i].reduce((sum, e) => sum + (e.value ?? 0), 0);
        if (count >= limits[i].limit) return { allowed: false, refusedBy: i, retryAfter: plan.retryAfter };
        const own = read[i][i === shared && sharedShard !== undefined ? sharedShard : plan.mine];
        op.check(own).set(own.key, (own.value ?? 0) + 1, { expireIn: limits[i].windowMs + 60_000 });
      }
      also(op);
      return await committed(op, { allowed: true, retryAfter: plans[0].retryAfter });
    });
  try {
    if (shared < 0) return await count();
    const { bucket, subject } = limits[shared];
    const shardLanes = plans[shared].keys.map((_, i) => `limit ${bucket} ${subject} ${i}`);
    return await inShortestLane(kv, shardLanes, count);
  } catch (err) {
    if (err instanceof ContentionError) return { allowed: false, refusedBy: 0, retryAfter: plans[0].retryAfter };
    throw err;
  }
}

/** getMany reads at most this many keys. */
const READ_AT_ONCE = 10;

/** The entries of every list of `keyLists`, list by list, in as few reads as getMany allows (issue 24). */
async function readAll(kv: Deno.Kv, keyLists: Deno.KvKey[][]): Promise<Deno.KvEntryMaybe<number>[][]> {
  const flat = keyLists.flat();
  const reads = [];
  for (let i = 0; i < flat.length; i += READ_AT_ONCE) reads.push(kv.getMany<number[]>(flat.slice(i, i + READ_AT_ONCE)));
  const entries = (await Promise.all(reads)).flat();
  let at = 0;
  return keyLists.map((list) => entries.slice(at, at += list.length));
}
