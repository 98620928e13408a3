/**
 * Geometry of the service area for the map: the circle as a GeoJSON polygon
 * (MapLibre draws polygons, not geodesic circles) and the bounds the map may
 * be panned within. Pure.
 */
import type { ServiceArea } from "../../lib/schemas.ts";

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** The point `meters` from the centre along `bearing` degrees (great circle). */
export function destinationPoint(
  from: { lat: number; lng: number },
  meters: number,
  bearing: number,
): [lng: number, lat: number] {
  const d = meters / EARTH_RADIUS_M;
  const b = rad(bearing);
  const lat1 = rad(from.lat);
  const lng1 = rad(from.lng);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = lng1 +
    Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [deg(lng2), deg(lat2)];
}

export interface AreaPolygon {
  type: "Feature";
  properties: Record<string, never>;
  geometry: { type: "Polygon"; coordinates: [number, number][][] };
}

/** The area's circle as a closed ring of `steps` points, [lng, lat] as GeoJSON wants. */
export function areaPolygon(area: ServiceArea, steps = 96): AreaPolygon {
  const ring: [number, number][] = [];
  for (let i = 0; i < steps; i++) ring.push(destinationPoint(area, area.radiusMeters, (360 * i) / steps));
  ring.push(ring[0]);
  return { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [ring] } };
}

/**
 * [west, south, east, north] of a square `factor` radii from the centre each
 * way: the map can be panned a little past the circle (to see where it ends)
 * but not lost.
 */
export function areaBounds(area: ServiceArea, factor = 3): [number, number, number, number] {
  const reach = area.radiusMeters * factor;
  const [, north] = destinationPoint(area, reach, 0);
  const [east] = destinationPoint(area, reach, 90);
  const [, south] = destinationPoint(area, reach, 180);
  const [west] = destinationPoint(area, reach, 270);
  return [west, south, east, north];
}
