/**
 * Rides in automatic dispatch as riders, drivers and admins read them: the refusals of a request no vehicle can
 * take, and the shape of a vehicle's plan as the plan calls answer it (GET /{t}/api/drivers/plan, /admin/plans).
 */
import type { Point } from "./geo.ts";
import type { Text } from "./i18n/catalogue.ts";
import type { Need } from "./needs.ts";
import type { Vehicle } from "./vehicles.ts";

/** 409: no vehicle can take the ride within the tenant's longest wait ({minutes}: maxWaitMinutes). */
export const NO_SHUTTLE_TEXT: Text =
  "No shuttle can pick you up within {minutes} minutes. Try again soon or book for later.";
/** 400: automatic dispatch plans the drop-off too, so it needs its point, not only a typed destination. */
export const DROPOFF_NEEDED_TEXT: Text = "Please select a destination on the map or choose a place.";

/** One stop of a vehicle's plan as the plan calls answer it. */
export interface PlanStopView {
  rideId: string;
  kind: "pickup" | "dropoff";
  point: Point;
  /** The pickup's named place, or the ride's destination text; null when the ride has none. */
  name: string | null;
  passengerCt: number;
  needs: Need[];
  /** When the plan expects the stop (epoch ms). */
  plannedAt: number;
}

/** A driver's plan: their vehicle (null when they drive none) and its stops still to do, in order. */
export interface DriverPlanView {
  vehicle: Vehicle | null;
  stops: PlanStopView[];
}

/** An online vehicle's plan with its driver (admins). */
export interface VehiclePlanView {
  vehicle: Vehicle;
  driver: { id: string; name: string | null; phoneNumber: string | null };
  stops: PlanStopView[];
  updatedAt: number | null;
}
