/**
 * The service area, a circle (lib/geo.ts `insideArea`), as the GeoJSON
 * polygon a trip planner reads: 64 corners around the centre. The corners
 * sit a little outside the circle (at radius / cos(π/64)), so each side
 * touches the circle from outside and the polygon holds all of the area:
 * what it adds is a sliver at each corner, about 0.12% of the radius deep.
 * The ring runs counter-clockwise and closes on its first corner (RFC 7946).
 */
import type { ServiceArea } from "../schemas.ts";

export const POLYGON_CORNERS = 64;
const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;
/** Six decimals of a degree: about 0.1 m, well inside the corners' margin. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** The point `meters` from `area`'s centre at `angle` (radians, counter-clockwise from east), on the sphere. */
function pointAt(area: ServiceArea, meters: number, angle: number): [number, number] {
  const bearing = Math.PI / 2 - angle;
  const d = meters / EARTH_RADIUS_M;
  const lat1 = rad(area.lat);
  const lng1 = rad(area.lng);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
  const lng2 = lng1 +
    Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [round(deg(lng2)), round(deg(lat2))];
}

/** The polygon's one ring, [lng, lat] pairs, the first repeated at the end. */
export function areaRing(area: ServiceArea): [number, number][] {
  const corner = area.radiusMeters / Math.cos(Math.PI / POLYGON_CORNERS);
  const ring = Array.from(
    { length: POLYGON_CORNERS },
    (_, i) => pointAt(area, corner, (2 * Math.PI * i) / POLYGON_CORNERS),
  );
  return [...ring, ring[0]];
}
