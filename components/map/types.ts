/** What the screens hand the map: the area, the style, the pins and what a tap does. */
import type { Point } from "../../lib/geo.ts";
import type { Place } from "../../lib/places.ts";
import type { RideStatus } from "../../lib/rides.ts";
import type { ServiceArea } from "../../lib/schemas.ts";

/**
 * - pickup: the person pin (/person.png), tip on the point
 * - destination: the flag (/flag.png), pole foot on the point
 * - shuttle: an available driver (/shuttle.png); `self` marks the driver's own position
 * - ride: a ride's dot in its status colour (spec section 4, "Map marker colours")
 */
export type PinKind = "pickup" | "destination" | "shuttle" | "ride";

export interface MapPin {
  id: string;
  kind: PinKind;
  at: Point;
  /** For "ride" pins: the colour. */
  status?: RideStatus;
  /** For "shuttle" pins: the driver's own position. */
  self?: boolean;
  /** For "shuttle" pins: the rider's own driver: drawn apart, and glides to each new position. */
  mine?: boolean;
  /** The map keeps this pin in view (the rider's driver and their pickup), widening past the area if need be. */
  keep?: boolean;
  /** Says what the pin is, for people who cannot see it (title and alt text). */
  title: string;
  /** The WebGL map lets the pin be dragged; where it is dropped goes to `onPinMove` (admin places). */
  draggable?: boolean;
}

/** What a place chosen on the map is for: the destination ("Go here") or the pickup ("Pick up here"). */
export type PlaceUse = "destination" | "pickup";

export interface MapViewProps {
  area: ServiceArea;
  /** MAP_STYLE_URL; null for the built-in offline style. */
  styleUrl: string | null;
  pins: MapPin[];
  /** A tap on the map, at a point. */
  onPick?: (point: Point) => void;
  /** The pickup picker is open: the cursor says "choose a point". */
  picking?: boolean;
  /** A draggable pin was dropped at a point. */
  onPinMove?: (id: string, point: Point) => void;
  /** The vehicle's way through its remaining stops, in stop order, drawn as a line under the pins. */
  route?: readonly Point[];
  /** The tenant's places, drawn as small labelled pins. */
  places?: readonly Place[];
  /** A place chosen on the map, and what for. */
  onPlace?: (place: Place, use: PlaceUse) => void;
  /** The map region's accessible name. */
  label: string;
}

/** What the server hands a map screen: the tenant's service area and MAP_STYLE_URL (null: the built-in style). */
export interface MapSetup {
  area: ServiceArea;
  styleUrl: string | null;
}
