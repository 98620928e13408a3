import { inLane, shortestLane } from "./lanes.ts";
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
 * do not all commit to one key and lose the race (16
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
 * commit (a sign-in's five commits, each synced to the disk, were
 * most of its time in a burst). The first limit, in order, already full
 * answers its index, and nothing is counted or written. Each limit is kept as
 * hitRateLimit keeps it (the same keys and shards), and a lost race reads
 * again and retries; still losing at the bound refuses as the first limit.
 *
 * A shared budget's many hits at once (a tenant's texts in a burst of logins)
 * each take the shard with the fewest hits waiting in this isolate, and a
 * shard's hits take turns (kv/lanes.ts), so they commit at their first try
 * while the shards count side by side. A turn counts every hit waiting for
 * its shard (up to TURN_KEYS keys) in one read and one commit, each hit against
 * the counts of those before it, as if they had committed one by one.
 */
export async function hitRateLimits(
  kv: Deno.Kv,
  limits: Limit[],
  now: number,
  also: (op: Deno.AtomicOperation) => void = () => {},
): Promise<LimitsResult> {
  const shared = limits.findIndex((l) => l.limit >= SHARDED_FROM);
  if (shared < 0) return (await countTogether(kv, [{ limits, now, also }]))[0];
  const { bucket, subject } = limits[shared];
  const lanes = Array.from({ length: SHARDS }, (_, i) => `limit ${bucket} ${subject} ${i}`);
  const shard = shortestLane(kv, lanes);
  const hit: Waiting = { limits, now, also, shard, counted: Promise.withResolvers() };
  const waiting = waitingOf(kv, lanes[shard]);
  waiting.push(hit);
  return await inLane(kv, lanes[shard], async () => {
    // Counted already, with an earlier hit's turn; else this hit is the first still waiting, and counts the rest.
    const turn = takeTurn(waiting, hit);
    const byLane = waitingByStore.get(kv);
    if (waiting.length === 0 && byLane?.get(lanes[shard]) === waiting) byLane.delete(lanes[shard]);
    if (turn.length) {
      await countTogether(kv, turn).then(
        (results) => turn.forEach((h, i) => h.counted.resolve(results[i])),
        (err) => turn.forEach((h) => h.counted.reject(err)),
      );
    }
    return await hit.counted.promise;
  });
}

/** The most keys one turn writes (a hit writes one a limit: 4 for a login), so its commit checks fewer than 100. */
const TURN_KEYS = 64;

/** `hit` and the hits waiting after it, while their limits fit in TURN_KEYS; none when `hit` was counted already. */
function takeTurn(waiting: Waiting[], hit: Waiting): Waiting[] {
  const from = waiting.indexOf(hit);
  if (from < 0) return [];
  let end = from + 1;
  let keys = hit.limits.length;
  while (end < waiting.length && (keys += waiting[end].limits.length) <= TURN_KEYS) end++;
  return waiting.splice(from, end - from);
}

interface Hit {
  limits: Limit[];
  now: number;
  also: (op: Deno.AtomicOperation) => void;
  /** The shard of the first shared limit this hit counts on (its lane); a random one when none is given. */
  shard?: number;
}

interface Waiting extends Hit {
  counted: PromiseWithResolvers<LimitsResult>;
}

const waitingByStore = new WeakMap<Deno.Kv, Map<string, Waiting[]>>();

/** The hits waiting for their turn in `lane` of this store, first come first. */
function waitingOf(kv: Deno.Kv, lane: string): Waiting[] {
  let byLane = waitingByStore.get(kv);
  if (!byLane) waitingByStore.set(kv, byLane = new Map());
  let waiting = byLane.get(lane);
  if (!waiting) byLane.set(lane, waiting = []);
  return waiting;
}

/**
 * Counts `hits` in order in one commit: each hit is counted whole or refused
 * whole, against what was read plus the hits before it. A lost race reads
 * again and counts them all again; still losing at the bound refuses each as
 * its first limit.
 */
async function countTogether(kv: Deno.Kv, hits: Hit[]): Promise<LimitsResult[]> {
  const plans = hits.map((hit) => {
    const shared = hit.limits.findIndex((l) => l.limit >= SHARDED_FROM);
    return hit.limits.map(({ bucket, subject, limit, windowMs }, i) => {
      const windowStart = Math.floor(hit.now / windowMs) * windowMs;
      const shards = limit >= SHARDED_FROM ? SHARDS : 1;
      return {
        keys: Array.from({ length: shards }, (_, s) => keys.rateWindow(bucket, subject, windowStart, s)),
        mine: i === shared && hit.shard !== undefined ? hit.shard : Math.floor(Math.random() * shards),
        keepMs: windowMs + 60_000,
        retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - hit.now) / 1000)),
      };
    });
  });
  try {
    return await commitWithRetry<LimitsResult[]>("count the hits", async () => {
      const read = await readAll(kv, plans.flat().flatMap((plan) => plan.keys));
      const adds = new Map<string, { entry: Deno.KvEntryMaybe<number>; by: number; keepMs: number }>();
      const valueOf = (key: Deno.KvKey) => {
        const id = JSON.stringify(key);
        return (read.get(id)?.value ?? 0) + (adds.get(id)?.by ?? 0);
      };
      const results = hits.map((hit, h): LimitsResult => {
        for (const [i, plan] of plans[h].entries()) {
          const count = plan.keys.reduce((sum, key) => sum + valueOf(key), 0);
          if (count >= hit.limits[i].limit) return { allowed: false, refusedBy: i, retryAfter: plan.retryAfter };
        }
        for (const plan of plans[h]) {
          const id = JSON.stringify(plan.keys[plan.mine]);
          const add = adds.get(id) ?? { entry: read.get(id)!, by: 0, keepMs: plan.keepMs };
          adds.set(id, { ...add, by: add.by + 1, keepMs: Math.max(add.keepMs, plan.keepMs) });
        }
        return { allowed: true, retryAfter: plans[h][0].retryAfter };
      });
      if (adds.size === 0) return results;
      const op = kv.atomic();
      for (const { entry, by, keepMs } of adds.values()) {
        op.check(entry).set(entry.key, (entry.value ?? 0) + by, { expireIn: keepMs });
      }
      hits.forEach((hit, h) => results[h].allowed && hit.also(op));
      return await committed(op, results);
    });
  } catch (err) {
    if (!(err instanceof ContentionError)) throw err;
    return plans.map((plan) => ({ allowed: false, refusedBy: 0, retryAfter: plan[0].retryAfter }));
  }
}

/** getMany reads at most this many keys. */
const READ_AT_ONCE = 10;

/** The entries of `keys` (each once), by their JSON, in as few reads as getMany allows. */
async function readAll(kv: Deno.Kv, keys: Deno.KvKey[]): Promise<Map<string, Deno.KvEntryMaybe<number>>> {
  const byId = new Map(keys.map((key) => [JSON.stringify(key), key]));
  const unique = [...byId.values()];
  const reads = [];
  for (let i = 0; i < unique.length; i += READ_AT_ONCE) {
    reads.push(kv.getMany<number[]>(unique.slice(i, i + READ_AT_ONCE)));
  }
  const entries = (await Promise.all(reads)).flat();
  return new Map(entries.map((entry) => [JSON.stringify(entry.key), entry]));
}
