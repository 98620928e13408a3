/**
 * The driver's "Navigate": directions in the phone's own maps app
 * to where the ride goes next: the pickup, or the dropoff once the rider is
 * aboard. Apple Maps on iPhone and iPad, Google Maps elsewhere (its web
 * address opens the app where installed), and a plain `geo:` link for any
 * other maps app.
 */
import type { Point } from "./geo.ts";
import type { Ride } from "./rides.ts";

export type MapsApp = "apple" | "google";

/** Apple's devices by their browser's user agent (iPadOS 13+ says "Macintosh" but has touch). */
export function mapsAppFor(userAgent: string, touchPoints = 0): MapsApp {
  if (/iPhone|iPad|iPod/.test(userAgent)) return "apple";
  if (/Macintosh/.test(userAgent) && touchPoints > 1) return "apple";
  return "google";
}

/** Where the driver heads next: a point, or the destination's words when the rider typed them and set no point. */
export type NavigationTarget = { point: Point } | { text: string };

export function navigationTarget(
  ride: Pick<Ride, "status" | "pickup" | "dropoff" | "destination">,
): NavigationTarget | null {
  if (ride.status !== "picked-up") return { point: ride.pickup };
  if (ride.dropoff) return { point: ride.dropoff };
  return ride.destination ? { text: ride.destination } : null;
}

const coordinates = (p: Point) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;
const where = (target: NavigationTarget) => "point" in target ? coordinates(target.point) : target.text;

/** Driving directions to `target` in `app`. */
export function directionsHref(target: NavigationTarget, app: MapsApp): string {
  const destination = encodeURIComponent(where(target));
  return app === "apple"
    ? `https://maps.apple.com/?daddr=${destination}&dirflg=d`
    : `https://www.google.com/maps/dir/?api=1&destination=${destination}&travelmode=driving`;
}

/** The same place for any maps app (RFC 5870). */
export function geoHref(target: NavigationTarget): string {
  if ("point" in target) return `geo:${coordinates(target.point)}?q=${coordinates(target.point)}`;
  return `geo:0,0?q=${encodeURIComponent(target.text)}`;
}
