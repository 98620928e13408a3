/**
 * What a tap on the rider's map does (spec section 5), as a pure function so
 * it is tested without a map: ignored while a ride is active; refused outside
 * the service area with the spec's alert; otherwise it sets the pickup while
 * the pickup picker is open, else the destination.
 */
import { insideArea, type Point } from "../../lib/geo.ts";
import type { ServiceArea } from "../../lib/schemas.ts";

export type MapClick =
  | { kind: "ignored" }
  | { kind: "outside" }
  | { kind: "pickup"; point: Point }
  | { kind: "destination"; point: Point };

export function mapClick(
  { point, area, rideActive, picking }: { point: Point; area: ServiceArea; rideActive: boolean; picking: boolean },
): MapClick {
  if (rideActive) return { kind: "ignored" };
  if (!insideArea(point, area)) return { kind: "outside" };
  const at = { lat: point.lat, lng: point.lng };
  return picking ? { kind: "pickup", point: at } : { kind: "destination", point: at };
}
