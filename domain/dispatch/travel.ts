/**
 * The travel model of automatic dispatch, the same as the arrival times' (lib/eta.ts, lib/routing.ts): the straight
 * line × ROAD_FACTOR at URBAN_SPEED_KMH, or, with ROUTING_URL, the OSRM-compatible service's `/table`, which answers
 * the whole matrix of a plan's points in one call. A failed, slow or odd answer, a pair it cannot route, or more
 * points than one table takes (TABLE_MAX_POINTS, OSRM's default limit) fall back to the estimate. Times are in ms;
 * each stop also takes STOP_SERVICE_MS (pulling up, a door), the minute the arrival times add.
 */
import { PULL_UP_MINUTES, ROAD_FACTOR, URBAN_SPEED_KMH } from "../../lib/eta.ts";
import { distanceMeters, type Point } from "../../lib/geo.ts";
import { ROUTING_TIMEOUT_MS } from "../../lib/routing.ts";

/** The time a stop takes: pulling up, the rider boarding or leaving. */
export const STOP_SERVICE_MS = PULL_UP_MINUTES * 60_000;
/** OSRM's default `--max-table-size`: a bigger table is refused, so the estimate answers. */
export const TABLE_MAX_POINTS = 100;
/** One log line a minute at most while the service keeps failing. */
const LOG_EVERY_MS = 60_000;

const MS_PER_METER = 3_600_000 / (URBAN_SPEED_KMH * 1000);

/** Travel ms between point i and point j of the list the matrix was made for. */
export type TravelMatrix = (i: number, j: number) => number;

export interface Travel {
  /** The travel times among `points`: never throws. */
  matrix(points: readonly Point[]): Promise<TravelMatrix>;
}

/** Estimated ms from `a` to `b`: the straight line × ROAD_FACTOR at URBAN_SPEED_KMH. */
export function estimateMs(a: Point, b: Point): number {
  return distanceMeters(a, b) * ROAD_FACTOR * MS_PER_METER;
}

/** The estimate among `points`, worked out when a pair is asked (a plan of 2,000 points asks few of its 4M pairs). */
export function estimateMatrix(points: readonly Point[]): TravelMatrix {
  return (i, j) => i === j ? 0 : estimateMs(points[i], points[j]);
}

export const estimateTravel: Travel = { matrix: (points) => Promise.resolve(estimateMatrix(points)) };

/** The travel model for ROUTING_URL: its `/table` service when set, else the estimate. */
export function travelModel(
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
): Travel {
  if (!baseUrl) return estimateTravel;
  let loggedAt = -Infinity;

  async function table(points: readonly Point[]): Promise<(number | null)[][] | null> {
    const coords = points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(";");
    try {
      const res = await fetchFn(`${baseUrl}/table/v1/driving/${coords}?annotations=duration`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = res.ok ? await res.json() : await res.body?.cancel();
      const rows = body?.code === "Ok" ? body.durations : undefined;
      if (Array.isArray(rows) && rows.length === points.length) return rows;
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
    async matrix(points) {
      const estimate = estimateMatrix(points);
      if (points.length < 2 || points.length > TABLE_MAX_POINTS) return estimate;
      const rows = await table(points);
      if (!rows) return estimate;
      const n = points.length;
      const ms = new Float64Array(n * n);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const s = Array.isArray(rows[i]) ? rows[i][j] : null;
          ms[i * n + j] = typeof s === "number" && Number.isFinite(s) && s >= 0 ? s * 1000 : estimate(i, j);
        }
      }
      return (i, j) => ms[i * n + j];
    },
  };
}
