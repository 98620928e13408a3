/**
 * Arrival times from a routing service. With ROUTING_URL set, the
 * time is the route's duration from an OSRM-compatible service
 * (`GET {ROUTING_URL}/route/v1/driving/{lng},{lat};{lng},{lat}?overview=false`
 * → `{ code: "Ok", routes: [{ duration }] }`, seconds); when it fails,
 * answers anything else, or takes longer than ROUTING_TIMEOUT_MS, the
 * straight-line estimate of lib/eta.ts. Without it, always the estimate.
 *
 * Answers are kept ROUTING_REUSE_MS per pair of points rounded to about 10 m,
 * so a driver reporting every few seconds from the same street corner, and
 * every screen asking about the same ride, cost one request.
 */
import { estimateMinutes, routeMinutes } from "./eta.ts";
import type { Point } from "./geo.ts";

export const ROUTING_TIMEOUT_MS = 1000;
export const ROUTING_REUSE_MS = 30_000;
const MAX_KEPT = 2000;
/** One log line a minute at most while the service keeps failing. */
const LOG_EVERY_MS = 60_000;

export interface EtaSource {
  /** Whole minutes from `from` to `to`: never throws. */
  minutes(from: Point, to: Point): Promise<number>;
}

/** The straight-line estimate, without any service. */
export const estimateSource: EtaSource = {
  minutes: (from, to) => Promise.resolve(estimateMinutes(from, to)),
};

export function routingSource(
  baseUrl: string | null,
  {
    fetchFn = fetch,
    now = () => Date.now(),
    log = () => {},
    timeoutMs = ROUTING_TIMEOUT_MS,
  }: {
    fetchFn?: typeof fetch;
    now?: () => number;
    log?: (event: { event: string; level?: "warn"; error: string }) => void;
    timeoutMs?: number;
  } = {},
): EtaSource {
  if (!baseUrl) return estimateSource;
  const kept = new Map<string, { minutes: number; at: number }>();
  let loggedAt = -Infinity;

  async function ask(from: Point, to: Point): Promise<number | null> {
    const path = `${from.lng.toFixed(6)},${from.lat.toFixed(6)};${to.lng.toFixed(6)},${to.lat.toFixed(6)}`;
    try {
      const res = await fetchFn(`${baseUrl}/route/v1/driving/${path}?overview=false`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = res.ok ? await res.json() : await res.body?.cancel();
      const duration = body?.code === "Ok" ? body.routes?.[0]?.duration : undefined;
      if (typeof duration === "number" && Number.isFinite(duration) && duration >= 0) return routeMinutes(duration);
      throw new Error(res.ok ? `answered ${String(body?.code)}` : `answered ${res.status}`);
    } catch (err) {
      if (now() - loggedAt >= LOG_EVERY_MS) {
        loggedAt = now();
        log({ event: "routing.failed", level: "warn", error: (err as Error).message });
      }
      return null;
    }
  }

  return {
    async minutes(from, to) {
      const key = `${from.lat.toFixed(4)},${from.lng.toFixed(4)};${to.lat.toFixed(4)},${to.lng.toFixed(4)}`;
      const hit = kept.get(key);
      if (hit && now() - hit.at < ROUTING_REUSE_MS) return hit.minutes;
      const routed = await ask(from, to);
      if (routed === null) return estimateMinutes(from, to);
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, { minutes: routed, at: now() });
      return routed;
    },
  };
}
