/**
 * The dispatcher's alerts (GET /{t}/api/dispatch/state, docs/dispatch.md): computed from the fleet as read, never
 * stored, so each clears when its cause does.
 *
 * - "late": a pickup still to do that the plan predicts later than the ride's promise (its pickup window's start:
 *   the request, or the time booked, or when a dispatcher placed it) plus the tenant's maxWaitMinutes. A prediction
 *   already past counts as now: the pickup cannot happen earlier. `minutes`: beyond that latest, rounded up.
 * - "silent": a driver online with riders planned or aboard (a plan of theirs with stops, or an active ride assigned
 *   to them, which covers dispatch by drivers) whose last report is SILENT_MS old or more; also after the fleet stops
 *   counting them (kv/drivers.ts DRIVER_STALE_MS), since their riders aboard stay with them.
 * - "idle-outside": a driver counted online with nothing to do whose position is outside the service area.
 *
 * Pure: plain objects in, alerts out, oldest first.
 */
import { insideArea } from "../../lib/geo.ts";
import type { ServiceArea } from "../../lib/schemas.ts";
import { type DriverState, isCounted } from "../../kv/drivers.ts";
import type { PlanStop } from "../../kv/plans.ts";
import type { RideStatus } from "../../lib/rides.ts";

/** A driver whose last report is this old, with riders planned or aboard, is silent. */
export const SILENT_MS = 2 * 60_000;

const MINUTE = 60_000;

export type AlertKind = "late" | "silent" | "idle-outside";

export interface DispatchAlert {
  kind: AlertKind;
  /** The vehicle the driver drives; null for a driver who names none (dispatch by drivers). */
  vehicleId: string | null;
  driverId: string;
  /** "late" only: the ride whose pickup is late. */
  rideId?: string;
  /** late: minutes beyond the latest promised pickup; silent: since the last report; idle-outside: outside since. */
  minutes: number;
  /** Epoch ms: late, the ride's promise; silent, the last report; idle-outside, the first report outside. */
  since: number;
}

export interface AlertInput {
  now: number;
  maxWaitMinutes: number;
  area: ServiceArea;
  drivers: readonly Pick<
    DriverState,
    "userId" | "isAvailable" | "location" | "updatedAt" | "vehicleId" | "outsideSince"
  >[];
  plans: readonly {
    vehicleId: string;
    driverId: string;
    stops: readonly Pick<PlanStop, "rideId" | "kind" | "earliest" | "plannedAt" | "doneAt">[];
  }[];
  /** The tenant's active rides (a pending one with no driver holds no one). */
  rides: readonly { assignedDriverId: string | null; status: RideStatus }[];
}

export function fleetAlerts({ now, maxWaitMinutes, area, drivers, plans, rides }: AlertInput): DispatchAlert[] {
  const holding = new Set<string>();
  for (const p of plans) if (p.stops.length) holding.add(p.driverId);
  for (const r of rides) if (r.assignedDriverId) holding.add(r.assignedDriverId);
  const out: DispatchAlert[] = [];
  const wait = maxWaitMinutes * MINUTE;
  for (const p of plans) {
    for (const s of p.stops) {
      if (s.kind !== "pickup" || s.doneAt !== undefined) continue;
      const latest = s.earliest + wait;
      const predicted = Math.max(s.plannedAt, now);
      if (predicted <= latest) continue;
      out.push({
        kind: "late",
        vehicleId: p.vehicleId,
        driverId: p.driverId,
        rideId: s.rideId,
        minutes: Math.ceil((predicted - latest) / MINUTE),
        since: s.earliest,
      });
    }
  }
  for (const d of drivers) {
    if (!d.isAvailable || !d.location) continue;
    const vehicleId = d.vehicleId ?? null;
    if (holding.has(d.userId)) {
      if (now - d.updatedAt < SILENT_MS) continue;
      out.push({
        kind: "silent",
        vehicleId,
        driverId: d.userId,
        minutes: Math.floor((now - d.updatedAt) / MINUTE),
        since: d.updatedAt,
      });
    } else if (isCounted(d, now) && !insideArea(d.location, area)) {
      // A state written before positions were checked against the area has no outsideSince: its last report.
      const since = Math.min(d.outsideSince ?? d.updatedAt, now);
      out.push({
        kind: "idle-outside",
        vehicleId,
        driverId: d.userId,
        minutes: Math.floor((now - since) / MINUTE),
        since,
      });
    }
  }
  return out.sort(oldestFirst);
}

function oldestFirst(a: DispatchAlert, b: DispatchAlert): number {
  return a.since - b.since || cmp(a.kind, b.kind) || cmp(a.driverId, b.driverId) || cmp(a.rideId, b.rideId);
}

const cmp = (a = "", b = "") => (a < b ? -1 : a > b ? 1 : 0);
