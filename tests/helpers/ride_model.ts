/**
 * A model of the ride rules (spec section 4, docs/architecture.md "Rides"),
 * written apart from lib/rides.ts so the model-based race test compares two
 * readings of the spec: what a call should answer, and what it changes.
 */
import type { RideStatus } from "../../lib/rides.ts";

/** People of the model world: riders r0-r2 request; drivers d0-d2 and the admin drive. */
export type Key = "r0" | "r1" | "r2" | "d0" | "d1" | "d2" | "admin";
export const RIDERS: Key[] = ["r0", "r1", "r2"];
export const DRIVERS: Key[] = ["d0", "d1", "d2", "admin"];
export const EVERYONE: Key[] = [...RIDERS, ...DRIVERS];

export interface ModelRide {
  id: string;
  rider: Key;
  status: RideStatus;
  driver: Key | null;
  /** The step in which its driver reported reaching the pickup (lib/no_show_wait.ts); null until then. */
  reachedStep: number | null;
}

export interface Model {
  rides: ModelRide[];
  /** Drivers online with a location. */
  online: Set<Key>;
  /** Steps so far: one with an arrival ends by moving the clock past the wait before a no-show. */
  step: number;
}

export type Op =
  | { kind: "request"; who: Key }
  | { kind: "move"; who: Key; slot: number; to: RideStatus }
  | { kind: "delete"; who: Key; slot: number }
  | { kind: "availability"; who: Key; on: boolean }
  /** The driver reports their position at the pickup every ride of the model has. */
  | { kind: "arrive"; who: Key };

/** An op with its ride resolved against the model when its batch starts. */
export type BoundOp = Op & { rideId?: string };

const ACTIVE: RideStatus[] = ["pending", "accepted", "on-the-way", "arrived", "picked-up"];
const FINAL: RideStatus[] = ["completed", "canceled", "no-show"];
const DRIVER_MOVES: Partial<Record<RideStatus, RideStatus[]>> = {
  pending: ["accepted"],
  accepted: ["on-the-way"],
  "on-the-way": ["arrived", "no-show"],
  arrived: ["completed"],
  "picked-up": ["completed"],
};

/** Every (from → to) a ride may take; a deleted active ride shows as canceled. */
export function allowedStep(from: RideStatus | null, to: RideStatus): boolean {
  if (from === null) return to === "pending";
  if (to === "canceled") return ACTIVE.includes(from);
  return DRIVER_MOVES[from]?.includes(to) ?? false;
}

export const drives = (who: Key) => DRIVERS.includes(who);

export function cloneModel(m: Model): Model {
  return { rides: m.rides.map((r) => ({ ...r })), online: new Set(m.online), step: m.step };
}

/** What `op` should answer in `m`, and the change it makes (applied to `m` given the answer's body). */
export function expectOp(m: Model, op: BoundOp): { status: number; apply?: (body: unknown) => void } {
  const ride = op.rideId ? m.rides.find((r) => r.id === op.rideId) : undefined;
  switch (op.kind) {
    case "availability":
      return { status: 200, apply: () => op.on ? m.online.add(op.who) : m.online.delete(op.who) };
    case "arrive": {
      const waiting = m.rides.filter((r) =>
        r.driver === op.who && (r.status === "accepted" || r.status === "on-the-way") && r.reachedStep === null
      );
      return { status: 200, apply: () => waiting.forEach((r) => r.reachedStep = m.step) };
    }
    case "request": {
      if (m.online.size === 0) return { status: 409 };
      if (m.rides.some((r) => r.rider === op.who && ACTIVE.includes(r.status))) return { status: 409 };
      return {
        status: 201,
        apply: (body) => {
          const id = (body as { ride: { id: string } }).ride.id;
          m.rides.push({ id, rider: op.who, status: "pending", driver: null, reachedStep: null });
        },
      };
    }
    case "delete": {
      if (op.who !== "admin") return { status: 403 };
      if (!ride) return { status: 404 };
      return { status: 200, apply: () => m.rides.splice(m.rides.indexOf(ride), 1) };
    }
    case "move":
      return expectMove(m, op.who, ride, op.to);
  }
}

function expectMove(m: Model, who: Key, ride: ModelRide | undefined, to: RideStatus) {
  if (!ride) return { status: 404 };
  const isRider = ride.rider === who;
  const isAssigned = ride.driver === who;
  const change = (driver: Key | null = ride.driver) => ({
    status: 200,
    apply: () => Object.assign(ride, { status: to, driver }),
  });
  if (ride.status === to && (isRider || isAssigned)) return { status: 200 }; // a repeat changes nothing
  if (!drives(who)) {
    if (!isRider) return { status: 404 };
    return to === "canceled" && ACTIVE.includes(ride.status) ? change() : { status: 409 };
  }
  const from = ride.status;
  if (FINAL.includes(from)) return { status: 409 };
  if (from === "accepted" && to === "accepted" && !isAssigned) return { status: 409 };
  if (from !== "pending" && !isAssigned) return { status: 403 };
  if (to === "canceled") return change();
  if (!DRIVER_MOVES[from]?.includes(to)) return { status: 409 };
  const busy = m.rides.some((r) => r !== ride && r.driver === who && ["on-the-way", "arrived"].includes(r.status));
  if (to === "on-the-way" && busy) return { status: 409 };
  // A no-show only once the driver reached the pickup in an earlier step: the wait has passed since.
  if (to === "no-show" && (ride.reachedStep === null || ride.reachedStep >= m.step)) return { status: 409 };
  return change(to === "accepted" ? who : ride.driver);
}

/** Every order of `items` (at most a handful). */
export function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((p) => [x, ...p]));
}
