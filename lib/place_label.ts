/**
 * What a place stands for in a ride: its point, and the label a
 * ride keeps for a pickup place. Apart from lib/place_names.ts so the
 * rider's first load (lib/ride_request.ts) takes only these two; the
 * server reaches them through lib/places.ts too.
 */
import type { Point } from "./geo.ts";
import type { Place } from "./places.ts";

/** A place's point. */
export function placePoint(place: Pick<Place, "lat" | "lng">): Point {
  return { lat: place.lat, lng: place.lng };
}

/** How a ride names a place it was asked from: "Greer Station (north entrance)", or the name alone. */
export function placeLabel(place: Pick<Place, "name" | "note">): string {
  return place.note ? `${place.name} (${place.note})` : place.name;
}
