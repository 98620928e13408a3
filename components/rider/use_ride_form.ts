/**
 * The rider's request form (spec sections 5, 8): destination (typed, or a
 * map point shown as "MAP LOCATION"), passengers, and the pickup (the GPS
 * fix unless a point was set on the map with the picker).
 *
 * A map tap follows components/map/click.ts: ignored during a ride, refused
 * outside the area with the spec's text, shown in the page (`mapAlert`, a new
 * `n` each time so a repeated refusal is announced again), else it sets the
 * pickup (picker open) or the destination.
 *
 * A place, chosen from the suggestions, the pickup's list or the
 * map's place pins, sets the destination or the pickup to its point and
 * name; the request then names the place (lib/ride_request.ts). A map tap or
 * typing drops it again.
 */
import { type RefObject, useCallback, useState } from "react";
import { GEO_UNSUPPORTED_RIDER, useGeolocation } from "../../browser/geolocation.ts";
import { outsideAreaText, type Point } from "../../lib/geo.ts";
import type { Translate } from "../../lib/i18n/format.ts";
import { placeLabel, placePoint } from "../../lib/place_label.ts";
import type { Place } from "../../lib/places.ts";
import type { PlaceUse } from "../map/types.ts";
import { type DestinationChoice, placeDestination, typedDestination } from "../../lib/ride_request.ts";
import { MAP_LOCATION } from "../../lib/ride_texts.ts";
import type { Ride } from "../../lib/rides.ts";
import type { ServiceArea } from "../../lib/schemas.ts";
import { type MapClick, mapClick } from "../map/click.ts";
import { useT } from "../texts.tsx";

export const PICKING_HINT = "Tap the map where you want to be picked up.";

export interface MapAlert {
  text: string;
  n: number;
}

export function useRideForm(area: ServiceArea, rideNow: RefObject<Ride | null>) {
  const [target, setTarget] = useState<DestinationChoice>({ destination: "", dropoff: null });
  const [passengers, setPassengers] = useState(1);
  const [chosen, setChosen] = useState<Point | null>(null);
  const [pickupPlace, setPickupPlace] = useState<Place | null>(null);
  const [picking, setPicking] = useState(false);
  const [mapAlert, setMapAlert] = useState<MapAlert | null>(null);
  const t = useT();
  const gps = useGeolocation(GEO_UNSUPPORTED_RIDER, t);

  const pick = useCallback((point: Point): MapClick["kind"] => {
    const result = mapClick({ point, area, rideActive: rideNow.current !== null, picking });
    if (result.kind === "outside") {
      const text = outsideAreaText(area, t);
      setMapAlert((held) => ({ text, n: (held?.n ?? 0) + 1 }));
      return result.kind;
    }
    if (result.kind === "ignored") return result.kind;
    setMapAlert(null);
    if (result.kind === "pickup") {
      setChosen(result.point);
      setPickupPlace(null);
      setPicking(false);
    } else {
      setTarget({ destination: MAP_LOCATION, dropoff: result.point });
    }
    return result.kind;
  }, [area, picking, rideNow, t]);

  /** A place as the destination (a suggestion, "Go here") or the pickup (the picker's list, "Pick up here"). */
  const place = useCallback((place: Place, use: PlaceUse) => {
    if (use === "pickup") {
      setChosen(placePoint(place));
      setPickupPlace(place);
      setPicking(false);
    } else setTarget(placeDestination(place));
    setMapAlert(null);
  }, []);

  return {
    destination: target.destination,
    dropoff: target.dropoff,
    dropoffPlace: target.dropoffPlace ?? null,
    pickupPlace,
    passengers,
    setPassengers,
    pickup: chosen ?? gps.point,
    chosen: chosen !== null,
    picking,
    pickupText: pickupText(t, picking, pickupPlace, chosen, gps.point, gps.error),
    mapAlert,
    pick,
    type: (text: string) => setTarget(typedDestination(text, target.dropoff, target.dropoffPlace)),
    place,
    startPicking: () => setPicking(true),
    cancelPicking: () => setPicking(false),
    backToGps: () => {
      setChosen(null);
      setPickupPlace(null);
      setPicking(false);
      if (!gps.point) gps.retry();
    },
    /** After a request went through: a fresh form (the passengers stay). */
    reset: () => {
      setTarget({ destination: "", dropoff: null });
      setChosen(null);
      setPickupPlace(null);
      setPicking(false);
      setMapAlert(null);
    },
  };
}

export type RideForm = ReturnType<typeof useRideForm>;

function pickupText(
  t: Translate,
  picking: boolean,
  place: Place | null,
  chosen: Point | null,
  gps: Point | null,
  gpsError: string | null,
): string {
  if (picking) return t(PICKING_HINT);
  if (place) return placeLabel(place);
  if (chosen) return t("The point you set on the map");
  if (gps) return t("Your current location (GPS)");
  return gpsError ?? t("Finding your location...");
}
