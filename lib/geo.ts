/** Points and the service area (spec sections 5, 9). */
import type { ServiceArea } from "./schemas.ts";
import { type Said, said, type Translate } from "./i18n/format.ts";

export interface Point {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in meters (haversine). */
export function distanceMeters(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function isPoint(value: unknown): value is Point {
  if (typeof value !== "object" || value === null) return false;
  const { lat, lng } = value as Record<string, unknown>;
  return typeof lat === "number" && typeof lng === "number" && Number.isFinite(lat) && Number.isFinite(lng) &&
    Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

export function insideArea(point: Point, area: ServiceArea): boolean {
  return distanceMeters(point, area) <= area.radiusMeters;
}

const METERS_PER_MILE = 1609.344;

/**
 * The outside-area alert (spec section 5), naming the tenant's area. The spec's
 * text promises "within 1 mile" for a 0.5-mile radius (section 9 notes the two
 * readings); distances are stated in whole miles, rounded up, which reproduces
 * the spec's words for the demo tenant.
 */
const OUTSIDE_AREA_TEXT =
  "Sorry, that location is outside our service area. Please select a location within {distance} of {place}." as const;

/** The area's radius in whole miles, rounded up. */
const milesOf = (area: ServiceArea) => Math.max(1, Math.ceil(area.radiusMeters / METERS_PER_MILE - 1e-9));

export function outsideArea(area: ServiceArea): Said {
  return said(OUTSIDE_AREA_TEXT, { distance: said("{count} miles", { count: milesOf(area) }), place: area.label });
}

/** The outside-area alert in the language of `t` (the screens' own wording of `outsideArea`, without `say`). */
export function outsideAreaText(area: ServiceArea, t: Translate): string {
  return t(OUTSIDE_AREA_TEXT, { distance: t("{count} miles", { count: milesOf(area) }), place: area.label });
}
